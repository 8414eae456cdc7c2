// Finds the objects the specs look at by asking the API of the fixture ledger, never by hard-coded
// hashes: the ledger is deterministic, but the specs must hold for any seed.
import type { APIRequestContext } from '@playwright/test';

export interface Msg {
  hash: string;
  source: string | null;
  destination: string | null;
  bounced: boolean | null;
  hash_norm?: string;
}
export interface AccountState {
  balance: string;
  account_status: string;
  code_hash: string | null;
  data_hash: string | null;
}
export interface Tx {
  hash: string;
  account: string;
  lt: string;
  now: number;
  mc_block_seqno: number;
  prev_trans_hash: string;
  prev_trans_lt: string;
  block_ref: { workchain: number; shard: string; seqno: number };
  in_msg: Msg | null;
  out_msgs: Msg[];
  description: {
    aborted?: boolean;
    compute_ph?: {
      skipped?: boolean;
      reason?: string;
      success?: boolean;
      exit_code?: number;
      gas_fees?: string;
      gas_used?: string;
    };
    action?: { success?: boolean };
  };
  account_state_after: AccountState | null;
}
export interface TraceNode {
  tx_hash: string;
  children: TraceNode[];
}
export interface Trace {
  trace_id: string;
  mc_seqno_end: string;
  transactions: Record<string, Tx>;
  actions?: Array<{ type: string }>;
  trace: TraceNode;
}

export const hex = (b64: string) => Buffer.from(b64, 'base64').toString('hex');

/** Every object of a parsed answer made read-only, so that no spec can change what the next one reads. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

// The whole-ledger answers below are about 60 MB each, and fetching and parsing one took seconds of
// every test that asked (the accessibility checks asked four times a test). The fixture ledger does
// not change during a run (live production off) and every spec reads the same server, so each answer
// is fetched once per Playwright worker and kept, frozen. A failed fetch is not kept.
const answers = new Map<string, Promise<unknown>>();
function getOnce<T>(request: APIRequestContext, path: string, pick: (body: unknown) => T): Promise<T> {
  let answer = answers.get(path);
  if (!answer) {
    answer = (async () => {
      const r = await request.get(path);
      if (!r.ok()) throw new Error(`traces: ${r.status()} ${await r.text()}`);
      return deepFreeze(pick(await r.json()));
    })();
    answers.set(path, answer);
    answer.catch(() => answers.delete(path));
  }
  return answer as Promise<T>;
}

/** The ledger's first thousand traces with their actions (a fresh array: specs sort it in place). */
export async function allTraces(request: APIRequestContext): Promise<Trace[]> {
  const traces = await getOnce(
    request,
    '/api/v3/traces?limit=1000&include_actions=true',
    (body) => (body as { traces: Trace[] }).traces,
  );
  return [...traces];
}

export const txsOf = (t: Trace) => Object.values(t.transactions);

export function bounceTrace(traces: Trace[]): Trace {
  const t = traces.find((x) => txsOf(x).some((tx) => tx.in_msg?.bounced));
  if (!t) throw new Error('the fixture ledger has no trace with a bounced message');
  return t;
}

/**
 * A trace with a bounce whose only unsuccessful transactions had their compute phase skipped (a
 * transfer to an account without code): TON's "skipped" outcome, with no failure beside it.
 */
export function skippedBounceTrace(traces: Trace[]): { trace: Trace; skipped: Tx[] } {
  for (const trace of traces) {
    const txs = txsOf(trace);
    const skipped = txs.filter((x) => x.description.compute_ph?.skipped === true);
    const failed = txs.filter(
      (x) =>
        x.description.compute_ph?.skipped === false &&
        (x.description.compute_ph.success === false || x.description.action?.success === false),
    );
    if (skipped.length > 0 && failed.length === 0 && txs.some((x) => x.in_msg?.bounced)) return { trace, skipped };
  }
  throw new Error('the fixture ledger has no bounce off an account without code');
}

/** A trace where a contract ran and threw (compute phase not skipped, not successful). */
export function failedComputeTrace(traces: Trace[]): { trace: Trace; tx: Tx } {
  for (const trace of traces) {
    const tx = txsOf(trace).find(
      (x) =>
        x.description.compute_ph && !x.description.compute_ph.skipped && x.description.compute_ph.success === false,
    );
    if (tx) return { trace, tx };
  }
  throw new Error('the fixture ledger has no trace with a failed compute phase');
}

export function traceWithSize(traces: Trace[], min: number, max: number): Trace {
  const t = traces.find((x) => txsOf(x).length >= min && txsOf(x).length <= max);
  if (!t) throw new Error(`no trace of ${min}..${max} transactions`);
  return t;
}

export function traceWithAction(traces: Trace[], type: string): Trace {
  // the smallest such trace: the traffic also makes some kinds in big traces (a jetton airdrop's
  // mints), which are not the plain case a spec means
  const t = traces
    .filter((x) => (x.actions ?? []).some((a) => a.type === type))
    .sort((a, b) => txsOf(a).length - txsOf(b).length)[0];
  if (!t) throw new Error(`the fixture ledger has no trace with a ${type} action`);
  return t;
}

/** Transactions on the longest path from the root: the graph's columns, less the external message's. */
export function depthOf(node: TraceNode): number {
  return 1 + Math.max(0, ...node.children.map(depthOf));
}

/** The accounts whose address-book entry names this interface (`wallet_v4r2`, `jetton_master`...), from the API. */
export async function accountsWith(request: APIRequestContext, iface: string): Promise<string[]> {
  const book = await getOnce(
    request,
    '/api/v3/traces?limit=1000',
    (body) => (body as { address_book: Record<string, { interfaces?: string[] | null }> }).address_book,
  );
  return Object.entries(book)
    .filter(([, e]) => e.interfaces?.includes(iface))
    .map(([a]) => a)
    .sort();
}
