import { Worker } from 'node:worker_threads';
import type { ServiceLimits } from '../limits';
import { BodyStream } from './body-stream';
import { ReadError, type ReadAnswer, type ReadExecutor } from './executor';
import { packBuffers, type FromReader, type ReaderWorkerData, type ToReader } from './protocol';

/** How long a worker told to stop has before it is terminated (a query inside SQLite cannot be interrupted). */
const STOP_GRACE_MS = 200;
/** How long a stopped worker holding work worth finishing (`hold`) may take to give its request up. */
const HOLD_GRACE_MS = 60_000;
/** Before a worker that could not open the ledger is started again. */
const RESTART_DELAY_MS = 1000;
/** Each worker's heap: past it the worker dies (its request gets a 503) and is replaced, the service stays up. */
const WORKER_HEAP_MB = 384;
/**
 * An answer that has started streaming may take this many budgets in all (30 s by default): long
 * enough for the largest page to reach a client that reads it at a modest pace on a busy machine,
 * short enough that a client that stops reading gives its worker back.
 */
export const STREAM_BUDGETS = 10;

interface Job {
  id: number;
  path: string;
  params: unknown;
  requestId: string;
  /** The client's address: its heavy requests are bounded in flight and on workers (fairness). */
  client: string;
  light: boolean;
  resolve(answer: ReadAnswer): void;
  reject(error: Error): void;
  /** The caller has its answer (or its error): later events only end the stream or free the worker. */
  settled: boolean;
  stream: BodyStream | null;
  /** When the body started streaming. */
  streamedAt: number;
  timer: NodeJS.Timeout;
  slot: Slot | null;
  done: boolean;
}

interface Slot {
  worker: Worker;
  cancel: Int32Array;
  /** Kept for light requests, so a point lookup never waits behind a page of heavy traces. */
  lightOnly: boolean;
  ready: boolean;
  job: Job | null;
  /** Its request said it waits for work worth finishing (`hold`): a stop waits longer for it. */
  holding: boolean;
  stopTimer: NodeJS.Timeout | null;
  /** Terminated, its exit not yet seen: it takes no work, and what it still sends is ignored. */
  dead: boolean;
}

const busy = (lane: string, n: number) =>
  new ReadError(
    503,
    `the service is busy: ${n} ${lane} requests are already running or waiting; try again shortly`,
    null,
    1,
  );
const clientBusy = (client: string, n: number) =>
  new ReadError(
    429,
    `too many heavy requests from ${client}: ${n} are already running or waiting; wait for them, then try again`,
    null,
    1,
  );

/** Counts per client address, dropping a client's entry at zero (the map never grows with clients gone). */
class PerClient {
  private readonly counts = new Map<string, number>();

  get(client: string): number {
    return this.counts.get(client) ?? 0;
  }

  add(client: string, delta: number): void {
    const n = this.get(client) + delta;
    if (n <= 0) this.counts.delete(client);
    else this.counts.set(client, n);
  }
}

/**
 * The reader workers and the admission of requests to them. Light requests (`Operation.light`)
 * queue apart and go first, to the light workers or any idle one; heavy requests go to the general
 * workers only. Each lane has a bound on requests running or waiting (503 with Retry-After past it),
 * each request a time budget from its arrival (504 past it, the worker stopped). A worker that dies
 * is replaced; its request gets a 503.
 *
 * Fairness: one client address may have at most `maxHeavyPerClient` heavy requests running or
 * waiting (429 past it), and at most `heavyWorkersPerClient` of them on workers at once; its other
 * heavy requests wait while other clients' requests behind them are dispatched. So a client that
 * sends many heavy requests and stops reading their answers holds its share of the workers, never
 * all of them, until the server's idle timeout cuts its stalled sockets.
 */
export class ReaderPool implements ReadExecutor {
  private readonly slots = new Set<Slot>();
  private readonly queues = { light: [] as Job[], heavy: [] as Job[] };
  private readonly inflight = { light: 0, heavy: 0 };
  private readonly heavyInflight = new PerClient();
  private readonly heavyRunning = new PerClient();
  private nextId = 1;
  private admitted = 0;
  private closing = false;
  private startup: { resolve: () => void; reject: (e: Error) => void; waiting: number } | null = null;

