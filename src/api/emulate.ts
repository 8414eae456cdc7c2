// Emulation as TON Center's emulation service serves it (`POST /api/emulate/v1/emulateTrace`, the
// same path on our server and on TON Center's origin), read into the model a real trace is read
// into, so the explorer draws a trace to come with the components of a trace that happened. Two
// forms of transactions arrive: the v3 form (ours, and TON Center's current index), and the older
// form of TON Center's emulation service (amounts as JSON numbers, `body_boc`, `init_state_boc`,
// `account_state_hash_before/after` naming entries of `account_states`), which is put in the v3
// form before it is read. Also: sending the message (v3 `message`) and finding the real trace it
// starts, pending (`pendingTraces`) or complete (`traces?msg_hash=`).
import { z } from 'zod/mini';
import { ApiError, ApiUnreachableError, type LedgerClient } from './client';
import type * as M from './model';
import { normalizeTracesPage } from './normalize';
import {
  numberish,
  wireAction,
  wireAddressBook,
  wireMetadata,
  wireTraceNode,
  wireTracesResponse,
  wireTransaction,
  type WireTraceNode,
} from './wire';

export const EMULATE_PATH = '/api/emulate/v1/emulateTrace';
export const SEND_MESSAGE_PATH = '/api/v3/message';
export const PENDING_TRACES_PATH = '/api/v3/pendingTraces';

const opt = <T extends z.ZodMiniType>(t: T) => z.optional(z.nullable(t));

const wireEmulation = z.looseObject({
  mc_block_seqno: opt(numberish),
  trace: wireTraceNode,
  transactions: z.record(z.string(), z.looseObject({ account: z.string() })),
  account_states: opt(z.record(z.string(), z.looseObject({}))),
  actions: opt(z.array(wireAction)),
  address_book: opt(wireAddressBook),
  metadata: opt(wireMetadata),
  rand_seed: opt(z.string()),
  is_incomplete: opt(z.boolean()),
});

