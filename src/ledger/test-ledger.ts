import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateLedger } from './generate';
import { SCHEMA_VERSION } from '../store/schema';

/**
 * A generated ledger for tests, built once per (seed, size) and reused by every test file and run
 * (generation is deterministic, so a cached file is exactly what a fresh run would build). It is
 * written to a temporary name and renamed when complete, so an interrupted build is never reused.
 */
export async function testLedgerPath(seed = 11, txs = 700): Promise<string> {
  const dir = join(process.cwd(), 'data', 'test');
  mkdirSync(dir, { recursive: true });
  // named by schema version: tests open it read-only, which an older version would refuse
  const path = join(dir, `ledger-${seed}-${txs}-v${SCHEMA_VERSION}.db`);
  if (existsSync(path)) return path;
  const tmp = `${path}.${process.pid}.building`;
  rmSync(tmp, { force: true });
  await generateLedger({ dbPath: tmp, seed, txs });
  for (const suffix of ['-wal', '-shm']) rmSync(tmp + suffix, { force: true });
  if (!existsSync(path)) renameSync(tmp, path);
  else rmSync(tmp, { force: true });
  return path;
}
