// Classifier cost inside the producer: `npx tsx bench/classify.ts`. Runs the traffic mix for a
// fixed number of transactions and times the classifier's share. Prints one JSON line.
import type { TraceClassifier } from '../src/ledger/network/ledger-assembler';
import { LedgerNetwork } from '../src/ledger/test-support/ledger-network';
import { Traffic } from '../src/ledger/traffic/traffic';
import { createTraceClassifier } from '../src/ledger/classify/trace-classifier';

const TXS = Number(process.env.BENCH_TXS ?? 3000);
const inner = await createTraceClassifier();
let classifyMs = 0;
let traces = 0;
let actions = 0;
const timed: TraceClassifier = {
  describe: inner.describe,
  // the token readings were part of classify until each transaction's was read on its own
  tokenOf(tx) {
    const t0 = performance.now();
    const token = inner.tokenOf(tx);
    classifyMs += performance.now() - t0;
    return token;
  },
  classify(trace, lookup) {
    const t0 = performance.now();
    const out = inner.classify(trace, lookup);
    classifyMs += performance.now() - t0;
    traces += 1;
    actions += out.actions.length;
    return out;
  },
};
const net = await LedgerNetwork.create({ writer: null, genesisTime: 1_700_000_000, classify: timed });
const traffic = new Traffic(net, 42);
await traffic.genesis();
await traffic.bootstrap();
const started = performance.now();
while (net.stats.transactions < TXS) {
  await traffic.slot(4);
}
await net.close();
const wallMs = performance.now() - started;
const txs = net.stats.transactions;
console.log(
  JSON.stringify({
    bench: 'classify',
    transactions: txs,
    traces,
    actions,
    classify_ms_total: +classifyMs.toFixed(1),
    classify_us_per_tx: +((classifyMs * 1000) / txs).toFixed(1),
    classify_share_of_producer: +(classifyMs / wallMs).toFixed(3),
    producer_tx_per_s_without_store: +(txs / (wallMs / 1000)).toFixed(1),
  }),
);
