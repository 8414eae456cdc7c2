// Load on the REST operations from a second process: `npm run bench -- api`. The server runs as
// `npm start` does (its own process, the default ledger: seed 42, 3000 transactions, live off);
// autocannon drives it from this process. Prints one JSON line.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { benchLedgerPath, sampleInternalMessageHash, median } from './bench-ledger';
import { openSqliteStore } from '../src/store/sqlite/open-sqlite-store';
import { inProcessExecutor } from '../src/server/test-support/in-process';
import { transactionsByMessage } from '../src/server/operations/transactions-by-message';
import { getBlockTransactionsExt } from '../src/server/operations/get-block-transactions-ext';

const PORT = Number(process.env.BENCH_PORT ?? 8290);
const base = `http://127.0.0.1:${PORT}`;
const path = await benchLedgerPath();
const store = openSqliteStore(path, { readonly: true });
const sql = store.db;
const msgHash = sampleInternalMessageHash(sql);
const block =
  (sql
    .prepare('SELECT workchain, shard, seqno FROM blocks WHERE tx_count >= 40 LIMIT 1')
    .safeIntegers(true)
    .get() as Record<string, bigint>) ??
  sql.prepare('SELECT workchain, shard, seqno FROM blocks ORDER BY tx_count DESC LIMIT 1').safeIntegers(true).get();

const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  env: { ...process.env, LEDGER_DB: path, LEDGER_LIVE: 'off', PORT: String(PORT), HOST: '127.0.0.1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`${base}/api/v3/traces?limit=1`)).ok) break;
  } catch {
    await new Promise((r) => setTimeout(r, 200));
  }
}

const targets = {
  transactionsByMessage_msg_hash: `/api/v3/transactionsByMessage?msg_hash=${msgHash}`,
  traces_limit_10: '/api/v3/traces?limit=10',
  getBlockTransactionsExt_count_40: `/api/v2/getBlockTransactionsExt?workchain=${block.workchain}&shard=${block.shard}&seqno=${block.seqno}&count=40`,
  masterchainBlockShardState: `/api/v3/masterchainBlockShardState?seqno=20`,
};

const load: Record<string, unknown> = {};
for (const [name, url] of Object.entries(targets)) {
  const r = await autocannon({ url: base + url, connections: 10, duration: 5 });
  load[name] = {
    req_per_s: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

// The service's overhead: median sequential HTTP latency over the median of the route's own work
// run in-process (the operation's parse and run on one snapshot, with the same caches warm: the store
// query, the cached JSON fragments, the address book, the body assembly). The client is node:http
// over one kept-alive connection and asks for no compression, as autocannon does above: undici's
// fetch costs ~0.3 ms more per request on the client side, and asks for br/gzip by default, which
// would add compressing (server) and inflating (client) to the numerator only. The compressed
// latency is reported apart, as is a bare node:http server answering the same bytes from another
// process: the floor that no framework work is part of.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(url: string, headers: Record<string, string> = {}, origin = base): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(origin + url, { agent, headers }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}
async function httpMedian(url: string, headers: Record<string, string> = {}, origin = base, n = 400) {
  for (let i = 0; i < 50; i++) await get(url, headers, origin);
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await get(url, headers, origin);
    t.push(performance.now() - s);
  }
  return median(t);
}
async function inProcessMedian(fn: () => Promise<unknown>, n = 2000) {
  for (let i = 0; i < 200; i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await fn();
    t.push(performance.now() - s);
  }
  return median(t);
}
/** A bare node:http server in its own process, answering `bytes` bytes to every request. */
async function bareServer(bytes: number): Promise<{ origin: string; stop: () => void }> {
  const code = `const b=Buffer.alloc(${bytes},32);require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json; charset=utf-8','content-length':b.length});s.end(b)}).listen(0,'127.0.0.1',function(){process.stdout.write(String(this.address().port)+'\\n')})`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
  );
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}
const inProcess = inProcessExecutor(path, 1000);
const blockQuery = {
  workchain: String(block.workchain),
  shard: String(block.shard),
  seqno: String(block.seqno),
  count: '40',
};
const work = {
  transactionsByMessage: () =>
    inProcess.execute(transactionsByMessage.path, transactionsByMessage.parse({ msg_hash: msgHash }), true, 'req-1'),
  getBlockTransactionsExt: () =>
    inProcess.execute(getBlockTransactionsExt.path, getBlockTransactionsExt.parse(blockQuery), true, 'req-1'),
};
const us = (ms: number) => Math.round(ms * 1000);
const overhead: Record<string, number> = {};
const overheadParts: Record<string, Record<string, number>> = {};
for (const name of ['transactionsByMessage', 'getBlockTransactionsExt'] as const) {
  const url =
    name === 'transactionsByMessage'
      ? targets.transactionsByMessage_msg_hash
      : targets.getBlockTransactionsExt_count_40;
  const httpMs = await httpMedian(url);
  const inProcessMs = await inProcessMedian(work[name]);
  const bytes = await get(url);
  const bare = await bareServer(bytes);
  const bareMs = await httpMedian('/', {}, bare.origin);
  bare.stop();
  overhead[name] = +(httpMs / inProcessMs).toFixed(2);
  overheadParts[name] = {
    http_us: us(httpMs),
    in_process_us: us(inProcessMs),
    bare_node_http_same_bytes_us: us(bareMs),
    http_br_gzip_accepted_us: us(await httpMedian(url, { 'accept-encoding': 'gzip, deflate, br' })),
    body_bytes: bytes,
  };
}

const raw = Buffer.from(await (await fetch(`${base}/api/v3/traces?limit=10&include_actions=true`)).arrayBuffer());
const wire = await fetch(`${base}/api/v3/traces?limit=10&include_actions=true`, {
  headers: { 'accept-encoding': 'gzip' },
});
server.kill('SIGTERM');
store.close();
console.log(
  JSON.stringify({
    bench: 'api',
    ledger: 'seed 42, 3000 transactions',
    load,
    overhead_http_over_in_process: overhead,
    overhead_parts: overheadParts,
    load_average: loadavg().map((l) => +l.toFixed(2)),
    traces_10_with_actions_bytes: {
      raw: raw.length,
      gzip_level_default: gzipSync(raw).length,
      content_encoding_served: wire.headers.get('content-encoding'),
    },
  }),
);
process.exit(0);
