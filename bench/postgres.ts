// The PostgreSQL engine against SQLite: `npm run bench -- postgres` (BENCH_TXS, default 5000).
// 1. The producer writes the same seed's ledger into a SQLite file and into a real PostgreSQL
//    (a server of its own on loopback, started as the tests start theirs): tx/s of each, the time
//    spent waiting on the store's writes, and a digest of both ledgers' transaction hashes to show
//    they are the same ledger. The producer is bound by its emulator (the same on both engines), so
//    the batches it wrote are also written again into empty ledgers of both engines, alone, in
//    alternation: the store's own write throughput.
// 2. The same query mix of the REST operations, from autocannon, against one API process on the
//    SQLite file and one on PostgreSQL: requests/s and median latency, and their ratios.
// 3. Two API processes on the one PostgreSQL against one: requests/s of both together over one's,
//    and where the machine's CPU went meanwhile (the API processes, the PostgreSQL server, this
//    process generating the load, everything else), to show what bounds them.
//    Each API process gets the same load (8 connections), alone or beside the other.
// 4. With BENCH_API_CORES=C (e.g. 0.5): part 3 again with each API process capped at C cores
//    (`tools/cpu-quota.ts`), as if each ran on a machine of its own: on two cores shared with
//    PostgreSQL and the load generator, uncapped processes divide the same cores between them, and
//    part 3 shows the machine's bound rather than the processes'.
// BENCH_WARMUP_S (default 20): how long each API process of parts 3 and 4 is warmed alone first.
// BENCH_LOADGEN=wrk generates the load with Debian's wrk instead of autocannon (nearly no CPU of its
// own, so that more of the two cores is left to what parts 3 and 4 compare). Prints one JSON line.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { generateInto } from '../src/ledger/generate';
import { openLedger } from '../src/store/open-ledger';
import type { LedgerWriter } from '../src/store/interface';
import type { LedgerBatch } from '../src/store/records';
import { startPgCluster } from '../src/store/postgres/test-support/pg-cluster';
import { cpuQuota, quotaWrapped, type CpuQuota } from './tools/cpu-quota';

const txs = Number(process.env.BENCH_TXS ?? 5000);
/** The load generator of parts 2 and 3: `autocannon` (default, from npm) or `wrk` (`apt-get install wrk`). */
const LOADGEN = process.env.BENCH_LOADGEN ?? 'autocannon';
if (LOADGEN !== 'autocannon' && LOADGEN !== 'wrk')
  throw new Error(`BENCH_LOADGEN must be autocannon or wrk, got ${JSON.stringify(LOADGEN)}`);
/** Part 4's cap on each API process, in cores (unset: part 4 is not run). */
const API_CORES = process.env.BENCH_API_CORES ? Number(process.env.BENCH_API_CORES) : null;
if (API_CORES !== null && !(API_CORES > 0 && API_CORES <= 2))
  throw new Error(
    `BENCH_API_CORES must be a number of cores above 0 and at most 2, got ${JSON.stringify(process.env.BENCH_API_CORES)}`,
  );
const seed = 42;
const load0 = loadavg()[0]!;

const cluster = await startPgCluster({ settings: { shared_buffers: "'256MB'", max_connections: 100 } });
const pgUrl = cluster.createDatabase('ledger');
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-bench-pg-'));
const litePath = join(dir, 'ledger.db');

/** The store's writer of an open ledger (both engines have one when opened writable). */
const writerOf = (store: object) => (store as { writer: LedgerWriter }).writer;

/** The producer into `location`: tx/s, and the seconds its batches took to commit (`batches` keeps them). */
async function produce(location: string, batches?: LedgerBatch[]) {
  const store = await openLedger(location);
  const writer = writerOf(store);
  const write = writer.writeBatch.bind(writer);
  let writing = 0;
  writer.writeBatch = async (batch) => {
    batches?.push(batch);
    const started = performance.now();
    try {
      return await write(batch);
    } finally {
      writing += performance.now() - started;
    }
  };
  const r = await generateInto(store, { seed, txs });
  await store.close();
  return {
    transactions: r.transactions,
    seconds: +r.seconds.toFixed(1),
    tx_per_s: Math.round(r.transactions / r.seconds),
    seconds_writing: +(writing / 1000).toFixed(2),
  };
}

