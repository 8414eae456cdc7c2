// The FunC compiler (WASM) takes ~3 s of a process's start: most of a restarted producer's time to
// its first live block. Its output depends only on the compiler's version, the sources and the
// targets, so it is kept on disk under that key, where build tools keep their caches
// (node_modules/.cache). The cache is only ever a shortcut: a missing, unreadable or malformed entry
// means compiling again, and a failure to write one is ignored.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** node_modules/.cache/ledgerscope of the project this module belongs to. */
export const DEFAULT_CACHE_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'node_modules',
  '.cache',
  'ledgerscope',
);

function compilerVersion(): string {
  return (require('@ton-community/func-js/package.json') as { version: string }).version;
}

/** Names an output: the compiler's version, every source file and every target, in a fixed order. */
export function compileKey(sources: Record<string, string>, targets: Record<string, string>): string {
  const h = createHash('sha256').update(`func-js ${compilerVersion()}\n`);
  for (const name of Object.keys(sources).sort()) h.update(`${name}\n${sources[name]!.length}\n${sources[name]}\n`);
  h.update(JSON.stringify(Object.entries(targets).sort(([a], [b]) => a.localeCompare(b))));
  return h.digest('hex');
}

/** The cached output for `key` when there is one holding every target, else null. */
export function readCompiled<T extends Record<string, string>>(
  key: string,
  targets: Record<keyof T, string>,
  dir = DEFAULT_CACHE_DIR,
): T | null {
  try {
    const entry = JSON.parse(readFileSync(join(dir, `contracts-${key}.json`), 'utf8')) as Record<string, unknown>;
    for (const name of Object.keys(targets)) if (typeof entry[name] !== 'string') return null;
    return entry as T;
  } catch {
    return null;
  }
}

/** Keeps an output for the next process; written whole or not at all (processes may race). */
export function writeCompiled(key: string, code: Record<string, string>, dir = DEFAULT_CACHE_DIR): void {
  try {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `contracts-${key}.json`);
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(code));
    renameSync(tmp, path);
  } catch {
    // a read-only install compiles in every process: slower, never wrong
  }
}
