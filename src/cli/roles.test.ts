import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgCluster, type PgCluster } from '../store/postgres/test-support/pg-cluster';
import { runMain, startServing, waitForLine, type MainProcess } from './test-support/main-process';
import {
  completedTraceOf,
  listedWallets,
  postJson,
  receiversOf,
  v4Transfer,
  type ListedWallet,
} from '../server/test-support/local-network';

// One producer and two API processes share one PostgreSQL database, as they would on three
// machines: the API processes hold no state of their own, so a trace the producer writes after
// both started is served by each, identically; and either takes messages for the producer, handed
// over through PostgreSQL itself (the inbound table and LISTEN/NOTIFY).

let cluster: PgCluster;
let producer: MainProcess;
const apis: MainProcess[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
  const url = cluster.createDatabase('ledger');
  producer = runMain({
    LEDGER_ROLE: 'producer',
    LEDGER_DB: url,
    LEDGER_TXS: '120',
    LEDGER_SEED: '5',
    LEDGER_LIVE: 'on',
  });
  await waitForLine(producer, /producer writing postgres:\/\/ledgerscope:\*\*\*@/);
  for (let i = 0; i < 2; i++) apis.push(await startServing({ LEDGER_ROLE: 'api', LEDGER_DB: url }));
}, 300_000);

afterAll(async () => {
  for (const p of [...apis, producer]) await p?.stop();
  cluster?.destroy();
});

const json = async (base: string, path: string) => {
  const r = await fetch(base + path);
  expect(r.status, path).toBe(200);
  return { seqno: Number(r.headers.get('x-ledger-seqno')), text: await r.text() };
};

describe('one producer, two API processes, one PostgreSQL', () => {
  it('serves a trace produced after both API processes started, identically from each', async () => {
    const [a, b] = apis.map((p) => p.base!) as [string, string];
    const before = await json(a, '/api/v3/masterchainBlockShardState?seqno=0&limit=1');
    // live production adds a masterchain block every few seconds: wait for a completed trace
    // that ends in a block neither API process had seen when the test began
    let traceId: string | null = null;
    const deadline = Date.now() + 90_000;
    while (!traceId) {
      expect(Date.now() < deadline, 'no new trace within 90 s').toBe(true);
      await new Promise((r) => setTimeout(r, 1000));
      const latest = JSON.parse((await json(b, '/api/v3/traces?limit=1')).text) as {
        traces: { trace_id: string; mc_seqno_end: string }[];
      };
      const t = latest.traces[0];
      if (t && Number(t.mc_seqno_end) > before.seqno) traceId = t.trace_id;
    }
    const path = `/api/v3/traces?trace_id=${encodeURIComponent(traceId)}&include_actions=true`;
    // both answers at the same masterchain block (a block may land between two requests)
    for (;;) {
      const [x, y] = await Promise.all([json(a, path), json(b, path)]);
      if (x.seqno !== y.seqno) continue;
      expect(x.seqno).toBeGreaterThan(before.seqno);
      expect(JSON.parse(x.text).traces).toHaveLength(1);
      expect(y.text).toBe(x.text);
      break;
    }
    // and the rest of the API agrees too: the newest block and its transactions
    for (;;) {
      const head = await json(a, '/api/v3/traces?limit=1');
      const shard = `/api/v3/masterchainBlockShardState?seqno=${head.seqno}&limit=1000`;
      const [x, y] = await Promise.all([json(a, shard), json(b, shard)]);
      if (x.seqno !== y.seqno) continue;
      expect(y.text).toBe(x.text);
      break;
    }
  });
});

describe('sending through any API process', () => {
  it('each API process accepts messages; the one producer includes each once, however many accepted it', async () => {
    const [a, b] = apis.map((p) => p.base!) as [string, string];
    const wallets = await listedWallets(a);
    expect(await listedWallets(b)).toEqual(wallets);
    const [w0, w1, w2] = wallets.filter((w) => w.version === 'v4r2') as [ListedWallet, ListedWallet, ListedWallet];
    // the pre-funded wallets are funded by the faucet wallet's first transfer, early in the history
    const one = await v4Transfer(w0, w1.friendly, 0);
    const two = await v4Transfer(w1, w2.friendly, 0);
    expect((await postJson(`${a}/api/v2/sendBoc`, { boc: one.boc })).status).toBe(200);
    expect((await postJson(`${b}/api/v3/message`, { boc: two.boc })).status).toBe(200);
    // the first one again, through the other process, before or after its block: once in the chain
    const again = await postJson(`${b}/api/v2/sendBoc`, { boc: one.boc });
    expect([200, 409]).toContain(again.status);
    for (const m of [one, two]) await completedTraceOf(a, m.cell.hash());
    expect(await receiversOf(a, one.cell.hash())).toBe(1);
    expect(await receiversOf(b, two.cell.hash())).toBe(1);
  }, 120_000);
});
