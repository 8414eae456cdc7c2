import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPgStore, type PgLedgerStore } from '../postgres/open-pg-store';
import { startPgCluster } from '../postgres/test-support/pg-cluster';
import type { LedgerBatch } from '../records';
import { openSqliteStore, type SqliteLedgerStore } from '../sqlite/open-sqlite-store';

export interface BothEngines {
  pg: PgLedgerStore;
  lite: SqliteLedgerStore;
  close(): Promise<void>;
}

/**
 * The same batches written into a fresh SQLite file and a fresh PostgreSQL database (a cluster of
 * its own, partitions of 4 masterchain seqnos, so lists cross partition boundaries); each batch is
 * also pushed onto `written` as it goes.
 */
export async function writeBothEngines(
  name: string,
  batches: Iterable<LedgerBatch>,
  written: LedgerBatch[] = [],
): Promise<BothEngines> {
  const cluster = await startPgCluster();
  const pg = await openPgStore(cluster.createDatabase(name), { partitionSpan: 4 });
  const lite = openSqliteStore(join(mkdtempSync(join(tmpdir(), `ledgerscope-${name}-`)), 'ledger.db'));
  for (const batch of batches) {
    written.push(batch);
    await lite.writer!.writeBatch(batch);
    await pg.writer!.writeBatch(batch);
  }
  return {
    pg,
    lite,
    async close() {
      await pg.close();
      lite.close();
      cluster.destroy();
    },
  };
}
