// balanceChanges against sums computed independently from the transactions the traces endpoint
// prints: each account's TON change from the values it received and sent and the fees it paid, the
// jetton moves from the classified actions, and the conservation of TON within a trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server';

let s: TestServer;
beforeAll(async () => {
  // the sums below are computed from each trace's transactions as the traces endpoint prints them:
  // with a cap above the largest trace, none is cut
  s = await startTestServer({ traceMaxTxs: 100_000 });
}, 300_000);
afterAll(async () => s?.close());

type Msg = {
  source: string | null;
  value: string | null;
  fwd_fee: string | null;
  ihr_fee: string | null;
  bounced: boolean | null;
  opcode: number | null;
};
type Tx = {
  account: string;
  total_fees: string;
  in_msg: Msg | null;
  out_msgs: Msg[];
  description: { aborted: boolean; compute_ph?: { skipped: boolean; success?: boolean } };
};
type Action = { action_id: string; type: string; success: boolean; details: Record<string, string | null> };
type Trace = { trace_id: string; transactions: Record<string, Tx>; actions: Action[] };
type Changes = {
  changes: Record<string, number>;
  fees: Record<string, number>;
  jettons: Record<string, Record<string, string>>;
};

const big = (v: string | null | undefined) => BigInt(v ?? '0');
const add = (m: Map<string, bigint>, k: string, d: bigint) => m.set(k, (m.get(k) ?? 0n) + d);

// every trace of the ledger, read once: the tests below pick from them
let traces: Promise<Trace[]> | null = null;
const allTraces = () => (traces ??= readAllTraces());

async function readAllTraces(): Promise<Trace[]> {
  const out: Trace[] = [];
  for (let offset = 0; ; offset += 200) {
    const r = await s.get(`/api/v3/traces?limit=200&offset=${offset}&sort=asc&include_actions=true`);
    expect(r.status).toBe(200);
    out.push(...(r.body.traces as Trace[]));
    if (r.body.traces.length < 200) return out;
  }
}

/** TON per account from the messages alone: value in, value and forwarding fees out, the transaction's fees. */
function tonFromMessages(txs: Tx[]): Map<string, bigint> {
  const m = new Map<string, bigint>();
  for (const t of txs) {
    let d = t.in_msg && t.in_msg.source !== null ? big(t.in_msg.value) : 0n;
    for (const o of t.out_msgs) d -= big(o.value) + big(o.fwd_fee) + big(o.ihr_fee);
    add(m, t.account, d - big(t.total_fees));
  }
  return m;
}

/** Jetton moves from the successful jetton actions (the classifier reads them from the messages, per action). */
function jettonsFromActions(actions: Action[]): Record<string, Record<string, string>> {
  const m = new Map<string, Map<string, bigint>>();
  const move = (asset: string, owner: string, d: bigint) => {
    if (!m.has(asset)) m.set(asset, new Map());
    add(m.get(asset)!, owner, d);
  };
  for (const a of actions) {
    if (!a.success) continue;
    const d = a.details;
    if (a.type === 'jetton_transfer') {
      move(d.asset!, d.sender!, -big(d.amount));
      move(d.asset!, d.receiver!, big(d.amount));
    } else if (a.type === 'jetton_mint') move(d.asset!, d.receiver!, big(d.amount));
    else if (a.type === 'jetton_burn') move(d.asset!, d.owner!, -big(d.amount));
  }
  const out: Record<string, Record<string, string>> = {};
  for (const [asset, owners] of m) {
    const moved = [...owners].filter(([, v]) => v !== 0n);
    if (moved.length > 0) out[asset] = Object.fromEntries(moved.map(([o, v]) => [o, v.toString()]));
  }
  return out;
}

