import Database from 'better-sqlite3';
import type { CommitCounter } from '../interface';

/**
 * SQLite's `PRAGMA data_version` on a read-only connection of its own: the value changes whenever
 * any other connection (the producer, in this process or another) commits, and costs a read of the
 * WAL index in shared memory, no I/O. Two equal values read at two moments mean that nothing was
 * committed between them, so the ledger was the same at both.
 *
 * The connection is opened at the first look, not when the counter is made, and a look whose open
 * (or read) fails answers a mark never answered before, so that whoever compares it reads the ledger
 * itself; the next look tries again. A service starts by making its counter: a read-only open that
 * fails once (it did, right after a first start's history: "unable to open database file") must not
 * stop the service, which then answers from the ledger, uncached, until the counter can be read.
 */
export function sqliteCommitCounter(path: string): CommitCounter {
  let db: Database.Database | null = null;
  let version: Database.Statement | null = null;
  let unread = 0;
  let closed = false;
  const drop = () => {
    if (db?.open) db.close();
    db = null;
    version = null;
  };
  return {
    current: () => {
      if (closed) return `closed:${++unread}`;
      try {
        if (!version) {
          db = new Database(path, { readonly: true, fileMustExist: true });
          version = db.prepare('PRAGMA data_version').pluck();
        }
        return version.get() as number;
      } catch {
        drop();
        // distinct from every data_version (a number) and from every other unread look
        return `unread:${++unread}`;
      }
    },
    close: () => {
      closed = true;
      drop();
    },
  };
}
