// Producer throughput and memory: `npm run bench -- producer` (BENCH_BIG=1 adds the 100,000-transaction
// run for peak memory, about 6 minutes). Prints one JSON line.
//
// Throughput on these shared two-core machines varies by a fifth from one run to the next, so the
// 10,000-transaction run is made three times and the median reported beside every run.
//
// Each run is a cold process, `npm run ledger` as a user runs it (tsx start, contract compilation,
// emulator start, both producer threads), timed from spawn to exit; the peak memory is that process's
// own maxRSS (both threads), which it prints on its last line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './bench-ledger';

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-bench-'));

function run(txs: number) {
  const path = join(dir, `ledger-${txs}.db`);
  const started = performance.now();
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'src/cli/ledger.ts'), '--db', path, '--seed', '42', '--txs', String(txs)],
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const wall = (performance.now() - started) / 1000;
  const line = /: (\d+) transactions, .*?([\d.]+) s \((\d+) tx\/s\), peak memory (\d+) MB/.exec(child.stdout);
  if (child.status !== 0 || !line) throw new Error(`npm run ledger --txs ${txs} failed: ${child.stdout}`);
  const transactions = Number(line[1]);
  const bytes = statSync(path).size;
  rmSync(path, { force: true });
  return {
    transactions,
    /** spawn to exit: what a user waits for */
    seconds_cold: +wall.toFixed(2),
    /** inside the process, from the producer's start (compilation and emulator start included) */
    seconds_producing: Number(line[2]),
    tx_per_s: Number(line[3]),
    store_bytes_per_tx: Math.round(bytes / transactions),
    peak_rss_mb: Number(line[4]),
    load_average: +loadavg()[0]!.toFixed(2),
  };
}

// the default initial history, as the first `npm start` builds it
const initial = run(3000);
const tenK = [run(10_000), run(10_000), run(10_000)];
const big = process.env.BENCH_BIG === '1' ? run(100_000) : null;
rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    bench: 'producer',
    default_history_3000: initial,
    tx_per_s_10k_median: median(tenK.map((r) => r.tx_per_s)),
    runs_10k: tenK,
    run_100k: big,
  }),
);
