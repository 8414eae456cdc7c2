import Database from 'better-sqlite3';
import type { CommitCounter } from '../interface';

/**
 * SQLite's `PRAGMA data_version` on a read-only connection of its own: the value changes whenever
 * any other connection (the producer, in this process or another) commits, and costs a read of the
 * WAL index in shared memory, no I/O. Two equal values read at two moments mean that nothing was
 * committed between them, so the ledger was the same at both.
 */
export function sqliteCommitCounter(path: string): CommitCounter {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  const version = db.prepare('PRAGMA data_version').pluck();
  return {
    current: () => version.get() as number,
    close: () => db.close(),
  };
}
