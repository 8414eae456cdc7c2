// Producer throughput and memory: `npm run bench -- producer` (BENCH_BIG=1 adds the 100,000-transaction
// run for peak memory, about 15 minutes). Prints one JSON line.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLedger } from '../src/ledger/generate';

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-bench-'));
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);

async function run(txs: number) {
  const path = join(dir, `ledger-${txs}.db`);
  const started = performance.now();
  const r = await generateLedger({ dbPath: path, seed: 42, txs });
  const wall = (performance.now() - started) / 1000;
  const bytes = statSync(path).size;
  rmSync(path, { force: true });
  return { transactions: r.transactions, seconds: +wall.toFixed(2), tx_per_s: +(r.transactions / wall).toFixed(1), store_bytes_per_tx: Math.round(bytes / r.transactions) };
}

// the default initial history, as the first `npm start` builds it (compilation and emulator start included)
const initial = await run(3000);
const tenK = await run(10_000);
const big = process.env.BENCH_BIG === '1' ? await run(100_000) : null;
clearInterval(sampler);
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({
  bench: 'producer',
  default_history_3000_ready_s: initial.seconds,
  default_history_tx_per_s: initial.tx_per_s,
  tx_per_s_10k: tenK.tx_per_s,
  store_bytes_per_tx: tenK.store_bytes_per_tx,
  run_100k: big,
  peak_rss_mb: Math.round(peakRss / 2 ** 20),
}));
