// TON Center `traces` answers BUILT for the specs, not recorded: no public recording of a swap, a
// skipped notification or a failed jetton transfer as TON Center serves them with actions was found
// (src/api/test-support/fixtures/ton-center/SOURCES.md lists the searches). Each transaction is the
// recorded mainnet transaction of v3-traces-cookbook-mainnet.json (every field as TON Center writes
// it), given the account, hashes, lts, messages and phases of its hop; the actions follow
// ton-index-go's models (ActionDetailsJettonSwap, ...JettonTransfer). Amounts are illustrative.
import { createHash } from 'node:crypto';
import { Address } from '@ton/core';
import { recorded } from './ton-center-fixtures';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- TON Center's JSON, built field by field

const cookbook = recorded('v3-traces-cookbook-mainnet.json');
/** The recorded wallet transaction: compute and action phases, an external inbound message. */
const TEMPLATE: Json = cookbook.traces[0].transactions[cookbook.traces[0].trace_id];

const sha = (label: string) => createHash('sha256').update(label).digest();
export const hashOf = (label: string) => sha(label).toString('base64');
export const addressOf = (label: string) => `0:${sha(label).toString('hex').toUpperCase()}`;

/** A hop of the trace: the transaction of `account` caused by a message from its parent's account. */
export interface Hop {
  id: string;
  account: string;
  parent: string | null;
  /** nanotons the inbound message carries */
  value?: string;
  opcode?: string;
  /** success (default), a thrown exit code, or a compute phase skipped for this reason */
  outcome?: { exit: number } | { skip: 'no_gas' | 'no_state' };
}

const BASE_LT = 61949829000000n;
const NOW = 1758910259;

function description(hop: Hop, value: string): Json {
  const ok = structuredClone(TEMPLATE.description);
  if (!hop.outcome) return ok;
  if ('skip' in hop.outcome) {
    return {
      type: 'ord',
      aborted: true,
      destroyed: false,
      credit_first: true,
      storage_ph: ok.storage_ph,
      credit_ph: { credit: value },
      compute_ph: { skipped: true, reason: hop.outcome.skip },
    };
  }
  return {
    ...ok,
    aborted: true,
    compute_ph: { ...ok.compute_ph, success: false, exit_code: hop.outcome.exit },
    action: undefined,
  };
}

/** The whole `traces` answer of one trace: tree, transactions map, actions, address book, metadata. */
export function builtTrace(
  name: string,
  hops: Hop[],
  actions: Array<{ type: string; success?: boolean; details: Json; hops: string[] }>,
  book: Record<string, { interfaces: string[] }>,
  metadata: Json = {},
): Json {
  const txHash = (id: string) => hashOf(`${name}/tx/${id}`);
  const msgHash = (id: string) => hashOf(`${name}/msg/${id}`);
  const lt = (i: number) => String(BASE_LT + BigInt(i * 2 + 1));
  const byId = new Map(hops.map((h, i) => [h.id, { hop: h, i }]));
  const inMsg = (hop: Hop): Json => {
    if (hop.parent === null)
      return { ...structuredClone(TEMPLATE.in_msg), hash: msgHash(hop.id), destination: hop.account, init_state: null };
    const parent = byId.get(hop.parent)!;
    return {
      hash: msgHash(hop.id),
      source: parent.hop.account,
      destination: hop.account,
      value: hop.value ?? '50000000',
      value_extra_currencies: {},
      fwd_fee: '1000000',
      ihr_fee: '0',
      created_lt: String(BigInt(lt(parent.i)) + 1n),
      created_at: String(NOW),
      opcode: hop.opcode ?? null,
      ihr_disabled: true,
      bounce: true,
      bounced: false,
      import_fee: null,
      message_content: { hash: hashOf(`${name}/body/${hop.id}`), body: 'te6cckEBAQEAAgAAAEysuc0=', decoded: null },
      init_state: null,
      in_msg_tx_hash: txHash(hop.id),
      out_msg_tx_hash: txHash(hop.parent),
    };
  };
  const messages = new Map(hops.map((h) => [h.id, inMsg(h)]));
  const transactions: Json = {};
  hops.forEach((hop, i) => {
    const m = messages.get(hop.id);
    transactions[txHash(hop.id)] = {
      ...structuredClone(TEMPLATE),
      account: hop.account,
      hash: txHash(hop.id),
      lt: lt(i),
      trace_id: txHash(hops[0]!.id),
      orig_status: 'active',
      end_status: 'active',
      description: description(hop, m.value ?? '0'),
      in_msg: m,
      out_msgs: hops.filter((c) => c.parent === hop.id).map((c) => messages.get(c.id)),
    };
  });
  const node = (hop: Hop): Json => ({
    tx_hash: txHash(hop.id),
    in_msg_hash: msgHash(hop.id),
    children: hops.filter((c) => c.parent === hop.id).map(node),
  });
  const root = hops[0]!;
  return {
    traces: [
      {
        trace_id: txHash(root.id),
        external_hash: msgHash(root.id),
        mc_seqno_start: String(TEMPLATE.mc_block_seqno),
        mc_seqno_end: String(TEMPLATE.mc_block_seqno),
        start_lt: lt(0),
        start_utime: NOW,
        end_lt: lt(hops.length - 1),
        end_utime: NOW,
        trace_info: {
          trace_state: 'complete',
          messages: hops.length,
          transactions: hops.length,
          pending_messages: 0,
          classification_state: 'ok',
        },
        is_incomplete: false,
        trace: node(root),
        transactions_order: hops.map((h) => txHash(h.id)),
        transactions,
        actions: actions.map((a, i) => ({
          trace_id: txHash(root.id),
          action_id: hashOf(`${name}/action/${i}`),
          start_lt: lt(0),
          end_lt: lt(hops.length - 1),
          start_utime: NOW,
          end_utime: NOW,
          trace_end_lt: lt(hops.length - 1),
          trace_end_utime: NOW,
          trace_mc_seqno_end: TEMPLATE.mc_block_seqno,
          transactions: a.hops.map(txHash),
          success: a.success ?? true,
          type: a.type,
          details: a.details,
          trace_external_hash: msgHash(root.id),
          accounts: [...new Set(a.hops.map((h) => byId.get(h)!.hop.account))],
        })),
      },
    ],
    address_book: Object.fromEntries(
      Object.entries(book).map(([raw, e]) => [
        raw,
        { user_friendly: Address.parseRaw(raw).toString({ urlSafe: true }), domain: null, interfaces: e.interfaces },
      ]),
    ),
    metadata,
  };
}

/** The root transaction's hash (the trace id) and every transaction's, for a recording's `answers`. */
export function hashesOf(answer: Json): { traceId: string; txs: string[] } {
  const t = answer.traces[0];
  return { traceId: t.trace_id, txs: Object.keys(t.transactions) };
}
