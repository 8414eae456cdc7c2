import type { Worker } from 'node:worker_threads';
import type { LedgerStore } from '../store/interface';
import { compactLedger, openLedger } from '../store/open-ledger';
import { genesisTimeFor, Producer } from './producer/producer';

/**
 * How far a generation is. It stops at the first slot whose batch brings the ledger to `target`
 * transactions, then finishes the slots already sent to the emulator (their size is known only
 * once they are made): the ledger holds at least `target` transactions, and how many more is
 * known only at the end.
 */
export interface Progress {
  transactions: number;
  /** At least this many will be made (`--txs`, LEDGER_TXS). */
  target: number;
  /** Slots still in flight once the target is reached (what they add is not known in advance); null before. */
  finishing: number | null;
  /** The last report: `transactions` is what was made. */
  done: boolean;
  /** Transactions per second so far. */
  rate: number;
  /** Seconds until the target is reached; null once it is. */
  etaSeconds: number | null;
}

export interface GenerateOptions {
  seed: number;
  txs: number;
  /**
   * Unix seconds the history ends at (the ledger's first start, or LEDGER_EPOCH): with the seed, it
   * fixes every hash. Without it, the history starts at the seed's own genesis time.
   */
  epoch?: number;
  onProgress?: (p: Progress) => void;
}

/** Fills an empty store with at least `txs` transactions of history (Progress says how many more). */
export async function generateInto(
  store: LedgerStore,
  opts: GenerateOptions & { keepRunning?: boolean; thread?: Worker; resume?: boolean },
): Promise<{ transactions: number; traces: number; mcSeqno: number; seconds: number; producer: Producer | null }> {
  const started = performance.now();
  // `resume`: a generation stopped part way (its process killed) goes on from where its ledger
  // ends, as live production resumes, to the same ledger an unbroken run would have made
  const producer = opts.resume
    ? await Producer.resume(store, opts.seed, opts.thread)
    : await Producer.start(
        store,
        opts.seed,
        opts.epoch === undefined ? undefined : genesisTimeFor(opts.epoch, opts.txs),
        opts.thread,
      );
  let lastReport = 0;
  const report = (done: number, finishing: number | null, last: boolean) => {
    const now = performance.now();
    // every change of phase is reported: the target reached, each slot in flight finished, the end
    if (opts.onProgress && (now - lastReport > 250 || finishing !== null || last)) {
      lastReport = now;
      const rate = done / ((now - started) / 1000);
      const etaSeconds = finishing === null && !last ? Math.max(0, (opts.txs - done) / rate) : null;
      opts.onProgress({
        transactions: done,
        target: opts.txs,
        finishing: last ? 0 : finishing,
        done: last,
        rate,
        etaSeconds,
      });
    }
  };
  try {
    let reached = false;
    await producer.slots(
      Number.POSITIVE_INFINITY,
      () => false,
      (done, inFlight) => {
        reached ||= done >= opts.txs;
        // the last slot's report is the final one, below
        if (!reached || inFlight > 0) report(done, reached ? inFlight : null, false);
        return reached;
      },
    );
    report(producer.stats.transactions, 0, true);
  } catch (error) {
    await producer.close();
    throw error;
  }
  const stats = producer.stats;
  if (!opts.keepRunning) await producer.close();
  return { ...stats, seconds: (performance.now() - started) / 1000, producer: opts.keepRunning ? producer : null };
}

/** Builds a ledger at a location (a file, created if missing, or a PostgreSQL database); it must be empty. */
export async function generateLedger(
  opts: GenerateOptions & { dbPath: string; partitionSpan?: number; resume?: boolean },
) {
  const store = await openLedger(opts.dbPath, { partitionSpan: opts.partitionSpan });
  let built: Omit<Awaited<ReturnType<typeof generateInto>>, 'producer'>;
  try {
    if (!opts.resume && (await store.reader.latestMasterchainSeqno()) !== null)
      throw new Error(`${opts.dbPath} already holds a ledger; choose another file`);
    const { producer: _p, ...r } = await generateInto(store, opts);
    built = r;
  } finally {
    await store.close();
  }
  // a built ledger is packed once, closed (a first start's history is not: its user waits for it)
  await compactLedger(opts.dbPath);
  return built;
}