/** The recorded batches written again into an empty ledger, one after another: the store alone. */
async function replay(location: string, batches: LedgerBatch[]) {
  const store = await openLedger(location);
  const started = performance.now();
  let n = 0;
  for (const b of batches) {
    await writerOf(store).writeBatch(b);
    n += b.transactions.length;
  }
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  return Math.round(n / seconds);
}

const batches: LedgerBatch[] = [];
const sqliteWrite = await produce(litePath, batches);
const pgWrite = await produce(pgUrl);
// the tests' server skips fsync; a server as docs/deploy.md sets it up keeps PostgreSQL's durable
// defaults (every commit flushed to disk), and the writer is measured on both
const durable = await startPgCluster({
  settings: { shared_buffers: "'256MB'", fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' },
});
const replays: { sqlite: number[]; postgres: number[]; postgres_durable: number[] } = {
  sqlite: [],
  postgres: [],
  postgres_durable: [],
};
for (let i = 0; i < 3; i++) {
  replays.sqlite.push(await replay(join(dir, `replay-${i}.db`), batches));
  replays.postgres.push(await replay(cluster.createDatabase(`replay_${i}`), batches));
  replays.postgres_durable.push(await replay(durable.createDatabase(`replay_${i}`), batches));
}
durable.destroy();
const median3 = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;

const lite = new Database(litePath, { readonly: true });
const liteDigest = createHash('sha256');
for (const h of lite.prepare('SELECT hash FROM transactions ORDER BY hash').pluck().all() as Buffer[])
  liteDigest.update(h);
const pgHashes = cluster
  .psql("SELECT string_agg(encode(hash, 'hex'), ',' ORDER BY hash) FROM transactions", 'ledger')
  .split(',');
const pgDigest = createHash('sha256');
for (const h of pgHashes) pgDigest.update(Buffer.from(h, 'hex'));

// the mix: one request of each operation, cycled
const msgHash = (
  lite
    .prepare("SELECT msg_hash FROM messages WHERE direction = 'in' AND source IS NOT NULL LIMIT 1 OFFSET 500")
    .pluck()
    .get() as Buffer
).toString('hex');
const block = lite
  .prepare('SELECT workchain, shard, seqno FROM blocks WHERE workchain = 0 ORDER BY tx_count DESC LIMIT 1')
  .safeIntegers(true)
  .get() as Record<string, bigint>;
const account = lite
  .prepare('SELECT account FROM trace_accounts GROUP BY account ORDER BY count(*) DESC LIMIT 1 OFFSET 3')
  .pluck()
  .get() as string;
lite.close();
const mix = [
  '/api/v3/traces?limit=10',
  `/api/v3/transactionsByMessage?msg_hash=${msgHash}`,
  `/api/v2/getBlockTransactionsExt?workchain=${block.workchain}&shard=${block.shard}&seqno=${block.seqno}&count=40`,
  '/api/v3/masterchainBlockShardState?seqno=20&limit=20',
  `/api/v3/traces?account=${account}&limit=10`,
  '/api/v3/transactionsByMessage?opcode=0&limit=20',
];

let nextPort = 8300;
async function api(
  location: string,
  env: Record<string, string> = {},
  quota?: CpuQuota,
): Promise<{ base: string; child: ChildProcess }> {
  const port = nextPort++;
  const argv = [process.execPath, '--import', 'tsx', 'src/main.ts'];
  const command = quota ? quotaWrapped(quota, argv) : { file: argv[0]!, args: argv.slice(1) };
  const child = spawn(command.file, command.args, {
    env: { ...process.env, LEDGER_ROLE: 'api', LEDGER_DB: location, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/api/v3/traces?limit=1`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { base, child };
}
const stop = (c: ChildProcess) => new Promise<void>((r) => (c.once('exit', () => r()), c.kill('SIGTERM')));

async function drive(bases: string[], seconds = 8, connections = 16) {
  return LOADGEN === 'wrk' ? driveWrk(bases, seconds, connections) : driveAutocannon(bases, seconds, connections);
}

async function driveAutocannon(bases: string[], seconds: number, connections: number) {
  const runs = await Promise.all(
    bases.map((b) =>
      autocannon({
        url: b,
        connections: Math.round(connections / bases.length),
        duration: seconds,
        requests: mix.map((path) => ({ method: 'GET', path })),
      }),
    ),
  );
  return {
    req_per_s: Math.round(runs.reduce((n, r) => n + r.requests.average, 0)),
    // answers, without the 503s of admission control (fast, they would count as served)
    ok_per_s: Math.round(runs.reduce((n, r) => n + r['2xx'] / r.duration, 0)),
    p50_ms: runs[0]!.latency.p50,
    p99_ms: runs[0]!.latency.p99,
    // failed connections and timeouts, and answers other than 2xx (503: admission control turned
    // the request away; 504: past its time budget), counted in req_per_s too
    errors: {
      connection: runs.reduce((n, r) => n + r.errors - r.timeouts, 0),
      timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
      '4xx': runs.reduce((n, r) => n + r['4xx'], 0),
      '5xx': runs.reduce((n, r) => n + r['5xx'], 0),
    },
  };
}

/**
 * The same load from `wrk` (Debian's `wrk`, a C program; one per API process, each cycling through
 * the mix): a load generator that costs the measured machine almost nothing, where autocannon, in
 * this process, took a third of a core.
 */
async function driveWrk(bases: string[], seconds: number, connections: number) {
  const script = join(mkdtempSync(join(tmpdir(), 'ledgerscope-wrk-')), 'mix.lua');
  writeFileSync(
    script,
    `local paths = {${mix.map((p) => JSON.stringify(p)).join(', ')}}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`,
  );
  const outputs = await Promise.all(
    bases.map(
      (b) =>
        new Promise<string>((resolve, reject) =>
          execFile(
            'wrk',
            ['-t1', `-c${Math.round(connections / bases.length)}`, `-d${seconds}s`, '--latency', '-s', script, b],
            (error, out) => (error ? reject(error) : resolve(out)),
          ),
        ),
    ),
  );
  const count = (out: string, re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  const total = outputs.reduce((n, out) => n + count(out, /(\d+) requests in/), 0);
  const refused = outputs.reduce((n, out) => n + count(out, /Non-2xx or 3xx responses: (\d+)/), 0);
  const ms = (out: string, p: string) => {
    const m = new RegExp(`${p}%\\s+([\\d.]+)(us|ms|s)`).exec(out)!;
    return +(Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1)).toFixed(2);
  };
  return {
    req_per_s: Math.round(total / seconds),
    ok_per_s: Math.round((total - refused) / seconds),
    p50_ms: ms(outputs[0]!, '50'),
    p99_ms: ms(outputs[0]!, '99'),
    errors: {
      connection: outputs.reduce((n, out) => n + count(out, /Socket errors: connect (\d+)/), 0),
      timeouts: outputs.reduce((n, out) => n + count(out, /timeout (\d+)/), 0),
      '4xx': 0,
      // wrk counts every answer other than 2xx/3xx together (here: admission control's 503s)
      '5xx': refused,
    },
  };
}

// CPU time from /proc, in clock ticks (100 a second): a process's own (all its threads), the
// PostgreSQL server's (the postmaster and every backend it forked), the whole machine's busy time
const TICKS = 100;
function processTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
function serverTicks(): number {
  const postmaster = Number(readFileSync(join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = processTicks(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster)
        ticks += processTicks(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
}
function machineTicks(): { busy: number; all: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = cpu[3]! + cpu[4]!;
  const all = cpu.reduce((a, b) => a + b, 0);
  return { busy: all - idle, all };
}

/** `drive`, with the CPU seconds each party used during it (the machine's: its busy share of all cores). */
async function driveMeasured(apis: ChildProcess[], bases: string[], connections: number) {
  const before = {
    api: apis.map((c) => processTicks(c.pid!)),
    server: serverTicks(),
    load: processTicks(process.pid),
    machine: machineTicks(),
  };
  const started = performance.now();
  const result = await drive(bases, 8, connections);
  const seconds = (performance.now() - started) / 1000;
  const machine = machineTicks();
  const cpu = (ticks: number) => +(ticks / TICKS / seconds).toFixed(2);
  const api = apis.reduce((n, c, i) => n + processTicks(c.pid!) - before.api[i]!, 0);
  const server = serverTicks() - before.server;
  const load = processTicks(process.pid) - before.load;
  const busy = machine.busy - before.machine.busy;
  return {
    ...result,
    // cores busy on average over the run, by whom (2 cores: at most 2 in all)
    cores_busy: {
      api_processes: cpu(api),
      postgresql: cpu(server),
      // this process (autocannon); wrk's own processes count in everything_else
      load_generator: cpu(load),
      everything_else: cpu(Math.max(0, busy - api - server - load)),
      machine_idle: +((machine.all - before.machine.all - busy) / TICKS / seconds).toFixed(2),
    },
    cpu_ms_per_answer: {
      api_processes: +((api * 10) / (result.ok_per_s * seconds)).toFixed(2),
      postgresql: +((server * 10) / (result.ok_per_s * seconds)).toFixed(2),
    },
  };
}

// 2. one process per engine, the service's default workers
const onLite = await api(litePath);
await drive([onLite.base], 2);
const sqliteLoad = await drive([onLite.base]);
await stop(onLite.child);
const onPg = await api(pgUrl);
await drive([onPg.base], 2);
const pgLoad = await drive([onPg.base]);
await stop(onPg.child);

// 3. one API process against two, each with one reader worker and the same load (on two cores the
// database server shares the machine with them); 4. the same with each process capped
const single = { API_WORKERS: '1', API_LIGHT_WORKERS: '0' };
const PER_PROCESS_CONNECTIONS = 8;
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 20);
async function oneAgainstTwo(cores: number | null) {
  const quotas =
    cores === null ? [] : [cpuQuota(`ledgerscope-bench-api-a`, cores), cpuQuota(`ledgerscope-bench-api-b`, cores)];
  // each process is warmed alone, as long, before it is measured (a capped process compiles its
  // hot code within its cap: a short warm-up would leave the first one measured cold)
  const a = await api(pgUrl, single, quotas[0]);
  await drive([a.base], WARMUP_S, PER_PROCESS_CONNECTIONS);
  const one = await driveMeasured([a.child], [a.base], PER_PROCESS_CONNECTIONS);
  const b = await api(pgUrl, single, quotas[1]);
  await drive([b.base], WARMUP_S, PER_PROCESS_CONNECTIONS);
  const two = await driveMeasured([a.child, b.child], [a.base, b.base], 2 * PER_PROCESS_CONNECTIONS);
  await stop(a.child);
  await stop(b.child);
  for (const q of quotas) q.remove();
  return { cores_per_api_process: cores, one, two, ratio_ok_per_s: Number((two.ok_per_s / one.ok_per_s).toFixed(2)) };
}
const uncapped = await oneAgainstTwo(null);
const capped = API_CORES === null ? null : await oneAgainstTwo(API_CORES);
cluster.destroy();

console.log(
  JSON.stringify({
    bench: 'postgres',
    transactions: txs,
    load_generator: LOADGEN,
    load_avg_1m: { start: Number(load0.toFixed(2)), end: Number(loadavg()[0]!.toFixed(2)) },
    write: {
      producer: {
        sqlite: sqliteWrite,
        postgres: pgWrite,
        same_ledger: liteDigest.digest('hex') === pgDigest.digest('hex'),
      },
      store_alone_tx_per_s: {
        batches: batches.length,
        sqlite: median3(replays.sqlite),
        postgres: median3(replays.postgres),
        postgres_durable: median3(replays.postgres_durable),
        runs: replays,
      },
    },
    query_mix: {
      sqlite: sqliteLoad,
      postgres: pgLoad,
      p50_ratio_pg_over_sqlite: Number((pgLoad.p50_ms / sqliteLoad.p50_ms).toFixed(2)),
      rps_ratio_sqlite_over_pg: Number((sqliteLoad.req_per_s / pgLoad.req_per_s).toFixed(2)),
    },
    api_processes: uncapped,
    api_processes_capped: capped,
  }),
);
process.exit(0);
