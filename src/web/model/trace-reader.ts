import { ApiShapeError, readTracesPageInTasks, type LedgerClient } from '../../api/client';
import type * as M from '../../api/model';
import { nextTask } from '../../api/next-task';
import type { TracesRequest } from '../../api/request-params';
import { traceDataOf, type TraceData } from './trace-data';
import type { TraceView } from './trace-view';

/**
 * From this many bytes a `traces` answer is read in a worker. A trace of thousands of transactions
 * is tens of megabytes of JSON (each transaction ~12 KB, printed twice by our API: in the tree and
 * in the map); parsed, checked and normalized on the main thread it held the page for seconds.
 * Below it (a trace of up to ~80 transactions) the worker's start and the copy back cost more
 * than they save, and the page reads the answer itself, as before.
 */
export const WORKER_MIN_BYTES = 1_000_000;

/** The User Timing marks of a big trace's answer: its last byte received, and read by the worker. */
export const TRACE_RECEIVED_MARK = 'ledgerscope:trace-received';
export const TRACE_READ_MARK = 'ledgerscope:trace-read';

export type ToTraceWorker =
  | { type: 'chunk'; id: number; bytes: ArrayBuffer }
  | { type: 'end'; id: number; url: string }
  | { type: 'drop'; id: number }
  | { type: 'whole'; id: number };
export type FromTraceWorker =
  | { type: 'read'; id: number; page: M.TracesPage; view: TraceView | null }
  | { type: 'whole'; id: number; page: M.TracesPage | null }
  | { type: 'failed'; id: number; shape: { url: string; issues: string } | null; message: string };

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, (m: FromTraceWorker) => void>();

function traceWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./trace-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<FromTraceWorker>) => {
      const done = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      done?.(e.data);
    };
    // a worker that failed (its script did not load, it ran out of memory) answers no one: what
    // waits on it fails, and the next read starts another
    worker.onerror = (e) => {
      e.preventDefault();
      worker?.terminate();
      worker = null;
      const failed = [...waiting];
      waiting.clear();
      for (const [id, done] of failed)
        done({
          type: 'failed',
          id,
          shape: null,
          message: `the trace reader failed: ${e.message || 'no reason given'}`,
        });
    };
  }
  return worker;
}

function ask(m: ToTraceWorker): Promise<FromTraceWorker> {
  return new Promise((resolve) => {
    waiting.set(m.id, resolve);
    traceWorker().postMessage(m);
  });
}

/** A piece's own buffer, to hand over to the worker (a view into a larger one is copied). */
const ownBuffer = (c: Uint8Array): ArrayBuffer =>
  c.byteOffset === 0 && c.byteLength === c.buffer.byteLength ? (c.buffer as ArrayBuffer) : c.slice().buffer;

/**
 * One trace's `traces` answer as the trace page reads it (./trace-data.ts), asked with the API's
 * own parameters (the same request as LedgerClient.getTraces, and the same errors). A big answer
 * is read in a worker and the page receives its view; a small one is read here. `onBig` is called
 * when the answer is known to be big, while it still streams.
 */
export async function readTrace(
  api: LedgerClient,
  p: TracesRequest,
  signal?: AbortSignal,
  onBig?: () => void,
): Promise<TraceData> {
  // Once the answer is known to be big, its pieces go to the worker as they come, and the worker
  // decodes them while the rest streams: its chunk (zod, the wire schemas, the normalizer) loads
  // and evaluates during the download instead of after the last byte (120-180 ms of a
  // 4,000-transaction trace's page at load 10), and neither the 55 MB copy of the pieces into one
  // buffer nor their decoding waits for the last byte.
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  let id: number | null = null;
  // the worker the pieces went to: one that failed meanwhile lost them with it
  let reader: Worker | null = null;
  const toWorker = (c: Uint8Array) => {
    const bytes = ownBuffer(c);
    reader ??= traceWorker();
    reader.postMessage({ type: 'chunk', id: id!, bytes } satisfies ToTraceWorker, [bytes]);
  };
  let url: string;
  try {
    ({ url } = await api.streamTraces(
      p,
      (chunk) => {
        if (id !== null) return toWorker(chunk);
        held.push(chunk);
        heldBytes += chunk.byteLength;
        if (heldBytes < WORKER_MIN_BYTES || typeof Worker !== 'function') return;
        id = nextId++;
        for (const c of held.splice(0)) toWorker(c);
        onBig?.();
      },
      signal,
    ));
  } catch (error) {
    // (assigned in the callback above, which the compiler does not follow)
    const sent = reader as Worker | null;
    if (id !== null && sent === worker) sent?.postMessage({ type: 'drop', id } satisfies ToTraceWorker);
    throw error;
  }
  // User Timing marks of the trace's phases, for DevTools and bench/trace-page.ts
  performance.mark(TRACE_RECEIVED_MARK);
  if (id === null) {
    const data = traceDataOf(await readTracesPageInTasks(url, joined(held, heldBytes)));
    performance.mark(TRACE_READ_MARK);
    // the page's render of the trace in a task of its own, not in the one that read it
    await nextTask();
    return data;
  }
  if ((reader as Worker | null) !== worker)
    throw new Error('the trace reader failed while the answer came: asking again reads it anew');
  const answer = await ask({ type: 'end', id, url });
  if (answer.type === 'failed') {
    if (answer.shape) throw new ApiShapeError(answer.shape.url, answer.shape.issues);
    throw new Error(answer.message);
  }
  if (answer.type !== 'read') throw new Error(`the trace worker answered ${answer.type} to a read`);
  performance.mark(TRACE_READ_MARK);
  signal?.throwIfAborted();
  const asked = id;
  return {
    page: answer.page,
    view: answer.view,
    // the worker keeps the last answers it read; an older one is asked of the API again
    whole: async () => {
      const w = await ask({ type: 'whole', id: asked });
      return (w.type === 'whole' && w.page) || api.getTraces(p);
    },
  };
}

/** The pieces of a small answer in one buffer. */
function joined(pieces: Uint8Array[], size: number): ArrayBuffer {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of pieces) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes.buffer;
}
