// The biggest trace at the default per-trace cap: `npm run bench -- big-trace`. The default ledger
// (seed 42, 3000 transactions, built once under data/bench/) holds the wide fan-out, a trace over
// API_TRACE_MAX_TXS (4,000) transactions; the server runs as `npm start` does (its own process,
// live production off) and is asked for that trace by id:
//   (a) cold: the first request for it on a fresh server while 8 clients ask `traces?limit=100`
//       back to back; its status, time to the answer's start (what API_QUERY_TIMEOUT_MS bounds)
//       and to the end of its body, and that the body is the whole trace at the cap (ROUNDS fresh
//       servers, each cold once);
//   (b) memory: on another fresh server, 24 clients ask for it at once (each reading its answer to
//       the end); the server process's peak resident set (VmHWM, every thread) and the largest
//       VmRSS sampled every 20 ms meanwhile.
// Clients send `Accept-Encoding: gzip` as HTTP clients do (BENCH_ENCODING=identity or br to change
// it). The load average is printed beside the figures: the machine must be quiet for them to mean
// anything. Prints one JSON line.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import Database from 'better-sqlite3';
import { benchLedgerPath, median } from './bench-ledger';

const PORT = Number(process.env.BENCH_PORT ?? 8291);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HEAVY = 8;
const AT_ONCE = 24;
const ENCODING = process.env.BENCH_ENCODING ?? 'gzip';
const base = `http://127.0.0.1:${PORT}`;
const loadAverage = () => loadavg().map((x) => +x.toFixed(2));

const path = await benchLedgerPath();
const db = new Database(path, { readonly: true });
const big = db
  .prepare("SELECT trace_id, transactions FROM traces WHERE state = 'complete' ORDER BY transactions DESC LIMIT 1")
  .get() as { trace_id: Buffer; transactions: number };
const transactions = Number(db.prepare('SELECT count(*) FROM transactions').pluck().get());
db.close();
const bigUrl = `/api/v3/traces?trace_id=${big.trace_id.toString('hex')}`;

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, LEDGER_DB: path, LEDGER_LIVE: 'off', PORT: String(PORT), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) break;
    const up = await get('/api/v3/traces?limit=1', 'identity').then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** One GET on a connection of its own, its body read (and decompressed) to the end. */
function get(
  url: string,
  encoding = ENCODING,
): Promise<{ status: number; body: Buffer; ms: number; firstByteMs: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(base + url, { agent: false, headers: { 'accept-encoding': encoding } }, (res) => {
      const firstByteMs = performance.now() - started;
      const coding = res.headers['content-encoding'];
      const stream =
        coding === 'gzip' ? res.pipe(createGunzip()) : coding === 'br' ? res.pipe(createBrotliDecompress()) : res;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () =>
        resolve({ status: res.statusCode!, body: Buffer.concat(chunks), ms: performance.now() - started, firstByteMs }),
      );
      stream.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** What an answer holds: the trace's transactions shown (the cap) and its cut, or the error. */
function answerOf(r: { status: number; body: Buffer }): {
  bytes: number;
  shown?: number;
  incomplete?: boolean;
  error?: string;
} {
  if (r.status !== 200) return { bytes: r.body.length, error: r.body.toString().slice(0, 200) };
  const trace = JSON.parse(r.body.toString()).traces[0];
  return { bytes: r.body.length, shown: trace.transactions_order.length, incomplete: trace.is_incomplete };
}

/** (a): the big trace's first request on a fresh server under HEAVY clients asking pages of traces. */
async function coldUnderLoad() {
  const server = await startServer();
  try {
    let stop = false;
    const heavy: number[] = [];
    let heavyErrors = 0;
    let started = 0;
    let loaded!: () => void;
    const allStarted = new Promise<void>((r) => (loaded = r));
    const client = async () => {
      let first = true;
      while (!stop) {
        const r = await get('/api/v3/traces?limit=100');
        heavy.push(r.ms);
        if (r.status !== 200) heavyErrors += 1;
        // the load is on once every heavy client has had an answer
        if (first && ++started === HEAVY) loaded();
        first = false;
      }
    };
    const clients = Array.from({ length: HEAVY }, client);
    await allStarted;
    const load = loadAverage();
    const r = await get(bigUrl);
    stop = true;
    await Promise.all(clients);
    return {
      status: r.status,
      first_byte_ms: Math.round(r.firstByteMs),
      ms: Math.round(r.ms),
      ...answerOf(r),
      heavy_p50_ms: Math.round(median(heavy)),
      heavy_errors: heavyErrors,
      load_average: load,
    };
  } finally {
    await stopServer(server);
  }
}

const memoryKb = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

/** (b): AT_ONCE clients ask for the big trace together on a fresh server. */
async function manyAtOnce() {
  const server = await startServer();
  try {
    const pid = server.pid!;
    const idle = memoryKb(pid, 'VmRSS');
    let sampled = idle;
    const sampler = setInterval(() => (sampled = Math.max(sampled, memoryKb(pid, 'VmRSS'))), 20);
    const load = loadAverage();
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => get(bigUrl)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const statuses: Record<number, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    const whole = answers.filter((a) => a.status === 200).map(answerOf);
    return {
      statuses,
      whole_answers: whole.filter((w) => w.shown === whole[0]!.shown && w.bytes === whole[0]!.bytes).length,
      seconds: +seconds.toFixed(2),
      p50_ms: Math.round(median(answers.map((a) => a.ms))),
      max_ms: Math.round(Math.max(...answers.map((a) => a.ms))),
      idle_rss_mb: Math.round(idle / 1024),
      peak_rss_mb: Math.round(memoryKb(pid, 'VmHWM') / 1024),
      max_sampled_rss_mb: Math.round(sampled / 1024),
      load_average: load,
    };
  } finally {
    await stopServer(server);
  }
}

const cold = [];
for (let i = 0; i < ROUNDS; i++) cold.push(await coldUnderLoad());
const memory = await manyAtOnce();
console.log(
  JSON.stringify({
    bench: 'big-trace',
    ledger_transactions: transactions,
    trace_transactions: big.transactions,
    encoding: ENCODING,
    cold_under_load: {
      heavy_clients: HEAVY,
      median_first_byte_ms: median(cold.map((c) => c.first_byte_ms)),
      median_ms: median(cold.map((c) => c.ms)),
      rounds: cold,
    },
    at_once: { clients: AT_ONCE, ...memory },
    load_average_after: loadAverage(),
  }),
);
