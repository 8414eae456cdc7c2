import type { CommitWitness } from '../interface';
import { pool } from './open-pg-store';

/** A witness read that takes longer is given up (null): the request goes on as a miss. */
const WITNESS_TIMEOUT_MS = 1000;

/**
 * PostgreSQL's witness of commits: the text of a fresh snapshot, `pg_current_snapshot()` (the
 * oldest transaction still running, the next transaction id, the ones in progress between). Two
 * equal texts see the same transactions: any commit between two reads changes it (a transaction
 * in progress at the first leaves the list; one begun after it raised the next id). Other changes
 * (a transaction id taken by a write not yet committed, in any database of the server) change it
 * too: a needless miss, never a stale answer. On a hot standby it is the snapshot of the WAL
 * replayed, as the standby's readers see it. The reads are those of one server: behind a balancer
 * of several replicas, turn the answer cache off (`API_ANSWER_CACHE_MB=0`).
 *
 * A read is a round trip on a connection of its own, shared by every caller that came before it
 * began: a caller that arrives while one is under way waits for the next, so its mark is always
 * read after it asked. The moment a caller asked is then a moment the mark's snapshot is no older
 * than: what the answer cache's staleness window (`API_ANSWER_STALENESS_MS`) is measured from.
 */
export function pgCommitWitness(location: string): CommitWitness {
  const db = pool(location, 1, true, WITNESS_TIMEOUT_MS);
  let running: Promise<string | null> | null = null;
  let next: Promise<string | null> | null = null;
  const query = (): Promise<string | null> =>
    db.query<{ s: string }>('SELECT pg_current_snapshot()::text AS s').then(
      (r) => r.rows[0]?.s ?? null,
      () => null,
    );
  const read = (): Promise<string | null> => {
    if (running === null) {
      const started = query();
      running = started;
      void started.then(() => {
        running = null;
      });
      return started;
    }
    // the read under way began before this caller came: it waits for the one after it
    next ??= running.then(() => {
      next = null;
      return read();
    });
    return next;
  };
  return {
    read: () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(resolve, WITNESS_TIMEOUT_MS, null);
      });
      return Promise.race([read(), late]).finally(() => clearTimeout(timer));
    },
    close: () => db.end().catch(() => undefined),
  };
}
