// Messages between the service's accepting thread and its reader workers (reader-pool.ts,
// reader-thread.ts). A worker runs one request at a time.

export interface ReaderWorkerData {
  location: string;
  traceMaxTxs: number;
  /** The request budget: a PostgreSQL statement is cancelled past it (the query stops with the request). */
  queryTimeoutMs: number;
  /** Whether this worker serves light requests only (it keeps the normal CPU priority). */
  lightOnly: boolean;
  /** Load the emulator now, not on the first call that runs it (the API accepts messages). */
  warmEmulator: boolean;
  /** One Int32 the accepting thread sets to 1 to stop the running request (read between body pieces). */
  cancel: SharedArrayBuffer;
}

export type ToReader =
  | { t: 'run'; id: number; path: string; params: unknown; requestId: string }
  /** The accepting thread took the chunk(s) so far off the worker's hands: it may send more. */
  | { t: 'ack'; id: number }
  | { t: 'cancel'; id: number };

export type FromReader =
  | { t: 'ready' }
  /** The ledger cannot be opened: every request this worker would take gets a 503. */
  | { t: 'unavailable'; message: string }
  /** A piece of the body; the first one carries the snapshot's seqno; `last` ends the body. */
  | { t: 'part'; id: number; seqno: number | null; chunk: Uint8Array; last: boolean }
  /** `code`: the store's error code (e.g. SQLITE_BUSY) when the store failed. */
  | { t: 'fail'; id: number; status: number; message: string; seqno: number | null; code?: string }
  /**
   * The request waits for work worth finishing (the emulator's first load: seconds in which the
   * worker's thread may be blocked): stopped, the worker is given time to reach its event loop and
   * give the request up, rather than terminated with the work half done.
   */
  | { t: 'hold'; id: number };

/** Body pieces a worker may have sent without an ack (of ~64 KB each): the most a body holds in transit. */
export const WINDOW = 4;

/**
 * A view that owns its memory exactly. A small Buffer is a slice of Node's shared 8 KB pool, and a
 * structured clone copies a view's whole backing store: posting a 32-byte hash that way cost ~40 us
 * (the pool) instead of ~2 us. Views that already own their store pass as they are.
 */
export function ownBytes(view: Uint8Array): Uint8Array {
  return view.byteOffset === 0 && view.byteLength === view.buffer.byteLength ? view : new Uint8Array(view);
}

/** Parameters made ready to post: every Buffer in them owns its bytes (see `ownBytes`). */
export function packBuffers(value: unknown): unknown {
  if (value instanceof Uint8Array) return ownBytes(value);
  if (Array.isArray(value)) return value.map(packBuffers);
  if (value instanceof Set || value instanceof Map || value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = packBuffers(v);
  return out;
}

/**
 * Parameters after a structured clone: Buffers arrive as plain Uint8Arrays and are made Buffers
 * again (same memory); everything else passes through as it came.
 */
export function reviveBuffers(value: unknown): unknown {
  if (value instanceof Uint8Array)
    return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(reviveBuffers);
  if (value instanceof Set || value instanceof Map || value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = reviveBuffers(v);
  return out;
}
