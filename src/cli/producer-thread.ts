import { Worker } from 'node:worker_threads';
import type { Config } from './config';
import { progressReporter } from './progress';
import type { FromProducerThread, ProducerThreadData, ToProducerThread } from './producer-thread-protocol';

/** The ledger could not be opened or filled; `told`: the message names what was wrong, stackless. */
export class ProducerStartError extends Error {
  constructor(
    message: string,
    readonly told: boolean,
  ) {
    super(message);
  }
}

/**
 * The serving side of the producer thread (producer-thread-body.ts). Spawned first thing by a
 * process that writes the ledger, so that it and its emulator thread load while this thread loads
 * the service; `ready` resolves once the ledger has its history and serving may begin.
 */
export class ProducerThread {
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private written: () => void = () => undefined;
  private readonly stopped: Promise<void>;
  /** The thread takes commands (it is ready and has not ended). */
  private running = false;

  private constructor(config: Config) {
    const workerData: ProducerThreadData = { config };
    this.worker = new Worker(new URL('./producer-thread-entry.mjs', import.meta.url), { execArgv: [], workerData });
    const report = progressReporter('generating');
    let stop: () => void = () => undefined;
    this.stopped = new Promise<void>((resolve) => (stop = resolve));
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (m: FromProducerThread) => {
        if (m.ev === 'progress') report(m.progress);
        else if (m.ev === 'ready') {
          this.running = true;
          resolve();
        } else if (m.ev === 'written') this.written();
        else if (m.ev === 'failed') reject(new ProducerStartError(m.message, m.told));
        else stop();
      });
      // an error the thread did not catch: before the history is ready the start fails; after,
      // live production has stopped and the API goes on serving the ledger as it is
      this.worker.on('error', (error) => {
        if (this.running) process.stderr.write(`live production stopped: ${error.stack ?? String(error)}\n`);
        this.running = false;
        reject(error);
        stop();
      });
      this.worker.on('exit', () => {
        this.running = false;
        reject(new ProducerStartError('the producer thread ended before the ledger was ready', false));
        stop();
      });
    });
    // a failed start is told by whoever awaits `ready`; this keeps it from being unhandled too
    this.ready.catch(() => undefined);
  }

  static spawn(config: Config): ProducerThread {
    return new ProducerThread(config);
  }

  /** `fn` is told after each live block is in the store. */
  onWritten(fn: () => void): void {
    this.written = fn;
  }

  /** A message was accepted: the next block is made now. */
  nudge(): void {
    if (this.running) this.post({ cmd: 'nudge' });
  }

  /** Finishes the block in progress, closes the store, ends the thread (at once, before it is ready). */
  async stop(): Promise<void> {
    if (this.running) {
      this.post({ cmd: 'stop' });
      await this.stopped;
    }
    this.running = false;
    await this.worker.terminate();
  }

  private post(m: ToProducerThread): void {
    this.worker.postMessage(m);
  }
}
