// Light queries against the floor of any Node HTTP service: `npm run bench -- light-queries`.
// The server runs as `npm start` does (its own process, live off) on the bench ledger (seed 42,
// LIGHT_TXS transactions, default 10,000); a bare node:http server in another process answers the
// same paths with the same bytes. autocannon drives both from this process, alternately, on 1 and
// on 8 kept-alive connections with no compression asked; each figure is the best of ROUNDS rounds.
// Prints one JSON line: requests/s of each, their ratio, and the load average beside them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchLedgerPath, sampleInternalMessageHash, waitForAnswer } from './bench-ledger';
import { openSqliteStore } from '../src/store/sqlite/open-sqlite-store';

const PORT = Number(process.env.BENCH_PORT ?? 8291);
const TXS = Number(process.env.LIGHT_TXS ?? 10_000);
const ROUNDS = Number(process.env.LIGHT_ROUNDS ?? 3);
const SECONDS = Number(process.env.LIGHT_SECONDS ?? 3);
const base = `http://127.0.0.1:${PORT}`;

const path = await benchLedgerPath(42, TXS);
const store = openSqliteStore(path, { readonly: true });
const sql = store.db;
// an internal message in the middle of the ledger, a completed trace of two transactions, and a
// masterchain block past the first few (its shard state is the table's 116 KB-class body)
const msgHash = sampleInternalMessageHash(sql);
const traceId = (
  sql
    .prepare("SELECT trace_id FROM traces WHERE state = 'complete' AND transactions = 2 LIMIT 1 OFFSET 50")
    .pluck()
    .get() as Buffer
).toString('hex');
const mcSeqno = Math.floor((sql.prepare('SELECT max(mc_seqno) FROM blocks').pluck().get() as number) / 2);
store.close();

const queries = {
  transactionsByMessage: `/api/v3/transactionsByMessage?msg_hash=${msgHash}`,
  traces_trace_id: `/api/v3/traces?trace_id=${traceId}`,
  masterchainBlockShardState: `/api/v3/masterchainBlockShardState?seqno=${mcSeqno}`,
};

const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  env: { ...process.env, LEDGER_DB: path, LEDGER_LIVE: 'off', PORT: String(PORT), HOST: '127.0.0.1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => server.kill('SIGTERM'));
await waitForAnswer(`${base}/api/v3/traces?limit=1`);

// the exact bodies the service sends, then a bare server sending them
const bodies: Record<string, string> = {};
for (const url of Object.values(queries)) {
  const res = await fetch(base + url, { headers: { 'accept-encoding': 'identity' } });
  if (res.status !== 200) {
    server.kill('SIGTERM');
    throw new Error(`${url}: ${res.status} ${await res.text()}`);
  }
  bodies[url] = Buffer.from(await res.arrayBuffer()).toString('base64');
}
const bareCode = `
const bodies = new Map(Object.entries(JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8'))).map(([u, b]) => [u, Buffer.from(b, 'base64')]));
require('node:http').createServer((q, s) => {
  const b = bodies.get(q.url);
  s.writeHead(b ? 200 : 404, { 'content-type': 'application/json; charset=utf-8', 'content-length': b ? b.length : 0 });
  s.end(b);
}).listen(0, '127.0.0.1', function () { process.stdout.write(this.address().port + '\\n'); });`;
const bodiesFile = join(mkdtempSync(join(tmpdir(), 'light-')), 'bodies.json');
writeFileSync(bodiesFile, JSON.stringify(bodies));
const bare = spawn(process.execPath, ['-e', bareCode, bodiesFile], { stdio: ['ignore', 'pipe', 'inherit'] });
const barePort = await new Promise<string>((resolve) =>
  bare.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())),
);
const bareBase = `http://127.0.0.1:${barePort}`;

async function rate(origin: string, url: string, connections: number): Promise<number> {
  const r = await autocannon({ url: origin + url, connections, duration: SECONDS });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${origin}${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.requests.average;
}

const loadBefore = loadavg().map((l) => +l.toFixed(2));
const results: Record<string, Record<string, unknown>> = {};
for (const [name, url] of Object.entries(queries)) {
  for (const connections of [1, 8]) {
    let ours = 0;
    let floor = 0;
    // alternately, so a change of load hits both alike; the best round of each
    for (let round = 0; round < ROUNDS; round++) {
      ours = Math.max(ours, await rate(base, url, connections));
      floor = Math.max(floor, await rate(bareBase, url, connections));
    }
    results[`${name}_c${connections}`] = {
      body_bytes: Buffer.from(bodies[url]!, 'base64').length,
      ledgerscope_req_s: Math.round(ours),
      bare_req_s: Math.round(floor),
      ratio: +(floor / ours).toFixed(2),
    };
  }
}
server.kill('SIGTERM');
bare.kill();
console.log(
  JSON.stringify({
    bench: 'light-queries',
    ledger: `seed 42, ${TXS} transactions`,
    rounds: ROUNDS,
    seconds: SECONDS,
    results,
    load_average_before: loadBefore,
    load_average_after: loadavg().map((l) => +l.toFixed(2)),
  }),
);
process.exit(0);
