import type Database from 'better-sqlite3';
import type { LedgerReader } from '../interface';

/**
 * `readSnapshot` on one SQLite connection: a read transaction (`BEGIN` … `COMMIT`) around the
 * caller's reads. SQLite takes the snapshot at the transaction's first read, and in WAL mode it
 * holds it while the writer commits beside it. A connection has one transaction at a time, so
 * calls are chained: each starts when the previous one has committed.
 */
export function sqliteReadSnapshot(
  db: Database.Database,
  reader: LedgerReader,
): <T>(fn: (reader: LedgerReader) => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  const run = async <T>(fn: (reader: LedgerReader) => Promise<T>): Promise<T> => {
    db.exec('BEGIN');
    try {
      return await fn(reader);
    } finally {
      if (db.open && db.inTransaction) db.exec('COMMIT');
    }
  };
  return <T>(fn: (reader: LedgerReader) => Promise<T>): Promise<T> => {
    const result = tail.then(() => run(fn));
    tail = result.catch(() => undefined);
    return result;
  };
}
