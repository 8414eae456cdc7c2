import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real CLI, in a child process, as `npm run ledger` runs it.
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ledger.ts', ...args], { encoding: 'utf8', timeout: 240_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('npm run ledger', () => {
  it('builds a ledger file of at least --txs transactions, printing plain progress lines off a TTY', () => {
    const db = join(dir, 'a.db');
    const r = cli('--db', db, '--seed', '3', '--txs', '80');
    expect(r.stderr).toMatch(/generating: \d+\/80 transactions · \d+ tx\/s · ETA \d+ s/);
    expect(r.stdout).toMatch(new RegExp(`${db.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+ transactions, \\d+ traces, masterchain seqno \\d+, [\\d.]+ s \\(\\d+ tx/s\\), peak memory \\d+ MB`));
    expect(r.status).toBe(0);
    const d = new Database(db, { readonly: true });
    const n = d.prepare('SELECT count(*) FROM transactions').pluck().get() as number;
    d.close();
    expect(n).toBeGreaterThanOrEqual(80);
    expect(r.stdout).toContain(`: ${n} transactions`);
    // an existing ledger is never overwritten
    const again = cli('--db', db, '--txs', '80');
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('already holds a ledger');
  }, 240_000);

  it.each([
    [[], '--db FILE is required'],
    [['--db', 'x.db', '--txs', '0'], '--txs must be a positive integer, got "0"'],
    [['--db', 'x.db', '--seed', 'abc'], '--seed must be a non-negative integer, got "abc"'],
    [['--db', 'x.db', '--frobnicate'], "Unknown option '--frobnicate'"],
  ])('refuses %j with a message and the usage, exit 2', (args, message) => {
    const r = cli(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('usage: npm run ledger');
  }, 60_000);
});
