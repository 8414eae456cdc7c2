// What a TON client sees: `npm run bench -- clients`. The server runs as `npm start` does (its own
// process, live off) on each bench ledger of CLIENTS_TXS (default "10000,1000000": seed 42, built
// once under data/bench/). On each it measures, with autocannon and kept-alive connections:
// - `runGetMethod(seqno)` as TonClient sends it (POST /api/v2/jsonRPC) on the ledger's busiest
//   wallet, CLIENTS_CONNECTIONS (default 50) requests in flight: p50 and p99 latency;
// - `getTransactions` of that wallet (newest 10, as TonClient's default page), one request in flight
//   timed by this process to the clock's precision: p50 and p99; and between the ledgers, the p50
//   ratio of the largest to the smallest (flat if ≤ 1.3).
// Prints one JSON line with the load average beside the figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { Address } from '@ton/core';
import { benchLedgerPath, busiestWallet, waitForAnswer } from './bench-ledger';
import { openSqliteStore } from '../src/store/sqlite/open-sqlite-store';

const PORT = Number(process.env.BENCH_PORT ?? 8292);
const SIZES = (process.env.CLIENTS_TXS ?? '10000,1000000').split(',').map(Number);
const CONNECTIONS = Number(process.env.CLIENTS_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.CLIENTS_SECONDS ?? 10);
const base = `http://127.0.0.1:${PORT}`;

/** The busiest wallet's user-friendly address (bench-ledger.ts). */
function busiestWalletOf(path: string): string {
  const store = openSqliteStore(path, { readonly: true });
  try {
    return Address.parseRaw(busiestWallet(store.db)).toString();
  } finally {
    store.close();
  }
}

async function measure(opts: autocannon.Options) {
  const r = await autocannon({ ...opts, duration: SECONDS });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${opts.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { p50_ms: r.latency.p50, p99_ms: r.latency.p99, req_s: Math.round(r.requests.average) };
}

/**
 * One request in flight for SECONDS, each timed to its last byte with the clock's precision
 * (autocannon's latencies are whole milliseconds, too coarse for the ratio of a ~2 ms query).
 */
async function oneInFlight(url: string) {
  const times: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    const t0 = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => +times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  return { p50_ms: at(0.5), p99_ms: at(0.99), req_s: Math.round(times.length / SECONDS) };
}

const results: Record<string, unknown> = {};
const getTransactionsP50: number[] = [];
const loadBefore = loadavg().map((l) => +l.toFixed(2));
for (const txs of SIZES) {
  const path = await benchLedgerPath(42, txs);
  const wallet = busiestWalletOf(path);
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      // the 50 connections come from one address: bounds made for many clients are raised to let
      // one client hold them all (with the defaults it may hold 4 heavy requests, the rest 429)
      API_MAX_HEAVY_PER_CLIENT: '64',
      API_HEAVY_WORKERS_PER_CLIENT: '8',
      API_MAX_INFLIGHT: '64',
      ...process.env,
      LEDGER_DB: path,
      LEDGER_LIVE: 'off',
      PORT: String(PORT),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForAnswer(`${base}/api/v3/traces?limit=1`);
    const call = {
      id: 1,
      jsonrpc: '2.0',
      method: 'runGetMethod',
      params: { address: wallet, method: 'seqno', stack: [] },
    };
    // a worker's first get method loads the emulator (about a second, more on a busy machine, when it
    // may pass the budget: 504); the warm-up asks until it has been answered, unmeasured
    let first: { ok: boolean; code?: number; result?: { exit_code: number } } = { ok: false };
    for (let attempt = 0; attempt < 10 && !first.ok && (attempt === 0 || first.code === 504); attempt++)
      first = (await (
        await fetch(`${base}/api/v2/jsonRPC`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(call),
        })
      ).json()) as typeof first;
    if (!first.ok || first.result?.exit_code !== 0) throw new Error(`seqno of ${wallet}: ${JSON.stringify(first)}`);
    // warm, then measure
    await measure({
      url: `${base}/api/v2/jsonRPC`,
      method: 'POST',
      body: JSON.stringify(call),
      headers: { 'content-type': 'application/json' },
      connections: CONNECTIONS,
    });
    const runGetMethod = await measure({
      url: `${base}/api/v2/jsonRPC`,
      method: 'POST',
      body: JSON.stringify(call),
      headers: { 'content-type': 'application/json' },
      connections: CONNECTIONS,
    });
    const page = `${base}/api/v2/getTransactions?address=${encodeURIComponent(wallet)}&limit=10`;
    await oneInFlight(page);
    const getTransactions = await oneInFlight(page);
    getTransactionsP50.push(getTransactions.p50_ms);
    results[`txs_${txs}`] = {
      wallet,
      runGetMethod_seqno: { connections: CONNECTIONS, ...runGetMethod },
      getTransactions,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}
console.log(
  JSON.stringify({
    bench: 'clients',
    ledgers: SIZES.map((n) => `seed 42, ${n} transactions`),
    seconds: SECONDS,
    results,
    getTransactions_p50_ratio:
      getTransactionsP50.length > 1
        ? +(getTransactionsP50.at(-1)! / Math.max(getTransactionsP50[0]!, 0.01)).toFixed(2)
        : null,
    targets: { runGetMethod_p50_ms: 5, runGetMethod_p99_ms: 20, getTransactions_p50_ratio: 1.3 },
    load_average_before: loadBefore,
    load_average_after: loadavg().map((l) => +l.toFixed(2)),
  }),
);
process.exit(0);
