import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * Every table of a ledger file as a digest of its rows (sorted, BLOBs in hex) and their count, for
 * tests that compare two ledgers table by table: equal dumps are the same ledger.
 */
export function tableDump(db: Database.Database): Record<string, string> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];
  const out: Record<string, string> = {};
  for (const t of tables) {
    const rows = db.prepare(`SELECT * FROM "${t}"`).raw().safeIntegers(true).all() as unknown[][];
    const lines = rows.map((r) => r.map((v) => (Buffer.isBuffer(v) ? v.toString('hex') : String(v))).join('|')).sort();
    out[t] = `${createHash('sha256').update(lines.join('\n')).digest('hex')} (${rows.length} rows)`;
  }
  return out;
}
