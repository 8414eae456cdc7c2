import type * as M from '../../api/model';
import { fromApiTrace, type TraceView } from './trace-view';

/**
 * The trace page's data: the `traces` answer of one trace and the view its graph, table and lanes
 * draw (./trace-view.ts), built once where the answer was read. A big answer is read in a worker
 * (./trace-reader.ts), which hands over the view and the answer without its trace's transactions
 * and tree; `whole` gives the answer with them (the JSON export).
 */
export interface TraceData {
  page: M.TracesPage;
  view: TraceView | null;
  whole: () => Promise<M.TracesPage>;
}

/** The data of an answer read here, whole (a small answer, or a live notification's trace). */
export function traceDataOf(page: M.TracesPage): TraceData {
  return { page, view: viewOf(page), whole: () => Promise.resolve(page) };
}

/**
 * What a worker that read an answer sends to the page: the view, and the answer without what the
 * view already holds (each trace's `transactions` and `root`), so the page receives a copy of the
 * few fields it draws per transaction instead of every transaction's messages, states and bodies.
 */
export function viewedPage(page: M.TracesPage): { page: M.TracesPage; view: TraceView | null } {
  return {
    page: { ...page, traces: page.traces.map((t) => ({ ...t, root: null, transactions: {} })) },
    view: viewOf(page),
  };
}

function viewOf(page: M.TracesPage): TraceView | null {
  const t = page.traces[0];
  return t ? fromApiTrace(t, page.addressBook) : null;
}
