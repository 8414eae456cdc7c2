import pg from 'pg';
import { generateInto } from '../../../ledger/generate';
import type { Producer } from '../../../ledger/producer/producer';
import { openPgStore, type PgLedgerStore } from '../open-pg-store';
import { startPgCluster, type PgCluster } from './pg-cluster';

/**
 * A small generated ledger in a PostgreSQL server of its own whose producer keeps running, so a
 * test makes the next masterchain blocks when it wants them (`slot`): the PostgreSQL twin of
 * `startLiveLedger` (src/server/test-support/live-stream.ts).
 */
export interface PgLiveLedger {
  url: string;
  cluster: PgCluster;
  store: PgLedgerStore;
  producer: Producer;
  /** Direct SQL on the ledger, to choose what to ask. */
  query<R extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<R[]>;
  /** Produces and writes one live masterchain block. */
  slot(): Promise<void>;
  close(): Promise<void>;
}

export async function startPgLiveLedger(seed: number, txs: number): Promise<PgLiveLedger> {
  const cluster = await startPgCluster();
  try {
    const url = cluster.createDatabase('ledger');
    const store = await openPgStore(url);
    const producer = (await generateInto(store, { seed, txs, keepRunning: true })).producer!;
    const direct = new pg.Pool({ connectionString: url, max: 1 });
    return {
      url,
      cluster,
      store,
      producer,
      query: async (sql, values) => (await direct.query(sql, values)).rows,
      slot: async () => {
        await producer.slot(true);
      },
      async close() {
        await producer.close();
        await direct.end();
        await store.close();
        cluster.destroy();
      },
    };
  } catch (error) {
    cluster.destroy();
    throw error;
  }
}
