// The PostgreSQL engine against SQLite: `npm run bench -- postgres` (BENCH_TXS, default 5000).
// 1. The producer writes the same seed's ledger into a SQLite file and into a real PostgreSQL
//    (a server of its own on loopback, started as the tests start theirs): tx/s of each, and a
//    digest of both ledgers' transaction hashes to show they are the same ledger.
// 2. The same query mix of the four operations, from autocannon, against one API process on the
//    SQLite file and one on PostgreSQL: requests/s and median latency, and their ratios.
// 3. Two API processes on the one PostgreSQL against one: requests/s of both together over one's.
// Prints one JSON line.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { generateLedger } from '../src/ledger/generate';
import { startPgCluster } from '../src/store/postgres/test-support/pg-cluster';

const txs = Number(process.env.BENCH_TXS ?? 5000);
const seed = 42;
const load0 = loadavg()[0]!;

const cluster = await startPgCluster({ settings: { shared_buffers: "'256MB'", max_connections: 100 } });
const pgUrl = cluster.createDatabase('ledger');
const litePath = join(mkdtempSync(join(tmpdir(), 'ledgerscope-bench-pg-')), 'ledger.db');

async function timed(location: string) {
  const r = await generateLedger({ dbPath: location, seed, txs });
  return { transactions: r.transactions, seconds: r.seconds, tx_per_s: Math.round(r.transactions / r.seconds) };
}
const sqliteWrite = await timed(litePath);
const pgWrite = await timed(pgUrl);

const lite = new Database(litePath, { readonly: true });
const liteDigest = createHash('sha256');
for (const h of lite.prepare('SELECT hash FROM transactions ORDER BY hash').pluck().all() as Buffer[]) liteDigest.update(h);
const pgHashes = cluster.psql("SELECT string_agg(encode(hash, 'hex'), ',' ORDER BY hash) FROM transactions", 'ledger').split(',');
const pgDigest = createHash('sha256');
for (const h of pgHashes) pgDigest.update(Buffer.from(h, 'hex'));

// the mix: one request of each operation, cycled
const msgHash = (lite.prepare("SELECT msg_hash FROM messages WHERE direction = 'in' AND source IS NOT NULL LIMIT 1 OFFSET 500").pluck().get() as Buffer).toString('hex');
const block = lite.prepare('SELECT workchain, shard, seqno FROM blocks WHERE workchain = 0 ORDER BY tx_count DESC LIMIT 1').safeIntegers(true).get() as Record<string, bigint>;
const account = lite.prepare('SELECT account FROM trace_accounts GROUP BY account ORDER BY count(*) DESC LIMIT 1 OFFSET 3').pluck().get() as string;
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
async function api(location: string, env: Record<string, string> = {}): Promise<{ base: string; child: ChildProcess }> {
  const port = nextPort++;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
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
  const runs = await Promise.all(
    bases.map((b) => autocannon({ url: b, connections: Math.round(connections / bases.length), duration: seconds, requests: mix.map((path) => ({ method: 'GET', path })) })),
  );
  return {
    req_per_s: Math.round(runs.reduce((n, r) => n + r.requests.average, 0)),
    p50_ms: runs[0]!.latency.p50,
    p99_ms: runs[0]!.latency.p99,
    errors: runs.reduce((n, r) => n + r.errors + r.non2xx, 0),
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

// 3. one API process against two, each with one reader worker (on two cores the database server
// shares the machine with them)
const single = { API_WORKERS: '1', API_LIGHT_WORKERS: '0' };
const a = await api(pgUrl, single);
await drive([a.base], 2);
const one = await drive([a.base]);
const b = await api(pgUrl, single);
await drive([a.base, b.base], 2);
const two = await drive([a.base, b.base]);
await stop(a.child);
await stop(b.child);
cluster.destroy();

console.log(
  JSON.stringify({
    bench: 'postgres',
    transactions: txs,
    load_avg_1m: Number(load0.toFixed(2)),
    write: { sqlite: sqliteWrite, postgres: pgWrite, same_ledger: liteDigest.digest('hex') === pgDigest.digest('hex') },
    query_mix: { sqlite: sqliteLoad, postgres: pgLoad, p50_ratio_pg_over_sqlite: Number((pgLoad.p50_ms / sqliteLoad.p50_ms).toFixed(2)), rps_ratio_sqlite_over_pg: Number((sqliteLoad.req_per_s / pgLoad.req_per_s).toFixed(2)) },
    api_processes: { one, two, ratio: Number((two.req_per_s / one.req_per_s).toFixed(2)) },
  }),
);
process.exit(0);
