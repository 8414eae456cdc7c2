import type { Pool, PoolClient, QueryResult } from 'pg';
import type { LedgerReader, LedgerSnapshots } from '../interface';
import { LATEST_MC_SQL, PgLedgerReader, latestFromRows } from './pg-reader';

// One reader per pooled connection, reused by every snapshot on it: what the service caches per
// reader (the address book) lives as long as the connection.
const snapshotReaders = new WeakMap<PoolClient, PgLedgerReader>();

/**
 * `readSnapshot` over a pool (the primary's, or a replica's): one REPEATABLE READ, READ ONLY
 * transaction per call, on a connection of its own. Every read of `fn` sees the snapshot taken at
 * its first query; a hot standby serves these too, as of the WAL it has replayed.
 */
export function pgReadSnapshot(reads: Pool): LedgerSnapshots['readSnapshot'] {
  return async function readSnapshot<T>(fn: (reader: LedgerReader) => Promise<T>): Promise<T> {
    const client = await reads.connect();
    let reader = snapshotReaders.get(client);
    if (!reader) snapshotReaders.set(client, (reader = new PgLedgerReader(client)));
    try {
      // one round trip begins the transaction and takes its snapshot with the first read every
      // request makes (the newest masterchain seqno, for X-Ledger-Seqno)
      const begun = (await client.query(
        `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; ${LATEST_MC_SQL}`,
      )) as unknown as QueryResult[];
      reader.snapshotBegun(latestFromRows(begun[1]!.rows));
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      throw error;
    }
    let result: T;
    try {
      result = await fn(reader);
    } catch (error) {
      reader.snapshotEnded();
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      throw error;
    }
    reader.snapshotEnded();
    // nothing waits for the end of a read-only transaction: the connection goes back to the pool
    // at once and runs the COMMIT before whatever its next user sends (the client queues them);
    // a connection lost meanwhile fails that next query, as it would have anyway
    client.query('COMMIT').catch(() => undefined);
    client.release();
    return result;
  };
}
