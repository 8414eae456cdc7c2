// A reader worker: one read-only connection to the ledger, its own caches of finished JSON, one
// request at a time. It runs the operation the accepting thread names, on one snapshot, and sends
// the body back in pieces as it is produced, no faster than the accepting thread takes them.
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openLedgerReaderFor } from '../../store/open-ledger';
import type { LedgerSnapshots } from '../../store/interface';
import { ConflictError, NotFoundError } from '../errors';
import { ParamError } from '../../api/operations/param-rules';
import { operationByPath } from '../operations/registry';
import { emulatorLoaded } from '../../tvm/executor';
import { ChunkingSink, runOperation } from '../execution/run-operation';
import { ReadCaches } from '../serialize/read-caches';
import { ownBytes, reviveBuffers, WINDOW, type FromReader, type ReaderWorkerData, type ToReader } from './protocol';

const data = workerData as ReaderWorkerData;
/** Nice steps below the process (CFS weight ~10x less at 10). */
const HEAVY_NICENESS = 10;
// On a machine with more runnable threads than cores, the scheduler shares CPU by weight: a general
// worker (it runs the heavy pages) lowers its own priority, so the accepting thread and the light
// workers get the CPU first and a point lookup is not slowed by every heavy page in flight. On
// Linux this applies to the calling thread only (each thread is a task with its own nice value).
if (!data.lightOnly) {
  try {
    setPriority(0, Math.min(19, getPriority(0) + HEAVY_NICENESS));
  } catch {
    // not permitted here: every worker keeps the same priority
  }
}
// loaded in the background: requests are served meanwhile, and one that runs it waits for the load
// (a failed load is told by the call that runs it)
if (data.warmEmulator) emulatorLoaded().catch(() => undefined);
const port = parentPort!;
const cancelled = new Int32Array(data.cancel);
const send = (message: FromReader) => port.postMessage(message);

/** The request was stopped from outside (out of time, client gone): nothing more is sent. */
class Cancelled extends Error {}

class WorkerSink extends ChunkingSink {
  private seqno: number | null = null;
  private unacked = 0;
  private wake: (() => void) | null = null;
  private readonly onCancel = new Set<() => void>();

  constructor(private readonly id: number) {
    super();
  }

  begin(seqno: number | null): void {
    this.seqno = seqno;
  }

  override write(chunk: Buffer): Promise<void> {
    return Atomics.load(cancelled, 0) === 1 ? Promise.reject(new Cancelled()) : super.write(chunk);
  }

  get snapshotSeqno(): number | null {
    return this.seqno;
  }

  ack(): void {
    this.unacked = Math.max(0, this.unacked - 1);
    this.wakeUp();
  }

  wakeUp(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  /** The request is stopped: what waits in `interruptible` gives up, and a held-back write wakes. */
  cancel(): void {
    for (const giveUp of this.onCancel) giveUp();
    this.wakeUp();
  }

  /**
   * `work`, or Cancelled as soon as the request is stopped (the work itself goes on). The pool is
   * told first: a stop then waits for this thread to come back from the work's blocking parts.
   */
  interruptible<T>(work: Promise<T>): Promise<T> {
    if (Atomics.load(cancelled, 0) === 1) return Promise.reject(new Cancelled());
    send({ t: 'hold', id: this.id });
    return new Promise<T>((resolve, reject) => {
      const giveUp = () => reject(new Cancelled());
      this.onCancel.add(giveUp);
      work.then(resolve, reject).finally(() => this.onCancel.delete(giveUp));
    });
  }

  protected async emit(chunk: Buffer, last: boolean): Promise<void> {
    if (Atomics.load(cancelled, 0) === 1) throw new Cancelled();
    send({ t: 'part', id: this.id, seqno: this.seqno, chunk: ownBytes(chunk), last });
    if (last) return;
    this.unacked += 1;
    while (this.unacked >= WINDOW) {
      await new Promise<void>((resolve) => (this.wake = resolve));
      if (Atomics.load(cancelled, 0) === 1) throw new Cancelled();
    }
  }
}

let ledger: LedgerSnapshots;
try {
  ledger = openLedgerReaderFor(data.location, { statementTimeoutMs: data.queryTimeoutMs });
} catch (error) {
  send({ t: 'unavailable', message: (error as Error).message });
  throw error;
}
const caches = new ReadCaches();
let current: { id: number; sink: WorkerSink } | null = null;

async function run(id: number, path: string, params: unknown, requestId: string): Promise<void> {
  const op = operationByPath.get(path);
  const sink = new WorkerSink(id);
  current = { id, sink };
  try {
    if (!op) throw new Error(`no operation at ${path}`);
    await runOperation(
      ledger,
      { caches, requestId, traceMaxTxs: data.traceMaxTxs, interruptible: (work) => sink.interruptible(work) },
      op,
      reviveBuffers(params) as never,
      sink,
    );
    await sink.end();
  } catch (error) {
    if (error instanceof Cancelled)
      send({ t: 'fail', id, status: 499, message: 'cancelled', seqno: sink.snapshotSeqno });
    else if (error instanceof NotFoundError || error instanceof ConflictError)
      send({ t: 'fail', id, status: error.statusCode, message: error.message, seqno: sink.snapshotSeqno });
    else if (error instanceof ParamError)
      send({ t: 'fail', id, status: 422, message: error.message, seqno: sink.snapshotSeqno });
    else {
      // the accepting thread decides what the client sees (a store error: 503, anything else: 500)
      const code = (error as { code?: unknown }).code;
      send({
        t: 'fail',
        id,
        status: 500,
        message: (error as Error).stack ?? String(error),
        seqno: sink.snapshotSeqno,
        ...(typeof code === 'string' ? { code } : {}),
      });
    }
  } finally {
    current = null;
  }
}

port.on('message', (message: ToReader) => {
  if (message.t === 'run') void run(message.id, message.path, message.params, message.requestId);
  else if (current && current.id === message.id) {
    if (message.t === 'ack') current.sink.ack();
    else current.sink.cancel();
  }
});
send({ t: 'ready' });
