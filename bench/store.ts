// The store alone: `npm run bench -- store`. Writes synthetic batches (src/store/test-support/synthetic-ledger,
// producer-shaped records with real cells) into a fresh file, timing writeBatch only (building the
// records is not counted), then times each reader method on the result. Prints one JSON line:
// µs per written transaction, store bytes per transaction, and the median latency of each query.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openSqliteStore } from '../src/store/sqlite/open-sqlite-store';
import { FULL_SHARD, syntheticBatches } from '../src/store/test-support/synthetic-ledger';
import type { LedgerBatch } from '../src/store/records';
import { median } from './bench-ledger';
import { transactionByHash, transactionsByMessage } from '../src/store/test-support/reader-compositions';

const BATCHES = Number(process.env.STORE_BENCH_BATCHES ?? 400);
const TX_PER_BATCH = Number(process.env.STORE_BENCH_TX ?? 50);

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-store-bench-'));
const path = join(dir, 'ledger.db');
const store = openSqliteStore(path);
const writer = store.writer!;

let txs = 0;
let writeMs = 0;
const perBatchUs: number[] = [];
const sample: LedgerBatch[] = [];
for (const batch of syntheticBatches({ batches: BATCHES, txPerBatch: TX_PER_BATCH, accounts: 500 })) {
  const t0 = performance.now();
  await writer.writeBatch(batch);
  const dt = performance.now() - t0;
  writeMs += dt;
  txs += batch.transactions.length;
  perBatchUs.push((dt * 1000) / batch.transactions.length);
  if (sample.length < 3 && batch.blocks[0]!.seqno % 97 === 5) sample.push(batch);
}
store.db.pragma('wal_checkpoint(TRUNCATE)');
const bytes = statSync(path).size;

const reader = store.reader;
const page = { limit: 10, offset: 0, sort: 'desc' as const };
const some = sample[0]!;
const tx = some.transactions[7]!;
const midMc = Math.floor(BATCHES / 2);
const timed = (fn: () => unknown, n = 200): number => {
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn();
    xs.push(performance.now() - t0);
  }
  return Number((median(xs) * 1000).toFixed(1));
};
const queryUs = {
  getTransaction: timed(() => transactionByHash(reader, tx.hash)),
  getBlockTransactions_40: timed(() =>
    reader.getBlockTransactions({ workchain: 0, shard: FULL_SHARD, seqno: midMc + 1 }, null, 40),
  ),
  getBlockTransactionHashes_40: timed(() =>
    reader.getBlockTransactionHashes({ workchain: 0, shard: FULL_SHARD, seqno: midMc + 1 }, null, 40),
  ),
  getMasterchainBlocks: timed(() => reader.getMasterchainBlocks(midMc)),
  getTransactionsByMcSeqno_10: timed(() => reader.getTransactionsByMcSeqno(midMc, page)),
  findTraces_latest_10: timed(() => reader.findTraces({}, page)),
  findTraces_latest_10_offset_5000: timed(() => reader.findTraces({}, { ...page, offset: 5000 })),
  findTraces_account_10: timed(() => reader.findTraces({ accounts: [tx.account] }, page)),
  findTraces_utime_10: timed(() => reader.findTraces({ startUtime: some.transactions[0]!.now }, page)),
  findTraces_mc_seqno: timed(() => reader.findTraces({ mcSeqno: midMc }, page)),
  findTraces_tx_hash: timed(() => reader.findTraces({ txHashes: [tx.hash] }, page)),
  findTraces_msg_hash: timed(() => reader.findTraces({ msgHashes: [tx.inMsg!.hash] }, page)),
  getTraceTransactions: timed(() => reader.getTraceTransactions(tx.traceId, 1000)),
  getActions: timed(() => reader.getActions([tx.traceId])),
  findTransactionsByMessage_msg_hash: timed(() => transactionsByMessage(reader, { msgHash: tx.inMsg!.hash }, page)),
  findTransactionsByMessage_opcode_10: timed(() =>
    transactionsByMessage(reader, { opcode: 0x0f8a7ea5, direction: 'in' }, page),
  ),
  findTransactionsByMessage_body_hash: timed(() =>
    transactionsByMessage(reader, { bodyHash: tx.inMsg!.body.hash }, page),
  ),
  getAccountInfos_10: timed(() => reader.getAccountInfos(some.transactions.slice(0, 10).map((t) => t.account))),
  latestMasterchainSeqno: timed(() => reader.latestMasterchainSeqno()),
};
store.close();
rmSync(dir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    bench: 'store',
    batches: BATCHES,
    transactions: txs,
    write_us_per_tx: Number(((writeMs * 1000) / txs).toFixed(1)),
    write_us_per_tx_median_batch: Number(median(perBatchUs).toFixed(1)),
    write_tx_per_s: Math.round(txs / (writeMs / 1000)),
    store_bytes_per_tx: Math.round(bytes / txs),
    query_median_us: queryUs,
  }),
);
