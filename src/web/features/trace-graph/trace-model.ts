import { describeExitCode, describeResultCode } from '../../../ton/exit-codes';

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
}

export interface TxView {
  hash: string;
  account: string;
  lt: string;
  now: number;
  parent: string | null;
  children: string[];
  depth: number;
  inMsg: MessageView | null;
  outMsgs: MessageView[];
  aborted: boolean;
  computeSkipped: boolean;
  computeSkipReason: string | null;
  exitCode: number | null;
  actionResultCode: number | null;
  success: boolean;
  totalFees: string;
  interfaces: string[];
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

/** A transaction failed when it was aborted, or its compute or action phase did not succeed. */
export function failureOf(tx: TxView): string | null {
  if (tx.success) return null;
  if (tx.computeSkipped) return `compute skipped${tx.computeSkipReason ? ` (${tx.computeSkipReason})` : ''}`;
  if (tx.exitCode !== null && tx.exitCode !== 0 && tx.exitCode !== 1) {
    const m = describeExitCode(tx.exitCode, { wallet: tx.interfaces.some((i) => i.startsWith('wallet')) });
    return `exit code ${tx.exitCode}: ${m.name}`;
  }
  if (tx.actionResultCode !== null && tx.actionResultCode !== 0) {
    return `action phase result ${tx.actionResultCode}: ${describeResultCode(tx.actionResultCode).name}`;
  }
  return 'aborted';
}

/** The first failing transaction in lt order, the place to start reading a failed trace. */
export function firstFailure(trace: TraceView): TxView | null {
  let first: TxView | null = null;
  for (const tx of trace.txs.values()) {
    if (!tx.success && (first === null || BigInt(tx.lt) < BigInt(first.lt))) first = tx;
  }
  return first;
}

// ---- the wire shape (v3 Trace of SPEC.md/API.md), only the fields read here ----------------------

interface WireMessage {
  hash: string;
  source?: string | null;
  destination?: string | null;
  value?: string | null;
  opcode?: number | null;
  bounce?: boolean | null;
  bounced?: boolean | null;
  fwd_fee?: string | null;
  message_content?: { decoded?: { type?: string; comment?: string } | null } | null;
}

interface WireTransaction {
  hash: string;
  account: string;
  lt: string;
  now: number;
  total_fees?: string;
  mc_block_seqno?: number | null;
  block_ref?: { workchain: number; shard: string; seqno: number } | null;
  in_msg?: WireMessage | null;
  out_msgs?: WireMessage[];
  description?: {
    aborted?: boolean;
    compute_ph?: { skipped?: boolean; reason?: string; success?: boolean; exit_code?: number };
    action?: { success?: boolean; result_code?: number };
  };
}

interface WireNode {
  transaction_hash?: string;
  tx_hash?: string;
  children?: WireNode[];
}

export interface WireTrace {
  trace_id: string;
  trace: WireNode;
  transactions: Record<string, WireTransaction>;
  is_incomplete?: boolean;
  warning?: string | null;
  start_utime?: number;
  end_utime?: number;
}

export type AddressBook = Record<string, { user_friendly?: string; interfaces?: string[] | null; domain?: string | null }>;

function messageView(m: WireMessage): MessageView {
  const decoded = m.message_content?.decoded;
  return {
    hash: m.hash,
    source: m.source ?? null,
    destination: m.destination ?? null,
    value: m.value ?? '0',
    opcode: m.opcode ?? null,
    comment: decoded && decoded.type === 'text_comment' && typeof decoded.comment === 'string' ? decoded.comment : null,
    bounce: m.bounce ?? false,
    bounced: m.bounced ?? false,
    fwdFee: m.fwd_fee ?? null,
  };
}

export function txViewOf(t: WireTransaction, book: AddressBook = {}): Omit<TxView, 'parent' | 'children' | 'depth'> {
  const d = t.description ?? {};
  const compute = d.compute_ph ?? {};
  const action = d.action;
  const computeSkipped = compute.skipped === true;
  const computeOk = !computeSkipped && compute.success !== false;
  const actionOk = action === undefined || action.success !== false;
  return {
    hash: t.hash,
    account: t.account,
    lt: t.lt,
    now: t.now,
    inMsg: t.in_msg ? messageView(t.in_msg) : null,
    outMsgs: (t.out_msgs ?? []).map(messageView),
    aborted: d.aborted === true,
    computeSkipped,
    computeSkipReason: computeSkipped ? compute.reason ?? null : null,
    exitCode: computeSkipped ? null : compute.exit_code ?? null,
    actionResultCode: action?.result_code ?? null,
    // A skipped compute phase (no state, no funds) is a failure of the receiver; a tick-tock or a
    // transaction without a compute phase counts as success unless it was aborted.
    success: d.aborted !== true && computeOk && actionOk,
    totalFees: t.total_fees ?? '0',
    interfaces: book[t.account]?.interfaces ?? [],
    blockRef: t.block_ref ?? null,
    mcSeqno: t.mc_block_seqno ?? null,
  };
}

/** The wire trace to the view: walks the tree iteratively (a chain trace can be thousands deep). */
export function fromApiTrace(trace: WireTrace, book: AddressBook = {}): TraceView {
  const txs = new Map<string, TxView>();
  const order: string[] = [];
  const hashOf = (n: WireNode) => n.transaction_hash ?? n.tx_hash ?? '';
  const stack: Array<{ node: WireNode; parent: string | null; depth: number }> = [{ node: trace.trace, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const { node, parent, depth } = stack.pop()!;
    const hash = hashOf(node);
    const wire = trace.transactions[hash];
    if (!wire) continue;
    const children = (node.children ?? []).filter((c) => trace.transactions[hashOf(c)]);
    children.sort((a, b) => cmpLt(trace.transactions[hashOf(a)]!.lt, trace.transactions[hashOf(b)]!.lt));
    txs.set(hash, { ...txViewOf(wire, book), parent, depth, children: children.map(hashOf) });
    order.push(hash);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, parent: hash, depth: depth + 1 });
  }
  return {
    traceId: trace.trace_id,
    rootHash: hashOf(trace.trace),
    txs,
    order,
    isIncomplete: trace.is_incomplete ?? false,
    warning: trace.warning ?? null,
    startUtime: trace.start_utime ?? 0,
    endUtime: trace.end_utime ?? 0,
  };
}

function cmpLt(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
