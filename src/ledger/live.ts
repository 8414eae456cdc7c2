import type { Worker } from 'node:worker_threads';
import type { InboundQueue, InboundRecord } from '../store/inbound';
import type { LedgerStore } from '../store/interface';
import { Producer } from './producer/producer';

/** Seconds of wall time between live masterchain blocks. */
export const LIVE_INTERVAL_MS = 3000;

/** Accepted messages one block takes at most (the rest wait for the next, made at once). */
export const INBOUND_PER_SLOT = 256;

/**
 * Blocks made one after another, without waiting out the interval, while a trace of an accepted
 * message is in flight: enough for any wallet transfer, jetton or NFT transfer to complete at once,
 * few enough that a trace that never ends (a contract sending to itself) falls back to the interval.
 */
export const HURRIED_SLOTS = 40;

/**
 * The least time between the end of one block and a block made for accepted messages: messages that
 * come meanwhile share the next block, so a flood of sends makes fuller blocks, not more of them
 * (each block costs its tick and tock, its shard blocks and a batch), at a few milliseconds a hop.
 */
export const MIN_GAP_MS = 20;

/** Nice steps the emulator thread yields to the server's threads while it produces live blocks. */
export const LIVE_NICENESS = 10;

/** The wall clock in unix seconds: the time a live block carries. */
export const wallClock = () => Math.floor(Date.now() / 1000);

export interface LiveOptions {
  /** Milliseconds between blocks (default LIVE_INTERVAL_MS). */
  intervalMs?: number;
  /**
   * Unix seconds each block carries (default: the wall clock). Answering `undefined` keeps the
   * chain's own pace instead (a slot after the one before), for runs reproducible to the byte.
   */
  clock?: () => number | undefined;
  /** The messages the service accepted (inbound.ts): taken into the next block, made as soon as one comes. */
  inbound?: InboundQueue | null;
  /** The generated traffic's traces in live blocks (LEDGER_TRAFFIC; default on). */
  traffic?: boolean;
  /**
   * Blocks for accepted messages at once (default), or only on the interval (LEDGER_BLOCK_PACE=interval:
   * a message waits for the next block, and a trace that crosses shards spans blocks seconds apart,
   * as on the public network: for a dApp's pending states to be seen).
   */
  instant?: boolean;
}

/**
 * Live production: a masterchain block every interval while the server runs, each dated by the
 * clock when it is made. With an inbound queue, a block is also made as soon as a message is
 * accepted, and the next ones follow at once while the traces of accepted messages are in flight,
 * so a developer's transfer is complete in a fraction of a second; the generated traffic keeps its
 * own pace (its traces go into the blocks of the interval only).
 */
export class LiveProducer {
  private readonly intervalMs: number;
  private readonly clock: () => number | undefined;
  private readonly inbound: InboundQueue | null;
  private readonly traffic: boolean;
  private readonly instant: boolean;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  private nudged = false;

  constructor(
    private readonly producer: Producer,
    intervalMsOrOptions: number | LiveOptions = {},
    clock?: () => number | undefined,
  ) {
    const o =
      typeof intervalMsOrOptions === 'number' ? { intervalMs: intervalMsOrOptions, clock } : intervalMsOrOptions;
    this.intervalMs = o.intervalMs ?? LIVE_INTERVAL_MS;
    this.clock = o.clock ?? wallClock;
    this.inbound = o.inbound ?? null;
    this.traffic = o.traffic ?? true;
    this.instant = o.instant ?? true;
  }

  /** Takes up an existing ledger where it ends (see `Producer.resume`), ready to go live. */
  static async resume(
    store: LedgerStore,
    seed: number,
    thread?: Worker,
    options: LiveOptions = {},
  ): Promise<LiveProducer> {
    return new LiveProducer(await Producer.resume(store, seed, thread), options);
  }

  /** Slots produced again while resuming (0 when the ledger ended on its saved position). */
  get replayedSlots(): number {
    return this.producer.replayedSlots;
  }

  /** Produces blocks until stopped; `onWritten` is told after each is in the store. */
  start(onWritten?: () => void): void {
    this.loop = this.run(onWritten).catch((error: unknown) => {
      process.stderr.write(`live production stopped: ${(error as Error).stack ?? String(error)}\n`);
      this.stopped = true;
    });
  }

  /** A message was accepted in this process: the next block is made now. */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  private async run(onWritten?: () => void): Promise<void> {
    await this.producer.lowerPriority(LIVE_NICENESS);
    // the first block at once: a restarted service is live as soon as its producer is
    let nextTimed = Date.now();
    let hurried = 0;
    let lastEnd = 0;
    while (!this.stopped) {
      this.nudged = false;
      const gap = lastEnd + MIN_GAP_MS - Date.now();
      if (gap > 0 && Date.now() < nextTimed) await new Promise((resolve) => setTimeout(resolve, gap));
      const timed = Date.now() >= nextTimed;
      const queued = this.inbound && (timed || this.instant) ? await this.inbound.queued(INBOUND_PER_SLOT) : [];
      const hurry = this.instant && this.producer.inboundInFlight > 0 && hurried < HURRIED_SLOTS;
      if (timed || queued.length > 0 || hurry) {
        if (timed) nextTimed = Date.now() + this.intervalMs;
        hurried = queued.length > 0 ? 0 : hurried + (hurry && !timed ? 1 : 0);
        await this.producer.slot(true, this.clock(), {
          traffic: this.traffic && timed,
          inbound: externals(queued),
          faucet: queued
            .filter((r) => r.kind === 'faucet' && r.amount !== null)
            .map((r) => ({ id: r.hash, to: r.account, amount: r.amount! })),
        });
        lastEnd = Date.now();
        onWritten?.();
        if (this.stopped) break;
      }
      const more = this.instant && this.producer.inboundInFlight > 0 && hurried < HURRIED_SLOTS;
      if (more || (this.instant && this.nudged) || queued.length === INBOUND_PER_SLOT) continue;
      await this.idle(Math.max(0, nextTimed - Date.now()));
    }
  }

  /** Waits for the next timed block, a message, a nudge or the stop, whichever comes first. */
  private async idle(ms: number): Promise<void> {
    if (ms === 0 || this.stopped) return;
    const woken = new Promise<void>((resolve) => (this.wake = resolve));
    const waited =
      this.inbound && this.instant
        ? this.inbound.waitForMessages(ms)
        : new Promise<void>((resolve) => setTimeout(resolve, ms));
    await Promise.race([woken, waited]);
    this.wake = null;
  }

  /** Finishes the block in progress, then stops the producer. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    await this.producer.close();
  }
}

/** The external messages among queued rows (a faucet request is paid by the producer's own wallet). */
function externals(rows: InboundRecord[]): { hash: Buffer; boc: Buffer }[] {
  return rows.filter((r) => r.kind === 'external' && r.boc).map((r) => ({ hash: r.hash, boc: r.boc! }));
}
