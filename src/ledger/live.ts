import type { LedgerStore } from '../store/interface';
import { Producer } from './producer/producer';

/** Seconds of wall time between live masterchain blocks. */
export const LIVE_INTERVAL_MS = 3000;

/**
 * Live production: a masterchain block every few seconds while the server runs. The chain clock
 * keeps its own pace (2 s per block from the seed's genesis time), so a ledger stays deterministic
 * whatever the wall clock did; it only sets how often a block is made.
 */
export class LiveProducer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly producer: Producer,
    private readonly intervalMs = LIVE_INTERVAL_MS,
  ) {}

  /** Takes up an existing ledger where it ends (see `Producer.resume`), ready to go live. */
  static async resume(store: LedgerStore, seed: number): Promise<LiveProducer> {
    return new LiveProducer(await Producer.resume(store, seed));
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
        .slot(true)
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
