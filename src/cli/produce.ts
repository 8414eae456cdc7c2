// The producing half of a process that writes the ledger (roles `all` and `producer`): fill an empty
// ledger, then make live blocks. It runs on a thread of its own (producer-thread-body.ts), apart from
// the thread that serves the API, so that assembling blocks and writing them never holds a request.
import type { Worker } from 'node:worker_threads';
import type { Config } from './config';
import type { Progress } from '../ledger/generate';
import { generateInto } from '../ledger/generate';
import { LiveProducer, wallClock } from '../ledger/live';
import type { LedgerStore } from '../store/interface';
import { openInboundQueue } from '../store/open-ledger';

/** Sending needs a producer to take the messages: this process's (live), or another's (role api). */
export const sendingOn = (config: Config) => config.send && (config.role === 'api' || config.live);

export interface Production {
  /** A message was accepted: the next block is made now. */
  nudge(): void;
  /** Finishes the block in progress and stops. */
  stop(): Promise<void>;
}

export interface ProduceHooks {
  onProgress: (p: Progress) => void;
  /** Told after each live block is in the store. */
  onWritten: () => void;
}

/**
 * Fills an empty ledger (resolving once its history is there), then keeps producing when live.
 * A ledger with history resolves at once and takes up its saved position in the background.
 * `thread`: the emulator thread, started early, for the producer to take (or to stop, when none runs).
 */
export async function produce(
  config: Config,
  store: LedgerStore,
  name: string,
  thread: Worker,
  hooks: ProduceHooks,
): Promise<Production> {
  let live: LiveProducer | null = null;
  let stopping = false;
  const inbound = sendingOn(config) ? openInboundQueue(config.dbPath) : null;
  const options = { inbound, traffic: config.traffic, instant: config.instantBlocks };
  if ((await store.reader.latestMasterchainSeqno()) === null) {
    process.stderr.write(`${name} is empty: generating ${config.txs} transactions of history (seed ${config.seed})\n`);
    // the history ends now (or at LEDGER_EPOCH), where live blocks, dated by the wall clock, go on
    const r = await generateInto(store, {
      seed: config.seed,
      txs: config.txs,
      epoch: config.epoch ?? wallClock(),
      onProgress: hooks.onProgress,
      keepRunning: config.live,
      thread,
    });
    process.stderr.write(`history ready: ${r.transactions} transactions in ${r.seconds.toFixed(1)} s\n`);
    if (config.live && r.producer) {
      live = new LiveProducer(r.producer, options);
      live.start(hooks.onWritten);
    }
  } else {
    process.stderr.write(
      `${name}: reusing the ledger (masterchain seqno ${await store.reader.latestMasterchainSeqno()})\n`,
    );
    if (!config.live) void thread.terminate();
    if (config.live) {
      // The producer takes up its saved position in the background (a ledger of an older build,
      // without one, is replayed from the seed once, and saves its position as it goes).
      LiveProducer.resume(store, Number((await store.getMeta('seed')) ?? config.seed), thread, options)
        .then(async (resumed) => {
          if (stopping) return resumed.stop();
          live = resumed;
          resumed.start(hooks.onWritten);
          const replayed = resumed.replayedSlots;
          process.stderr.write(
            `live production resumed at masterchain seqno ${await store.reader.latestMasterchainSeqno()}${replayed ? ` (${replayed} slots replayed)` : ''}\n`,
          );
        })
        .catch((error: unknown) =>
          process.stderr.write(
            `live production cannot resume: ${(error as Error).message}; the ledger stays as it is\n`,
          ),
        );
    }
  }
  return {
    nudge: () => live?.nudge(),
    stop: async () => {
      stopping = true;
      await live?.stop();
      await inbound?.close();
    },
  };
}
