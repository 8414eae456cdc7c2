import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileKey, DEFAULT_CACHE_DIR, readCompiled, writeCompiled } from './compile-cache';
import { compiledContractBocs } from './compile';

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-compile-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const targets = { a: 'a.fc', b: 'b.fc' };
const sources = { 'a.fc': '() main() { }', 'b.fc': '() recv_internal() { }' };

describe('compile cache', () => {
  it('names an output by every source and target: any change of either is another entry', () => {
    const key = compileKey(sources, targets);
    expect(compileKey({ 'b.fc': sources['b.fc'], 'a.fc': sources['a.fc'] }, targets)).toBe(key);
    expect(compileKey({ ...sources, 'a.fc': '() main() { ;; }' }, targets)).not.toBe(key);
    expect(compileKey({ ...sources, 'c.fc': '' }, targets)).not.toBe(key);
    expect(compileKey(sources, { a: 'a.fc', b: 'a.fc' })).not.toBe(key);
  });

  it('gives back what was written, and nothing for an entry that is missing, malformed or short of a target', () => {
    const key = compileKey(sources, targets);
    expect(readCompiled(key, targets, dir)).toBeNull();
    writeCompiled(key, { a: 'te6ccgEBAQEAAgAAAA==', b: 'te6ccgEBAQEAAwAAAQ==' }, dir);
    expect(readCompiled(key, targets, dir)).toEqual({ a: 'te6ccgEBAQEAAgAAAA==', b: 'te6ccgEBAQEAAwAAAQ==' });
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    writeFileSync(join(dir, `contracts-${key}.json`), '{"a": "te6cc');
    expect(readCompiled(key, targets, dir)).toBeNull();
    writeFileSync(join(dir, `contracts-${key}.json`), JSON.stringify({ a: 'te6ccgEBAQEAAgAAAA==' }));
    expect(readCompiled(key, targets, dir)).toBeNull();
  });

  it('a write that cannot happen is no error (a read-only install compiles every time)', () => {
    const file = join(dir, 'not-a-dir');
    writeFileSync(file, '');
    expect(() => writeCompiled('k', { a: 'x' }, join(file, 'sub'))).not.toThrow();
  });

  it("keeps the compiler's output for the real contracts, which the next process reads instead of compiling", async () => {
    const code = await compiledContractBocs();
    const entries = readdirSync(DEFAULT_CACHE_DIR).filter((f) => f.startsWith('contracts-') && f.endsWith('.json'));
    const stored = entries.map((f) => JSON.parse(readFileSync(join(DEFAULT_CACHE_DIR, f), 'utf8')) as unknown);
    expect(stored).toContainEqual(code);
  });
});
