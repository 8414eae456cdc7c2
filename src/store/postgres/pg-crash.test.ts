import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killMidBatch } from '../test-support/kill-mid-batch';
import { syntheticBatches } from '../test-support/synthetic-ledger';
import { openPgStore } from './open-pg-store';
import { startPgCluster, type PgCluster } from './test-support/pg-cluster';

// A producer killed (SIGKILL) in the middle of writing a batch into PostgreSQL: the batch's open
// transaction dies with its connection, and the ledger is exactly the batches committed before.

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
});
afterAll(() => cluster?.destroy());

describe('the PostgreSQL store survives a writer killed mid-batch', () => {
  it('holds the committed batches only, nothing half-written, and takes new batches', async () => {
    const url = cluster.createDatabase('crash');
    const { midBatch, committedTxs } = await killMidBatch(join(__dirname, 'test-support', 'pg-crash-writer.ts'), [
      url,
      '6',
    ]);
    expect(midBatch).toBe(true);
    expect(committedTxs).toBeGreaterThan(0);
    // the server notices the dead connection and rolls its transaction back
    for (
      let i = 0;
      i < 100 &&
      cluster.psql(
        "SELECT count(*) FROM pg_stat_activity WHERE state LIKE 'idle in transaction%' OR (state = 'active' AND query LIKE 'INSERT%')",
        'crash',
      ) !== '0';
      i++
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const n = (sql: string) => Number(cluster.psql(sql, 'crash'));
    expect(n('SELECT count(*) FROM transactions')).toBe(committedTxs);
    expect(
      n(
        'SELECT count(*) FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM blocks b WHERE b.workchain = t.workchain AND b.shard = t.shard AND b.seqno = t.block_seqno)',
      ),
    ).toBe(0);
    // one masterchain block per committed batch (slot), seqnos 0..5; the killed seventh left none
    expect(n('SELECT count(*) FROM blocks WHERE workchain = -1')).toBe(6);
    expect(n('SELECT max(seqno) FROM blocks WHERE workchain = -1')).toBe(5);
    expect(
      n(
        'SELECT count(*) FROM traces tr WHERE tr.transactions > (SELECT count(*) FROM transactions t WHERE t.trace_id = tr.trace_id)',
      ),
    ).toBe(0);
    expect(
      n('SELECT count(*) FROM messages m WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.hash = m.tx_hash)'),
    ).toBe(0);
    // nothing holds a lock: a writer opened now commits at once
    const store = await openPgStore(url);
    const [next] = [...syntheticBatches({ batches: 1, txPerBatch: 5, seed: 99 })];
    await store.writer!.writeBatch({ ...next!, blocks: [] });
    expect(n('SELECT count(*) FROM transactions')).toBe(committedTxs + next!.transactions.length);
    await store.close();
  }, 180_000);
});
