import type { Worker } from 'node:worker_threads';
import type { LedgerStore } from '../store/interface';
import { Producer } from './producer/producer';

/** Seconds of wall time between live masterchain blocks. */
export const LIVE_INTERVAL_MS = 3000;

/** The wall clock in unix seconds: the time a live block carries. */
export const wallClock = () => Math.floor(Date.now() / 1000);

/**
 * Live production: a masterchain block every few seconds while the server runs, each dated by
 * `clock` when it is made (the wall clock; never earlier than a second after the block before).
 * A `clock` answering `undefined` keeps the chain's own pace instead (a slot after the one before),
 * for runs that must be reproducible to the byte.
 */
export class LiveProducer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly producer: Producer,
    private readonly intervalMs = LIVE_INTERVAL_MS,
    private readonly clock: () => number | undefined = wallClock,
  ) {}

  /** Takes up an existing ledger where it ends (see `Producer.resume`), ready to go live. */
  static async resume(store: LedgerStore, seed: number, thread?: Worker): Promise<LiveProducer> {
    return new LiveProducer(await Producer.resume(store, seed, thread));
  }

  /** Slots produced again while resuming (0 when the ledger ended on its saved position). */
  get replayedSlots(): number {
    return this.producer.replayedSlots;
  }

  /** Produces a block every interval; `onWritten` is told after each is in the store. */
  start(onWritten?: () => void): void {
    const tick = () => {
      if (this.stopped) return;
      this.running = this.producer
        .slot(true, this.clock())
        .then(() => onWritten?.())
        .catch((error: unknown) => {
          process.stderr.write(`live production stopped: ${(error as Error).stack ?? String(error)}\n`);
          this.stopped = true;
        })
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(tick, this.intervalMs);
        });
    };
    // the first block at once: a restarted service is live as soon as its producer is
    this.timer = setTimeout(tick, 0);
  }

  /** Finishes the block in progress, then stops the producer. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.producer.close();
  }
}
