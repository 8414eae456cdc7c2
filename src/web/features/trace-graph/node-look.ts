import type { Outcome } from '../../model/outcome';

// How the graph draws a transaction and a message, shared by the interactive graph (React Flow,
// trace-graph.tsx) and the still picture drawn before it (trace-picture.tsx), so that the one
// replacing the other changes nothing the reader sees.

/** A failure is drawn heavy and red; a skipped compute phase dashed and amber (no failure); a success plain. */
export const NODE_TONE: Record<Outcome, string> = {
  failed: 'border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50 border-[3px]',
  skipped: 'border-amber-600 border-dashed bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50 border-2',
  success: 'border-slate-400 bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100 border',
};
export const STATUS_TONE: Record<Outcome, string> = {
  failed: 'text-red-700 dark:text-red-300',
  skipped: 'text-amber-800 dark:text-amber-300',
  success: 'text-emerald-700 dark:text-emerald-400',
};
/** The box of a transaction's node (its tone and selection ring added). */
export const TX_NODE_CLASS = 'flex h-full w-full flex-col justify-center rounded-lg px-2 text-xs shadow-sm';
export const SELECTED_RING = 'ring-4 ring-teal-500';

/** A pseudo-node: "+N more" (a button to unfold), the external message in, a message out of the chain. */
export function pseudoNodeClass(more: boolean): string {
  return `flex h-full w-full items-center justify-center rounded-lg border border-dashed text-xs ${more ? 'cursor-pointer border-teal-600 bg-teal-50 font-semibold text-teal-800 dark:bg-teal-950 dark:text-teal-200' : 'border-slate-400 text-slate-600 dark:text-slate-300'}`;
}

/** A message's line: bounced dashed orange, into a failed transaction red, else slate. */
export function edgeStroke(bounced: boolean, failedTarget: boolean) {
  return bounced
    ? { stroke: '#ea580c', strokeWidth: 2.5, strokeDasharray: '7 5' }
    : failedTarget
      ? { stroke: '#dc2626', strokeWidth: 2 }
      : { stroke: '#64748b', strokeWidth: 1.5 };
}

/** An edge label's box, and its two lines' (value, then the message's name). */
export const EDGE_LABEL_CLASS =
  'pointer-events-none absolute text-center text-[11px] leading-tight text-balance break-words';
export const EDGE_VALUE_CLASS =
  'rounded bg-white/90 px-1 font-semibold text-slate-800 dark:bg-slate-950/90 dark:text-slate-100';
export function edgeNameClass(bounced: boolean): string {
  return `rounded px-1 ${bounced ? 'bg-orange-100 font-semibold text-orange-800 dark:bg-orange-950 dark:text-orange-200' : 'bg-white/90 text-slate-700 dark:bg-slate-950/90 dark:text-slate-300'}`;
}
