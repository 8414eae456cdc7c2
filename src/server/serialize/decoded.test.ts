// `message_content.decoded` over the real server and ledger: every message the ledger produces
// with a body is decoded, and a jetton transfer reads, hop by hop, as the classifier saw it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 300_000);
afterAll(async () => s?.close());

type Body = { body: string; decoded: { type: string; comment?: string; data?: Record<string, unknown> } | null };
type Msg = {
  hash: string;
  source: string | null;
  destination: string | null;
  message_content: Body;
  init_state: Body | null;
};
type Tx = { account: string; in_msg: Msg | null; out_msgs: Msg[] };
type Trace = {
  trace_id: string;
  transactions: Record<string, Tx>;
  actions: { type: string; success: boolean; details: Record<string, string> }[];
};

async function traces(): Promise<Trace[]> {
  const out: Trace[] = [];
  for (let offset = 0; ; offset += 200) {
    const r = await s.get(`/api/v3/traces?limit=200&offset=${offset}&include_actions=true`);
    out.push(...(r.body.traces as Trace[]));
    if (r.body.traces.length < 200) return out;
  }
}

describe('message_content.decoded', () => {
  it('is filled for every message with a body, state inits too; an empty body is null', async () => {
    let withBody = 0;
    let empty = 0;
    for (const t of await traces()) {
      for (const tx of Object.values(t.transactions)) {
        for (const m of [tx.in_msg, ...tx.out_msgs]) {
          if (!m) continue;
          // an empty cell's BOC is this one: no bits, no references
          if (m.message_content.body === 'te6cckEBAQEAAgAAAEysuc0=') {
            expect(m.message_content.decoded).toBeNull();
            empty += 1;
            continue;
          }
          withBody += 1;
          expect(m.message_content.decoded, `${m.hash}: ${m.message_content.body}`).not.toBeNull();
          if (m.init_state) expect(m.init_state.decoded?.type).toBe('state_init');
        }
      }
    }
    expect(withBody).toBeGreaterThan(100);
    expect(empty).toBeGreaterThan(0);
  }, 300_000);

  it('a jetton transfer: transfer, internal_transfer, notify and excess, with the amounts and addresses of its action', async () => {
    const all = await traces();
    const trace = all.find((t) =>
      t.actions.some((a) => a.type === 'jetton_transfer' && a.success && a.details.forward_amount !== '0'),
    )!;
    const action = trace.actions.find((a) => a.type === 'jetton_transfer')!;
    const txs = Object.values(trace.transactions);
    const inOf = (account: string) =>
      txs.find((t) => t.account === account && t.in_msg?.source)!.in_msg!.message_content.decoded!;
    const transfer = inOf(action.details.sender_jetton_wallet!);
    expect(transfer.type).toBe('jetton_transfer');
    expect(transfer.data).toMatchObject({
      amount: action.details.amount,
      destination: action.details.receiver,
      query_id: action.details.query_id,
    });
    const internal = inOf(action.details.receiver_jetton_wallet!);
    expect(internal.type).toBe('jetton_internal_transfer');
    expect(internal.data).toMatchObject({ amount: action.details.amount, from: action.details.sender });
    const notify = txs.flatMap((t) => t.out_msgs).find((m) => m.message_content.decoded?.type === 'jetton_notify')!;
    expect(notify.destination).toBe(action.details.receiver);
    expect(notify.message_content.decoded!.data).toMatchObject({
      amount: action.details.amount,
      sender: action.details.sender,
    });
    const excess = txs.flatMap((t) => t.out_msgs).find((m) => m.message_content.decoded?.type === 'excess')!;
    expect(excess.destination).toBe(action.details.response_destination);
    expect(excess.message_content.decoded!.data).toEqual({ query_id: action.details.query_id });
    // the wallet's external carries the transfer too, decoded inside its signed body
    const external = txs.find((t) => t.in_msg && t.in_msg.source === null)!.in_msg!.message_content.decoded!;
    expect(['wallet_signed_v4', 'w5_external_signed_request']).toContain(external.type);
    expect(JSON.stringify(external.data)).toContain('"type":"jetton_transfer"');
  }, 300_000);
});
