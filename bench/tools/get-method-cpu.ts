// The accepting process's CPU per answered request for a get method kept by its parameters (by
// JSON-RPC, as TonClient sends it, and by GET) beside a GET the answer cache serves before the
// framework (the floor of this server), 50 connections each, alternately, twice: the server as
// `npm start` runs it on the 10,000-transaction bench ledger, CPU read from /proc (all its threads).
// `npx tsx bench/tools/get-method-cpu.ts`
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { benchLedgerPath, waitForAnswer } from '../bench-ledger';
const path = await benchLedgerPath(42, 10000);
const PORT = 8293,
  base = `http://127.0.0.1:${PORT}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  env: {
    ...process.env,
    LEDGER_DB: path,
    LEDGER_LIVE: 'off',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    API_MAX_INFLIGHT: '64',
    API_MAX_HEAVY_PER_CLIENT: '64',
    API_HEAVY_WORKERS_PER_CLIENT: '8',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const cpu = () => {
  const f = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
await waitForAnswer(`${base}/api/v3/traces?limit=1`);
const wallet = 'EQAt0snK3S5w4D3s-DtkQp8Yx8ueSzLWEl6E0eE4xkLoODG4';
const call = JSON.stringify({
  id: 1,
  jsonrpc: '2.0',
  method: 'runGetMethod',
  params: { address: wallet, method: 'seqno', stack: [] },
});
for (let i = 0; i < 10; i++) {
  const r = (await (
    await fetch(`${base}/api/v2/jsonRPC`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: call,
    })
  ).json()) as { ok: boolean };
  if (r.ok) break;
}
const cases: [string, autocannon.Options][] = [
  [
    'jsonRPC',
    { url: `${base}/api/v2/jsonRPC`, method: 'POST', body: call, headers: { 'content-type': 'application/json' } },
  ],
  ['v2 GET', { url: `${base}/api/v2/runGetMethod?address=${wallet}&method=seqno` }],
  ['v3 transactions kept (answerKept)', { url: `${base}/api/v3/transactions?limit=1` }],
];
for (const [name, opts] of [...cases, ...cases]) {
  await autocannon({ ...opts, connections: 50, duration: 2 });
  const c0 = cpu();
  const r = await autocannon({ ...opts, connections: 50, duration: 6 });
  const ms = cpu() - c0;
  console.log(
    name,
    'req',
    r.requests.total,
    'non2xx',
    r.non2xx,
    'server CPU µs/req',
    Math.round((ms * 1000) / r.requests.total),
    'p50',
    r.latency.p50,
    'p99',
    r.latency.p99,
  );
}
server.kill('SIGTERM');
