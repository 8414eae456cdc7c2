import { outcomeOf, verdictOf, type PhaseVerdict } from './outcome';
import type * as M from '../../api/model';

/**
 * The trace as the graph, table and summaries read it: one entry per transaction with its place in
 * the tree, its inbound message (the edge from its parent) and the verdict of its phases. Built
 * from the API's trace (see `fromApiTrace`), so views never walk the wire shape.
 */
export interface MessageView {
  hash: string;
  source: string | null;
  destination: string | null;
  value: string;
  opcode: number | null;
  comment: string | null;
  bounce: boolean;
  bounced: boolean;
  fwdFee: string | null;
  ihrFee: string | null;
}

/** A transaction with its place in the tree; the phases' verdict (`PhaseVerdict`) is read by `outcome.ts`. */
export interface TxView extends PhaseVerdict {
  hash: string;
  account: string;
  lt: string;
  now: number;
  parent: string | null;
  children: string[];
  depth: number;
  inMsg: MessageView | null;
  outMsgs: MessageView[];
  totalFees: string;
  /** The account's balance before and after (null where the API's state has none: TON Center's may not). */
  balanceBefore: string | null;
  balanceAfter: string | null;
  blockRef: { workchain: number; shard: string; seqno: number } | null;
  mcSeqno: number | null;
}

export interface TraceView {
  traceId: string;
  rootHash: string;
  txs: Map<string, TxView>;
  /** Depth-first order, children in lt order: the reading order of the graph and the table. */
  order: string[];
  isIncomplete: boolean;
  warning: string | null;
  startUtime: number;
  endUtime: number;
}

/** What the phases say, all that an outcome is read from (the v2 block list fills it from a BOC). */
export type TxVerdict = PhaseVerdict;

/** The failure in words, or null for a success and for a skipped compute phase (see `outcome.ts`). */
export function failureOf(tx: TxVerdict): string | null {
  const v = verdictOf(tx);
  return v.outcome === 'failed' ? v.text : null;
}

/** The first failed transaction in lt order, the place to start reading a failed trace (a skipped one is no failure). */
export function firstFailure(trace: TraceView): TxView | null {
  let first: TxView | null = null;
  for (const tx of trace.txs.values()) {
    if (outcomeOf(tx) === 'failed' && (first === null || BigInt(tx.lt) < BigInt(first.lt))) first = tx;
  }
  return first;
}

// ---- from src/api's normalized model ------------------------------------------------------------

export type AddressBook = M.AddressBook;

function messageView(m: M.Message): MessageView {
  return {
    hash: m.hash,
    source: m.source,
    destination: m.destination,
    value: m.value ?? '0',
    opcode: m.opcode,
    comment: m.body?.comment ?? null,
    bounce: m.bounce ?? false,
    bounced: m.bounced ?? false,
    fwdFee: m.fwdFee,
    ihrFee: m.ihrFee,
  };
}

export function txViewOf(t: M.Transaction, book: AddressBook = {}): Omit<TxView, 'parent' | 'children' | 'depth'> {
  const d = t.description;
  const compute = d.compute;
  const computeSkipped = compute?.skipped === true;
  const computeOk = compute === null || (!compute.skipped && compute.success);
  const actionOk = d.action === null || d.action.success;
  return {
    hash: t.hash,
    account: t.account,
    lt: t.lt,
    now: t.now,
    inMsg: t.inMsg ? messageView(t.inMsg) : null,
    outMsgs: t.outMsgs.map(messageView),
    aborted: d.aborted,
    computeSkipped,
    computeSkipReason: compute?.skipped ? compute.reason : null,
    exitCode: compute && !compute.skipped ? compute.exitCode : null,
    actionResultCode: d.action?.resultCode ?? null,
    // Not a success when the compute phase was skipped (no state, no funds): its outcome is then
    // "skipped", told apart from a failure by `outcomeOf`. A tick-tock or a transaction without a
    // compute phase counts as success unless it was aborted.
    success: !d.aborted && computeOk && actionOk,
    totalFees: t.totalFees,
    balanceBefore: t.stateBefore?.balance ?? null,
    balanceAfter: t.stateAfter?.balance ?? null,
    interfaces: book[t.account]?.interfaces ?? [],
    blockRef: t.block,
    mcSeqno: t.mcSeqno,
  };
}

/** The API's trace to the view: walks the tree iteratively (a chain trace can be thousands deep). */
export function fromApiTrace(trace: M.Trace, book: AddressBook = {}): TraceView {
  const txs = new Map<string, TxView>();
  const order: string[] = [];
  const hashOf = (n: M.TraceNode) => n.txHash;
  const stack: Array<{ node: M.TraceNode; parent: string | null; depth: number }> = trace.root
    ? [{ node: trace.root, parent: null, depth: 0 }]
    : [];
  while (stack.length > 0) {
    const { node, parent, depth } = stack.pop()!;
    const hash = hashOf(node);
    const wire = trace.transactions[hash];
    if (!wire) continue;
    const children = node.children.filter((c) => trace.transactions[hashOf(c)]);
    children.sort((a, b) => cmpLt(trace.transactions[hashOf(a)]!.lt, trace.transactions[hashOf(b)]!.lt));
    txs.set(hash, { ...txViewOf(wire, book), parent, depth, children: children.map(hashOf) });
    order.push(hash);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, parent: hash, depth: depth + 1 });
  }
  return {
    traceId: trace.traceId,
    rootHash: trace.root ? hashOf(trace.root) : '',
    txs,
    order,
    isIncomplete: trace.isIncomplete,
    warning: trace.warning,
    startUtime: trace.startUtime,
    endUtime: trace.endUtime,
  };
}

function cmpLt(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
