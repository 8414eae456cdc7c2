/// <reference lib="webworker" />
import { ApiShapeError, readTracesPage } from '../../api/client';
import type * as M from '../../api/model';
import { viewedPage } from './trace-data';
import type { FromTraceWorker, ToTraceWorker } from './trace-reader';

// The trace page's worker (./trace-reader.ts): it parses, checks and normalizes a big `traces`
// answer and builds its view off the main thread, sends the page the view and the answer without
// its transactions, and keeps the whole answer for the page's JSON export.

/** The whole answers, for `whole`: the last few read (a page asks for its own; older ones are read again). */
const KEPT = 2;
const kept = new Map<number, M.TracesPage>();

const post = (m: FromTraceWorker) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);

self.onmessage = (e: MessageEvent<ToTraceWorker>) => {
  const m = e.data;
  if (m.type === 'whole') {
    post({ type: 'whole', id: m.id, page: kept.get(m.id) ?? null });
    return;
  }
  try {
    const page = readTracesPage(m.url, m.bytes);
    kept.set(m.id, page);
    for (const id of kept.keys()) if (kept.size > KEPT) kept.delete(id);
    post({ type: 'read', id: m.id, ...viewedPage(page) });
  } catch (error) {
    post({
      type: 'failed',
      id: m.id,
      shape: error instanceof ApiShapeError ? { url: error.url, issues: error.issues } : null,
      message: String(error),
    });
  }
};