describe('balanceChanges of every trace of the ledger', () => {
  it('agrees with the transactions: TON per account, fees, conservation, jettons', async () => {
    const traces = await allTraces();
    const seen = { tonTransfer: 0, jettonTransfer: 0, bounce: 0, failedCompute: 0 };
    for (const trace of traces) {
      const r = await s.get(`/api/v3/balanceChanges?trace_id=${encodeURIComponent(trace.trace_id)}`);
      expect(r.status).toBe(200);
      const got = r.body as Changes;
      const txs = Object.values(trace.transactions);
      const accounts = [...new Set(txs.map((t) => t.account))].sort();
      expect(Object.keys(got.changes).sort()).toEqual(accounts);
      expect(Object.keys(got.fees).sort()).toEqual(accounts);

      const ton = tonFromMessages(txs);
      for (const a of accounts) expect(BigInt(got.changes[a]!), `${trace.trace_id} ${a}`).toBe(ton.get(a));
      const fees = new Map<string, bigint>();
      for (const t of txs)
        add(fees, t.account, big(t.total_fees) + t.out_msgs.reduce((x, o) => x + big(o.fwd_fee) + big(o.ihr_fee), 0n));
      for (const a of accounts) expect(BigInt(got.fees[a]!)).toBe(fees.get(a));
      // nothing comes from outside a trace but externals (which carry no value): what one account
      // gains another lost, and the rest went to fees
      const sum = (o: Record<string, number>) => Object.values(o).reduce((x, v) => x + BigInt(v), 0n);
      expect(sum(got.changes)).toBe(-sum(got.fees));

      expect(got.jettons).toEqual(jettonsFromActions(trace.actions));

      if (trace.actions.some((a) => a.type === 'jetton_transfer' && a.success)) seen.jettonTransfer += 1;
      if (txs.some((t) => t.in_msg?.bounced)) seen.bounce += 1;
      if (
        txs.some(
          (t) =>
            t.description.compute_ph && !t.description.compute_ph.skipped && t.description.compute_ph.success === false,
        )
      )
        seen.failedCompute += 1;
      if (trace.actions.length === 1 && trace.actions[0]!.type === 'ton_transfer' && txs.length === 2)
        seen.tonTransfer += 1;
    }
    // the ledger holds every kind the checks above are meant for
    expect(seen.tonTransfer).toBeGreaterThan(0);
    expect(seen.jettonTransfer).toBeGreaterThan(0);
    expect(seen.bounce).toBeGreaterThan(0);
    expect(seen.failedCompute).toBeGreaterThan(0);
  }, 300_000);

  it('a plain TON transfer: the receiver gains the value less its fees, the sender loses it with its fees', async () => {
    const traces = await allTraces();
    const plain = traces.find(
      (t) =>
        t.actions.length === 1 && t.actions[0]!.type === 'ton_transfer' && Object.keys(t.transactions).length === 2,
    )!;
    const [root, leaf] = Object.values(plain.transactions).sort((a, b) =>
      a.in_msg?.source === null ? -1 : b.in_msg?.source === null ? 1 : 0,
    );
    const got = (await s.get(`/api/v3/balanceChanges?trace_id=${encodeURIComponent(plain.trace_id)}`)).body as Changes;
    const sent = root!.out_msgs[0]!;
    expect(BigInt(got.changes[leaf!.account]!)).toBe(big(sent.value) - big(leaf!.total_fees));
    expect(BigInt(got.changes[root!.account]!)).toBe(-big(sent.value) - big(sent.fwd_fee) - big(root!.total_fees));
    expect(got.jettons).toEqual({});
  }, 300_000);

  it('a jetton transfer: the sender owner loses the amount, the receiver owner gains it; its action alone gives the same jettons', async () => {
    const traces = await allTraces();
    const trace = traces.find((t) =>
      t.actions.some((a) => a.type === 'jetton_transfer' && a.success && a.details.sender !== a.details.receiver),
    )!;
    const action = trace.actions.find((a) => a.type === 'jetton_transfer')!;
    const got = (await s.get(`/api/v3/balanceChanges?trace_id=${encodeURIComponent(trace.trace_id)}`)).body as Changes;
    const { asset, sender, receiver, amount } = action.details;
    expect(got.jettons[asset!]).toEqual({ [sender!]: `-${amount}`, [receiver!]: amount });
    const byAction = await s.get(`/api/v3/balanceChanges?action_id=${encodeURIComponent(action.action_id)}`);
    expect(byAction.status).toBe(200);
    expect(byAction.body.jettons[asset!]).toEqual({ [sender!]: `-${amount}`, [receiver!]: amount });
  }, 300_000);

  it('a failed compute: the failing account keeps nothing but pays its fees, and no jetton moves', async () => {
    const traces = await allTraces();
    const trace = traces.find((t) =>
      Object.values(t.transactions).some((x) => x.in_msg?.opcode === 0x7468726f && x.description.aborted),
    )!;
    const failed = Object.values(trace.transactions).find((x) => x.in_msg?.opcode === 0x7468726f)!;
    const got = (await s.get(`/api/v3/balanceChanges?trace_id=${encodeURIComponent(trace.trace_id)}`)).body as Changes;
    // the value it received went back in the bounce: what the account lost is exactly what it paid
    const bounce = failed.out_msgs.find((m) => m.bounced)!;
    expect(bounce).toBeDefined();
    expect(BigInt(got.changes[failed.account]!)).toBe(
      big(failed.in_msg!.value) - big(bounce.value) - big(bounce.fwd_fee) - big(failed.total_fees),
    );
    expect(got.jettons).toEqual({});
  }, 300_000);
});

describe('balanceChanges errors', () => {
  it('422 naming the rule, 404 for an unknown trace or action', async () => {
    for (const [q, pattern] of [
      ['', /exactly one/],
      ['?trace_id=' + 'a'.repeat(64) + '&action_id=' + 'b'.repeat(64), /exactly one/],
      ['?trace_id=xyz', /^parameter trace_id /],
      ['?action_id=12', /^parameter action_id /],
      ['?trace=' + 'a'.repeat(64), /unknown parameter "trace"/],
      ['?trace_id=' + 'a'.repeat(64) + '&trace_id=' + 'a'.repeat(64), /more than once/],
    ] as const) {
      const r = await s.get(`/api/v3/balanceChanges${q}`);
      expect(r.status, q).toBe(422);
      expect(r.body.error).toMatch(pattern);
    }
    const trace = await s.get(`/api/v3/balanceChanges?trace_id=${'0'.repeat(64)}`);
    expect([trace.status, trace.body.error]).toEqual([404, 'trace not found']);
    const action = await s.get(`/api/v3/balanceChanges?action_id=${'0'.repeat(64)}`);
    expect([action.status, action.body.error]).toEqual([404, 'action not found']);
  });
});
