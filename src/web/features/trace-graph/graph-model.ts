import { OUTCOME_MARK, verdictOf, type Outcome } from '../../model/outcome';
import { firstFailure, type MessageView, type TraceView, type TxView } from '../../model/trace-view';
import { FOLD_LIMIT, layoutTree, wrapLayout, type LayoutInput, type TraceLayout } from './trace-layout';
import { WRAP_MAX_NODES } from './trace-viewport';

/** Pseudo-nodes around the transactions: the external message that began the trace, and messages sent out of the chain (logs/events). */
export const EXT_IN_PREFIX = 'in:';
export const EXT_OUT_PREFIX = 'out:';

export interface TraceGraphModel {
  layout: TraceLayout;
  /** Tree parent of every placed node (for arrow-key moves). */
  input: LayoutInput;
}

/** The trace as a layout tree: the external inbound message as a pseudo-root, external-out messages as leaves. */
export function traceLayoutInput(trace: TraceView): LayoutInput {
  const build = new Map<string, LayoutInput>();
  for (const hash of trace.order) build.set(hash, { id: hash, children: [] });
  for (const hash of trace.order) {
    const tx = trace.txs.get(hash)!;
    const node = build.get(hash)!;
    for (const child of tx.children) {
      const c = build.get(child);
      if (c) node.children.push(c);
    }
    for (const m of tx.outMsgs)
      if (m.destination === null) node.children.push({ id: EXT_OUT_PREFIX + m.hash, children: [] });
  }
  const root = build.get(trace.rootHash);
  if (!root) return { id: 'empty', children: [] };
  const rootTx = trace.txs.get(trace.rootHash)!;
  return rootTx.inMsg && rootTx.inMsg.source === null
    ? { id: EXT_IN_PREFIX + rootTx.inMsg.hash, children: [root] }
    : root;
}

/** Whether a transaction sits under its parent's "+N more" node while that parent is not expanded (same order as traceLayoutInput: transactions, then external-outs). */
export function isFoldedChild(trace: TraceView, hash: string): boolean {
  const parentHash = trace.txs.get(hash)?.parent;
  const parent = parentHash ? trace.txs.get(parentHash) : undefined;
  if (!parent) return false;
  const kids = parent.children.filter((c) => trace.txs.has(c));
  const total = kids.length + parent.outMsgs.filter((m) => m.destination === null).length;
  return total > FOLD_LIMIT && kids.indexOf(hash) >= FOLD_LIMIT - 1;
}

/**
 * The graph's layout; `columns` (how many fit the canvas at full size) wraps a small trace's deep
 * chain into bands so that it opens whole and readable (a swap's eight hops).
 */
export function buildGraphModel(trace: TraceView, expanded: ReadonlySet<string>, columns = 0): TraceGraphModel {
  const input = traceLayoutInput(trace);
  const layout = layoutTree(input, { expanded });
  return {
    input,
    layout: columns > 0 && layout.nodes.length <= WRAP_MAX_NODES ? wrapLayout(layout, columns) : layout,
  };
}

/** The transactions from the root to the first failure (the path a failed trace opens on), root first. */
export function failurePath(trace: TraceView): string[] {
  const path: string[] = [];
  for (let tx = firstFailure(trace); tx; tx = tx.parent ? (trace.txs.get(tx.parent) ?? null) : null)
    path.unshift(tx.hash);
  return path;
}

/** The message on the edge into a placed node: its inbound message, or the external-out message itself. */
export function edgeMessage(trace: TraceView, sourceId: string, targetId: string): MessageView | null {
  if (targetId.startsWith(EXT_OUT_PREFIX)) {
    const h = targetId.slice(EXT_OUT_PREFIX.length);
    return trace.txs.get(sourceId)?.outMsgs.find((m) => m.hash === h) ?? null;
  }
  return trace.txs.get(targetId)?.inMsg ?? null;
}

export interface NodeText {
  title: string;
  status: string;
  outcome: Outcome;
  failed: boolean;
}

export function txNodeText(tx: TxView, letter: string, iface: string | undefined): NodeText {
  const v = verdictOf(tx);
  return {
    title: `${letter} · ${iface ?? 'account'}`,
    status: `${OUTCOME_MARK[v.outcome]} ${v.text}`,
    outcome: v.outcome,
    failed: v.outcome === 'failed',
  };
}
