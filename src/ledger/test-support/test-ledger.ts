import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateLedger } from '../generate';
import { SCHEMA_VERSION } from '../../store/sqlite/sqlite-schema';

let sourceKey: string | null = null;
/**
 * What the ledger a seed makes depends on: the producer's code (traffic, contracts, delivery,
 * records) and the store's, as a short hash of their source files. A cached ledger is named by it,
 * so a change to either builds a new one rather than reusing a ledger the code no longer makes.
 */
export function ledgerSourceKey(): string {
  if (sourceKey) return sourceKey;
  const hash = createHash('sha256');
  const src = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.includes('.test.')) hash.update(entry.name).update(readFileSync(path));
    }
  };
  for (const part of ['ledger', 'store', 'ton', 'tvm']) if (existsSync(join(src, part))) walk(join(src, part));
  return (sourceKey = hash.digest('hex').slice(0, 10));
}

/**
 * A generated ledger for tests, built once per (seed, size, source) and reused by every test file and run
 * (generation is deterministic, so a cached file is exactly what a fresh run would build). It is
 * written to a temporary name and renamed when complete, so an interrupted build is never reused.
 */
export async function testLedgerPath(seed = 11, txs = 700): Promise<string> {
  const dir = join(process.cwd(), 'data', 'test');
  mkdirSync(dir, { recursive: true });
  // named by schema version (tests open it read-only, which an older version would refuse) and by
  // the code that makes it
  const path = join(dir, `ledger-${seed}-${txs}-v${SCHEMA_VERSION}-${ledgerSourceKey()}.db`);
  if (existsSync(path)) return path;
  const tmp = `${path}.${process.pid}.building`;
  rmSync(tmp, { force: true });
  await generateLedger({ dbPath: tmp, seed, txs });
  for (const suffix of ['-wal', '-shm']) rmSync(tmp + suffix, { force: true });
  if (!existsSync(path)) renameSync(tmp, path);
  else rmSync(tmp, { force: true });
  return path;
}
