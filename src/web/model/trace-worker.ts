/// <reference lib="webworker" />
import { ApiShapeError } from '../../api/client';
import type * as M from '../../api/model';
import { tracesStreamReader, type TracesStreamReader } from '../../api/traces-stream-reader';
import { viewedPage } from './trace-data';
import type { FromTraceWorker, ToTraceWorker } from './trace-reader';

// The trace page's worker (./trace-reader.ts): it reads a big `traces` answer's pieces as they
// come (parsing, checking and normalizing each transaction as it arrives: api/traces-stream-reader.ts),
// then the rest of the answer, and builds its view off the main thread,
// sends the page the view and the answer without its transactions, and keeps the whole answer for
// the page's JSON export.

/** The whole answers, for `whole`: the last few read (a page asks for its own; older ones are read again). */
const KEPT = 2;
const kept = new Map<number, M.TracesPage>();

const post = (m: FromTraceWorker) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);

/** The answers on their way: their pieces read as they come. */
const reading = new Map<number, TracesStreamReader>();

self.onmessage = (e: MessageEvent<ToTraceWorker>) => {
  const m = e.data;
  if (m.type === 'whole') {
    post({ type: 'whole', id: m.id, page: kept.get(m.id) ?? null });
    return;
  }
  if (m.type === 'drop') {
    reading.delete(m.id);
    return;
  }
  if (m.type === 'chunk') {
    let r = reading.get(m.id);
    if (!r) reading.set(m.id, (r = tracesStreamReader()));
    r.push(m.bytes);
    return;
  }
  const r = reading.get(m.id);
  reading.delete(m.id);
  try {
    if (!r) throw new Error('the trace reader received no answer to read');
    const page = r.finish(m.url);
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
