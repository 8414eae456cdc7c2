import type Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateLedger } from '../src/ledger/generate';
import { SCHEMA_VERSION } from '../src/store/sqlite/sqlite-schema';
import { POSITION_FORMAT } from '../src/ledger/producer/position';

/** The default ledger (seed 42, 3000 transactions, as `npm start` makes it), built once for benchmarks. */
export async function benchLedgerPath(seed = 42, txs = 3000): Promise<string> {
  const dir = join(process.cwd(), 'data', 'bench');
  mkdirSync(dir, { recursive: true });
  // Named by schema version and by the producer's position format. A ledger of an older schema would
  // be migrated, not rebuilt; one of another position format was made by a producer that delivered
  // messages otherwise (a different ledger), and the producer of today refuses to resume it.
  const path = join(dir, `ledger-${seed}-${txs}-v${SCHEMA_VERSION}-p${POSITION_FORMAT}.db`);
  if (existsSync(path)) return path;
  const tmp = `${path}.building`;
  rmSync(tmp, { force: true });
  await generateLedger({ dbPath: tmp, seed, txs });
  renameSync(tmp, path);
  return path;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** An internal message's hash (hex), the 500th received: a point lookup's subject in the middle of the ledger. */
export function sampleInternalMessageHash(sql: Database.Database): string {
  return (
    sql
      .prepare("SELECT msg_hash FROM messages WHERE direction = 'in' AND source IS NOT NULL LIMIT 1 OFFSET 500")
      .pluck()
      .get() as Buffer
  ).toString('hex');
}
