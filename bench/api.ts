// Load on the four operations from a second process: `npm run bench -- api`. The server runs as
// `npm start` does (its own process, the default ledger: seed 42, 3000 transactions, live off);
// autocannon drives it from this process. Prints one JSON line.
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { benchLedgerPath, median } from './bench-ledger';
import { openLedgerStore } from '../src/server/store/open-store';

const PORT = 8290;
const base = `http://127.0.0.1:${PORT}`;
const path = await benchLedgerPath();
const store = openLedgerStore(path, { readonly: true });
const sql = store.db;
const msgHash = (sql.prepare("SELECT msg_hash FROM messages WHERE direction = 'in' AND source IS NOT NULL LIMIT 1 OFFSET 500").pluck().get() as Buffer).toString('hex');
const block = sql.prepare('SELECT workchain, shard, seqno FROM blocks WHERE tx_count >= 40 LIMIT 1').safeIntegers(true).get() as Record<string, bigint>
  ?? sql.prepare('SELECT workchain, shard, seqno FROM blocks ORDER BY tx_count DESC LIMIT 1').safeIntegers(true).get();

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
  load[name] = { req_per_s: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99, errors: r.errors + r.non2xx };
}

// the service's overhead: sequential HTTP latency over the same store query run in-process
async function httpMedian(url: string, n = 300) {
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await (await fetch(base + url)).arrayBuffer();
    t.push(performance.now() - s);
  }
  return median(t);
}
function inProcessMedian(fn: () => unknown, n = 300) {
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  return median(t);
}
const r = store.reader;
const overhead = {
  transactionsByMessage: +((await httpMedian(targets.transactionsByMessage_msg_hash)) / inProcessMedian(() => r.findTransactionsByMessage({ msgHash: Buffer.from(msgHash, 'hex') }, { limit: 10, offset: 0, sort: 'desc' }))).toFixed(2),
  getBlockTransactionsExt: +((await httpMedian(targets.getBlockTransactionsExt_count_40)) / inProcessMedian(() => r.getBlockTransactions({ workchain: Number(block.workchain), shard: block.shard!, seqno: Number(block.seqno) }, null, 40))).toFixed(2),
};

const raw = Buffer.from(await (await fetch(`${base}/api/v3/traces?limit=10&include_actions=true`)).arrayBuffer());
const wire = await fetch(`${base}/api/v3/traces?limit=10&include_actions=true`, { headers: { 'accept-encoding': 'gzip' } });
server.kill('SIGTERM');
store.close();
console.log(JSON.stringify({
  bench: 'api',
  ledger: 'seed 42, 3000 transactions',
  load,
  overhead_http_over_in_process: overhead,
  traces_10_with_actions_bytes: { raw: raw.length, gzip_level_default: gzipSync(raw).length, content_encoding_served: wire.headers.get('content-encoding') },
}));
process.exit(0);