  constructor(
    private readonly location: string,
    /** Read on every request: a budget or bound changed here applies from the next request. */
    readonly limits: ServiceLimits,
    /**
     * The general workers load the emulator as they start rather than on their first message run
     * (the API accepts messages): a developer's first send right after a start is not answered
     * 504 while a cold worker loads it on a slow machine.
     */
    private readonly warmEmulator = false,
  ) {}

  /** Starts the workers; resolves when each has opened the ledger. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const total = this.limits.workers + this.limits.lightWorkers;
      this.startup = { resolve, reject, waiting: total };
      for (let i = 0; i < total; i++) this.spawn(i >= this.limits.workers);
    });
  }

  /** Workers running now (replacements included), for tests and diagnostics. */
  get threadIds(): number[] {
    return [...this.slots].map((s) => s.worker.threadId);
  }

  /** Answers whose worker waits for the client to read more (backpressure reached the worker). */
  get streamsHeldBack(): number {
    return [...this.slots].filter((s) => s.job?.stream?.heldBack).length;
  }

  /** Requests admitted to the workers since the start, for tests and diagnostics. */
  get requestsAdmitted(): number {
    return this.admitted;
  }

  /** Heavy requests waiting for a worker. */
  get heavyWaiting(): number {
    return this.queues.heavy.length;
  }

  /** Workers running a request now. */
  get busyWorkers(): number {
    return [...this.slots].filter((s) => s.job !== null).length;
  }

  /** Terminates one worker as a crash would: its request gets a 503 and a new worker takes its place. */
  async stopWorker(threadId: number): Promise<void> {
    const slot = [...this.slots].find((s) => s.worker.threadId === threadId);
    if (!slot) throw new Error(`no reader worker with thread id ${threadId}`);
    await this.terminate(slot);
  }

  /** Resolves once every worker (replacements included) has opened the ledger and waits for work. */
  async whenAllReady(): Promise<void> {
    const total = this.limits.workers + this.limits.lightWorkers;
    while (this.slots.size < total || [...this.slots].some((s) => !s.ready))
      await new Promise((r) => setTimeout(r, 20));
  }