/** A trace to come, as the explorer reads it. */
export interface Emulation {
  /** One trace, in the form of a `traces` answer (transactions in no block: `block.seqno` 0). */
  page: M.TracesPage;
  /** The masterchain block whose state it ran on. */
  mcSeqno: number | null;
  randSeed: string | null;
  /** A bound (transactions, time) cut it short. */
  incomplete: boolean;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** An amount the older form prints as a JSON number, as the v3 form's decimal string. */
const amount = (v: unknown) => (typeof v === 'number' ? String(v) : v);

function v3Message(m: Obj): Obj {
  const out: Obj = { ...m };
  for (const k of ['value', 'fwd_fee', 'ihr_fee', 'import_fee']) out[k] = amount(m[k]);
  if (m.message_content === undefined && typeof m.body_boc === 'string')
    out.message_content = { hash: '', body: m.body_boc };
  if (m.init_state === undefined && typeof m.init_state_boc === 'string')
    out.init_state = { hash: '', body: m.init_state_boc };
  return out;
}

function v3State(hash: unknown, states: Obj): Obj | null {
  if (typeof hash !== 'string') return null;
  const s = states[hash];
  return isObj(s) ? { ...s, hash, balance: amount(s.balance) } : { hash };
}

/** A transaction of either form in the v3 form, with its hash (the map's key) and, in no block, a stand-in block. */
function v3Transaction(hash: string, t: Obj, states: Obj, mcSeqno: number | null): unknown {
  const workchain = Number(String(t.account).split(':')[0]);
  return {
    ...t,
    hash,
    total_fees: amount(t.total_fees),
    mc_block_seqno: t.mc_block_seqno ?? mcSeqno,
    // an emulated transaction is in no block (block_ref null); seqno 0 marks it so (fromEmulatedTrace)
    block_ref: t.block_ref ?? { workchain, shard: '8000000000000000', seqno: 0 },
    in_msg: isObj(t.in_msg) ? v3Message(t.in_msg) : null,
    out_msgs: Array.isArray(t.out_msgs) ? t.out_msgs.filter(isObj).map(v3Message) : [],
    account_state_before: t.account_state_before ?? v3State(t.account_state_hash_before, states),
    account_state_after: t.account_state_after ?? v3State(t.account_state_hash_after, states),
  };
}

const lt = (t: { lt: string }) => BigInt(t.lt);

/** An emulation answer of either form, read; throws (naming the field) when it is not one. */
export function normalizeEmulation(body: unknown): Emulation {
  const r = wireEmulation.parse(body);
  const mcSeqno = r.mc_block_seqno ?? null;
  const states = (r.account_states ?? {}) as Obj;
  const txs = Object.entries(r.transactions).map(([hash, t]) =>
    wireTransaction.parse(v3Transaction(hash, t, states, mcSeqno)),
  );
  if (txs.length === 0) throw new Error('the emulation has no transactions');
  const byLt = [...txs].sort((a, b) => (lt(a) < lt(b) ? -1 : lt(a) > lt(b) ? 1 : 0));
  const first = byLt[0]!;
  const last = byLt[byLt.length - 1]!;
  const incomplete = r.is_incomplete ?? false;
  const root: WireTraceNode = r.trace;
  const trace = {
    trace_id: root.tx_hash ?? first.hash,
    external_hash: root.in_msg_hash ?? null,
    mc_seqno_start: mcSeqno ?? 0,
    mc_seqno_end: mcSeqno ?? 0,
    start_lt: first.lt,
    end_lt: last.lt,
    start_utime: Math.min(...txs.map((t) => t.now)),
    end_utime: Math.max(...txs.map((t) => t.now)),
    trace_info: {
      trace_state: incomplete ? 'pending' : 'complete',
      classification_state: r.actions ? 'ok' : 'unclassified',
      transactions: txs.length,
      messages: txs.reduce((n, t) => n + t.out_msgs.length, 1),
      pending_messages: 0,
    },
    is_incomplete: incomplete,
    trace: root,
    transactions_order: byLt.map((t) => t.hash),
    transactions: Object.fromEntries(txs.map((t) => [t.hash, t])),
    actions: r.actions ?? null,
  };
  const page = normalizeTracesPage(
    wireTracesResponse.parse({ traces: [trace], address_book: r.address_book ?? {}, metadata: r.metadata ?? {} }),
  );
  return { page, mcSeqno, randSeed: r.rand_seed ?? null, incomplete };
}

const wireError = z.looseObject({ error: opt(z.string()) });

async function post(api: LedgerClient, path: string, body: object, signal?: AbortSignal): Promise<unknown> {
  const url = `${api.base}${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      signal,
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiUnreachableError(api.base, error);
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const e = wireError.safeParse(json);
    throw new ApiError(res.status, (e.success && e.data.error) || `HTTP ${res.status}`, url);
  }
  return json;
}

/** What the explorer asks of the emulation: the trace with its actions, address book and metadata, signature checked. */
export const emulateRequest = (boc: string) => ({
  boc,
  ignore_chksig: false,
  with_actions: true,
  include_code_data: false,
  include_address_book: true,
  include_metadata: true,
});

/** The trace `boc` (an external message, base64) would make on the current state, with its actions. */
export async function emulateTrace(api: LedgerClient, boc: string, signal?: AbortSignal): Promise<Emulation> {
  const body = await post(api, EMULATE_PATH, emulateRequest(boc), signal);
  try {
    return normalizeEmulation(body);
  } catch (error) {
    throw new ApiError(
      200,
      `the emulation answer is not in a form this explorer reads (${(error as Error).message})`,
      EMULATE_PATH,
    );
  }
}

const wireSent = z.looseObject({ message_hash: z.string(), message_hash_norm: opt(z.string()) });

/** Sends the message (v3 `message`); its hash and normalized hash (base64) as the API answers them. */
export async function sendMessage(api: LedgerClient, boc: string): Promise<{ hash: string; hashNorm: string | null }> {
  const r = wireSent.parse(await post(api, SEND_MESSAGE_PATH, { boc }));
  return { hash: r.message_hash, hashNorm: r.message_hash_norm ?? null };
}

/**
 * The real trace of the external message `hash` (base64), as it stands: complete (`traces` by its
 * message, with actions), else still in flight (`pendingTraces` by its external hash), else null.
 */
export async function realTraceOf(api: LedgerClient, hash: string, signal?: AbortSignal): Promise<M.TracesPage | null> {
  const done = await api.getTraces({ msg_hash: [hash], include_actions: true, limit: 1 }, signal);
  if (done.traces.length > 0) return done;
  const url = `${api.base}${PENDING_TRACES_PATH}?ext_msg_hash=${encodeURIComponent(hash)}`;
  const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) return null;
  const pending = normalizeTracesPage(wireTracesResponse.parse(await res.json()));
  return pending.traces.length > 0 ? pending : null;
}
