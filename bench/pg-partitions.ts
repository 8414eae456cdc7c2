// What partitioning costs the lookups that carry no masterchain seqno: `npm run bench -- pg-partitions`.
// The same synthetic ledger (bench/store.ts's generator) is written into two PostgreSQL databases,
// one whole (one partition) and one cut into many small partitions; the median latency of a lookup
// by transaction hash (the whole record: transaction, messages, states, bodies), by message hash
// and of the latest-traces list are compared. Prints one JSON line.
import { loadavg } from 'node:os';
import { syntheticBatches } from '../src/store/test-support/synthetic-ledger';
import { openPgStore, type PgLedgerStore } from '../src/store/postgres/open-pg-store';
import { startPgCluster } from '../src/store/postgres/test-support/pg-cluster';
import type { TransactionRecord } from '../src/store/records';
import { median } from './bench-ledger';
import { transactionByHash } from '../src/store/test-support/reader-compositions';

const BATCHES = Number(process.env.BENCH_BATCHES ?? 400);
const TX_PER_BATCH = 25;
const MANY = 4; // masterchain blocks per partition in the partitioned database: BATCHES / 4 partitions

const cluster = await startPgCluster({ settings: { shared_buffers: "'256MB'" } });
const txs: TransactionRecord[] = [];

async function fill(name: string, span: number): Promise<PgLedgerStore> {
  const store = await openPgStore(cluster.createDatabase(name), { partitionSpan: span });
  const collect = txs.length === 0;
  for (const b of syntheticBatches({ batches: BATCHES, txPerBatch: TX_PER_BATCH, accounts: 200 })) {
    await store.writer!.writeBatch(b);
    if (collect) txs.push(...b.transactions);
  }
  await store.pool.query('VACUUM ANALYZE');
  return store;
}

async function timeEach(n: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 50; i++) await fn(i);
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await fn(i * 7919);
    t.push(performance.now() - s);
  }
  return Number(median(t).toFixed(3));
}

async function measure(store: PgLedgerStore) {
  const pick = (i: number) => txs[i % txs.length]!;
  return {
    transaction_by_hash_ms: await timeEach(500, (i) => transactionByHash(store.reader, pick(i).hash)),
    by_message_hash_ms: await timeEach(500, (i) =>
      store.reader.findTransactionHashesByMessage(
        { msgHash: pick(i).inMsg!.hash },
        { limit: 10, offset: 0, sort: 'desc' },
      ),
    ),
    latest_traces_ms: await timeEach(300, () => store.reader.findTraces({}, { limit: 10, offset: 0, sort: 'desc' })),
    block_walk_ms: await timeEach(300, (i) => store.reader.getBlockTransactionHashes(pick(i).block, null, 40)),
  };
}

const load0 = loadavg()[0]!;
const whole = await fill('whole', 1_000_000);
const parted = await fill('parted', MANY);
const partitions = Number(
  cluster.psql(
    "SELECT count(*) FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'transactions'",
    'parted',
  ),
);
const one = await measure(whole);
const many = await measure(parted);
await whole.close();
await parted.close();
cluster.destroy();
const ratio = Object.fromEntries(
  Object.keys(one).map((k) => [k, Number((many[k as keyof typeof many] / one[k as keyof typeof one]).toFixed(2))]),
);
console.log(
  JSON.stringify({
    bench: 'pg-partitions',
    transactions: txs.length,
    load_avg_1m: Number(load0.toFixed(2)),
    partitions: { one: 1, many: partitions },
    one,
    many,
    ratio_many_over_one: ratio,
  }),
);
process.exit(0);