  /**
   * Runs one request. `signal` aborts it when its client goes away: waiting, it leaves the queue;
   * running, its worker is stopped; streaming, its body is cut. (A client that left cannot be
   * answered, and a queued request of a client gone would otherwise run to a closed socket.)
   */
  execute(
    path: string,
    params: unknown,
    light: boolean,
    requestId: string,
    client = 'local',
    signal?: AbortSignal,
  ): Promise<ReadAnswer> {
    if (this.closing)
      return Promise.reject(
        new ReadError(503, 'the ledger store is unavailable: the service is shutting down', null, 1),
      );
    const lane = light ? 'light' : 'heavy';
    const max = light ? this.limits.maxInflightLight : this.limits.maxInflight;
    if (this.inflight[lane] >= max) return Promise.reject(busy(lane, max));
    if (!light && this.heavyInflight.get(client) >= this.limits.maxHeavyPerClient)
      return Promise.reject(clientBusy(client, this.limits.maxHeavyPerClient));
    return new Promise<ReadAnswer>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        path,
        params,
        requestId,
        client,
        light,
        resolve,
        reject,
        settled: false,
        stream: null,
        streamedAt: 0,
        slot: null,
        done: false,
        timer: undefined as unknown as NodeJS.Timeout,
      };
      job.timer = setTimeout(() => this.expire(job), this.limits.queryTimeoutMs);
      this.admitted += 1;
      this.inflight[lane] += 1;
      if (!job.light) this.heavyInflight.add(client, 1);
      signal?.addEventListener('abort', () => this.abort(job), { once: true });
      this.queues[lane].push(job);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const job of [...this.queues.light, ...this.queues.heavy]) {
      this.settle(job, new ReadError(503, 'the ledger store is unavailable: the service is shutting down', null, 1));
      this.finish(job);
    }
    this.queues.light.length = 0;
    this.queues.heavy.length = 0;
    await Promise.all([...this.slots].map((s) => this.terminate(s)));
  }

  private spawn(lightOnly: boolean): void {
    const cancel = new SharedArrayBuffer(4);
    const workerData: ReaderWorkerData = {
      location: this.location,
      traceMaxTxs: this.limits.traceMaxTxs,
      queryTimeoutMs: this.limits.queryTimeoutMs,
      lightOnly,
      warmEmulator: this.warmEmulator && !lightOnly,
      cancel,
    };
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
      workerData,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const slot: Slot = {
      worker,
      cancel: new Int32Array(cancel),
      lightOnly,
      ready: false,
      job: null,
      holding: false,
      stopTimer: null,
      dead: false,
    };
    this.slots.add(slot);
    worker.on('message', (m: FromReader) => this.receive(slot, m));
    // an uncaught error ends the worker; 'exit' follows and replaces it
    worker.on('error', (error) => {
      if (!slot.ready && this.startup) return this.startupFailed(error.message);
      process.stderr.write(`reader worker ${worker.threadId} failed: ${error.stack ?? String(error)}\n`);
    });
    worker.on('exit', () => this.exited(slot));
  }

  private startupFailed(message: string): void {
    const s = this.startup;
    this.startup = null;
    s?.reject(new Error(`the reader workers cannot open the ledger: ${message}`));
  }

  private terminate(slot: Slot): Promise<number> {
    slot.dead = true;
    return slot.worker.terminate();
  }

  private receive(slot: Slot, m: FromReader): void {
    if (slot.dead) return;
    if (m.t === 'ready') {
      slot.ready = true;
      if (this.startup && --this.startup.waiting === 0) {
        this.startup.resolve();
        this.startup = null;
      }
      this.dispatch();
      return;
    }
    if (m.t === 'unavailable') {
      if (this.startup) this.startupFailed(m.message);
      return;
    }
    const job = slot.job;
    if (!job || job.id !== m.id) return;
    if (m.t === 'hold') {
      slot.holding = true;
      return;
    }
    if (m.t === 'part') {
      const chunk = Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength);
      if (!job.settled) {
        if (m.last) {
          this.settle(job, null, { seqno: m.seqno, body: chunk });
        } else {
          job.streamedAt = performance.now();
          job.stream = new BodyStream(
            () => this.post(slot, { t: 'ack', id: job.id }),
            () => this.abandon(job),
          );
          job.stream.add(chunk);
          this.settle(job, null, { seqno: m.seqno, body: job.stream });
        }
      } else if (job.stream && !job.stream.destroyed) {
        job.stream.add(chunk);
        if (m.last) job.stream.push(null);
      }
      if (m.last) this.release(slot);
      return;
    }
    // a failure: before the body started, the client gets an error answer; after, a cut body
    const error = this.failure(m);
    if (!job.settled) this.settle(job, error);
    else job.stream?.destroy(error);
    this.release(slot);
  }

  private failure(m: Extract<FromReader, { t: 'fail' }>): ReadError {
    // a thing the ledger does not have (404) or has of another kind (409), or input only the reads
    // could judge (422: a stack entry that is no cell, a get method's arguments)
    if (m.status === 404 || m.status === 409 || m.status === 422) return new ReadError(m.status, m.message, m.seqno);
    // PostgreSQL cancelled the statement at its statement_timeout (the request's budget)
    if (m.code === '57014')
      return new ReadError(504, `query exceeded its time budget of ${this.limits.queryTimeoutMs} ms`);
    // the store cannot answer right now (locked by a writer past the busy timeout, file gone or
    // unreadable; PostgreSQL unreachable, shutting down or starting (SQLSTATE classes 08 and 57P),
    // or a replica that cancelled a read conflicting with the WAL it replays (40001)): a 503 the
    // client may retry, not a 500
    if (
      m.code &&
      /^(SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|NOTADB|CORRUPT)|LEDGER_CONNECTION|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|08\w{3}|57P0[1-4]|40001)/.test(
        m.code,
      )
    ) {
      return new ReadError(503, 'the ledger store is unavailable; try again shortly', null, 1);
    }
    if (m.status !== 499) process.stderr.write(`internal error in a reader worker: ${m.message}\n`);
    return new ReadError(500, 'internal error');
  }

  private exited(slot: Slot): void {
    this.slots.delete(slot);
    if (slot.stopTimer) clearTimeout(slot.stopTimer);
    const job = slot.job;
    slot.job = null;
    if (job) {
      const error = new ReadError(503, 'the reader working on this request stopped; try again', null, 1);
      if (!job.settled) this.settle(job, error);
      else job.stream?.destroy(error);
      this.finish(job);
    }
    if (this.closing) return;
    // a worker that never opened the ledger is retried later, not in a tight loop
    setTimeout(() => this.closing || this.spawn(slot.lightOnly), slot.ready ? 0 : RESTART_DELAY_MS).unref();
    this.dispatch();
  }

  private dispatch(): void {
    // light workers first: a light request goes to a general worker only when they are all busy
    const slots = [...this.slots].sort((a, b) => Number(b.lightOnly) - Number(a.lightOnly));
    for (const slot of slots) {
      if (!slot.ready || slot.job || slot.stopTimer || slot.dead) continue;
      const job = this.queues.light.shift() ?? (slot.lightOnly ? undefined : this.nextHeavy());
      if (!job) continue;
      if (!job.light) this.heavyRunning.add(job.client, 1);
      slot.job = job;
      job.slot = slot;
      Atomics.store(slot.cancel, 0, 0);
      slot.holding = false;
      this.post(slot, {
        t: 'run',
        id: job.id,
        path: job.path,
        params: packBuffers(job.params),
        requestId: job.requestId,
      });
    }
  }

  /** The oldest waiting heavy job whose client is below its share of the workers. */
  private nextHeavy(): Job | undefined {
    const queue = this.queues.heavy;
    const i = queue.findIndex((job) => this.heavyRunning.get(job.client) < this.limits.heavyWorkersPerClient);
    return i === -1 ? undefined : queue.splice(i, 1)[0];
  }

  private post(slot: Slot, message: ToReader): void {
    slot.worker.postMessage(message);
  }

  /**
   * Out of time: waiting, it leaves the queue; running, its worker is told to stop, and terminated if
   * it does not. An answer already streaming (its 200 on the wire) is not cut at the budget: cutting
   * a body the client is reading would only turn a slow answer into a failed one. It is cut once it
   * has streamed for STREAM_BUDGETS budgets (a client that stopped reading holds a worker no longer).
   */
  private expire(job: Job): void {
    if (job.done) return;
    const budget = this.limits.queryTimeoutMs;
    if (job.stream && !job.stream.destroyed) {
      const now = performance.now();
      const deadline = job.streamedAt + STREAM_BUDGETS * budget;
      if (now < deadline) {
        job.timer = setTimeout(() => this.expire(job), deadline - now);
        return;
      }
    }
    const error = new ReadError(504, `query exceeded its time budget of ${budget} ms`);
    if (!job.slot) {
      const queue = this.queues[job.light ? 'light' : 'heavy'];
      queue.splice(queue.indexOf(job), 1);
      this.settle(job, error);
      this.finish(job);
      return;
    }
    if (!job.settled) this.settle(job, error);
    else job.stream?.destroy(error);
    this.stop(job.slot);
  }

  /** The client went away: whatever stage the job is at, nothing more of it is done. */
  private abort(job: Job): void {
    if (job.done) return;
    const gone = new ReadError(499, 'the client closed the connection');
    if (!job.slot) {
      const queue = this.queues[job.light ? 'light' : 'heavy'];
      queue.splice(queue.indexOf(job), 1);
      this.settle(job, gone);
      this.finish(job);
      this.dispatch();
      return;
    }
    if (!job.settled) this.settle(job, gone);
    else job.stream?.destroy();
    this.stop(job.slot);
  }

  /** The body's reader went away before its end: the worker stops producing it. */
  private abandon(job: Job): void {
    if (!job.done && job.slot) this.stop(job.slot);
  }

  private stop(slot: Slot): void {
    if (slot.stopTimer || !slot.job) return;
    Atomics.store(slot.cancel, 0, 1);
    this.post(slot, { t: 'cancel', id: slot.job.id });
    slot.stopTimer = setTimeout(() => void this.terminate(slot), slot.holding ? HOLD_GRACE_MS : STOP_GRACE_MS);
  }

  private release(slot: Slot): void {
    if (slot.stopTimer) clearTimeout(slot.stopTimer);
    slot.stopTimer = null;
    const job = slot.job;
    slot.job = null;
    if (job) this.finish(job);
    this.dispatch();
  }

  private settle(job: Job, error: Error | null, answer?: ReadAnswer): void {
    if (job.settled) return;
    job.settled = true;
    if (error) job.reject(error);
    else job.resolve(answer!);
  }

  private finish(job: Job): void {
    if (job.done) return;
    job.done = true;
    clearTimeout(job.timer);
    this.inflight[job.light ? 'light' : 'heavy'] -= 1;
    if (!job.light) {
      this.heavyInflight.add(job.client, -1);
      if (job.slot) this.heavyRunning.add(job.client, -1);
    }
  }
}
