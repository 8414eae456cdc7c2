import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLedger } from '../../../ledger/generate';
import { ledgerSourceKey } from '../../../ledger/test-support/test-ledger';
import { PG_SCHEMA_VERSION } from '../pg-schema';
import { startPgCluster, startPgClusterCopy, type PgCluster } from './pg-cluster';

export const TEST_LEDGER_DB = 'ledger';
/** Small partitions, so that the test ledger spans several of them (the producer makes ~50 masterchain blocks). */
export const TEST_PARTITION_SPAN = 16;

/**
 * A running PostgreSQL server holding the generated test ledger of `seed` (the same ledger as the
 * SQLite file of test-ledger.ts: generation is deterministic). The cluster is generated once per
 * (seed, size, schema version), stopped, and kept under the system's temporary folder; every caller gets a server of
 * its own on a copy, so tests may write to it.
 */
export async function startPgTestLedger(seed = 11, txs = 700): Promise<{ cluster: PgCluster; url: string }> {
  // Under the system's temporary folder, not the checkout's data/: the server runs as its own user,
  // which must reach the cluster's folder, and a checkout may sit in a folder only its owner can
  // enter (CI clones into a private temporary folder). One cache per checkout.
  const checkout = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12);
  const parent = join(tmpdir(), 'ledgerscope-pg-test');
  mkdirSync(parent, { recursive: true, mode: 0o755 });
  const cache = join(parent, `pg-ledger-${seed}-${txs}-v${PG_SCHEMA_VERSION}-${checkout}-${ledgerSourceKey()}`);
  if (!existsSync(cache)) {
    const building = `${cache}.${process.pid}.building`;
    rmSync(building, { recursive: true, force: true });
    const c = await startPgCluster({ root: building });
    try {
      await generateLedger({ dbPath: c.createDatabase(TEST_LEDGER_DB), seed, txs, partitionSpan: TEST_PARTITION_SPAN });
      c.psql('VACUUM ANALYZE', TEST_LEDGER_DB);
    } finally {
      c.stop();
    }
    if (!existsSync(cache)) renameSync(building, cache);
    else rmSync(building, { recursive: true, force: true });
  }
  const cluster = await startPgClusterCopy(cache);
  return { cluster, url: cluster.url(TEST_LEDGER_DB) };
}
