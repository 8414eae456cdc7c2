import type { Worker } from 'node:worker_threads';
import type { LedgerStore } from '../store/interface';
import { openLedger } from '../store/open-ledger';
import { genesisTimeFor, Producer } from './producer/producer';

export interface Progress {
  transactions: number;
  target: number;
  rate: number;
  etaSeconds: number;
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

/** Fills an empty store with at least `txs` transactions of history. */
export async function generateInto(
  store: LedgerStore,
  opts: GenerateOptions & { keepRunning?: boolean; thread?: Worker },
): Promise<{ transactions: number; traces: number; mcSeqno: number; seconds: number; producer: Producer | null }> {
  const started = performance.now();
  const producer = await Producer.start(store, opts.seed, opts.epoch === undefined ? undefined : genesisTimeFor(opts.epoch, opts.txs), opts.thread);
  let lastReport = 0;
  const report = (done: number) => {
    const now = performance.now();
    if (opts.onProgress && (now - lastReport > 250 || done >= opts.txs)) {
      lastReport = now;
      const rate = done / ((now - started) / 1000);
      opts.onProgress({ transactions: done, target: opts.txs, rate, etaSeconds: Math.max(0, (opts.txs - done) / rate) });
    }
  };
  try {
    await producer.slots(Number.POSITIVE_INFINITY, () => false, (done) => {
      report(done);
      return done >= opts.txs;
    });
  } catch (error) {
    await producer.close();
    throw error;
  }
  const stats = producer.stats;
  if (!opts.keepRunning) await producer.close();
  return { ...stats, seconds: (performance.now() - started) / 1000, producer: opts.keepRunning ? producer : null };
}

/** Builds a ledger at a location (a file, created if missing, or a PostgreSQL database); it must be empty. */
export async function generateLedger(opts: GenerateOptions & { dbPath: string; partitionSpan?: number }) {
  const store = await openLedger(opts.dbPath, { partitionSpan: opts.partitionSpan });
  try {
    if ((await store.reader.latestMasterchainSeqno()) !== null) throw new Error(`${opts.dbPath} already holds a ledger; choose another file`);
    const { producer: _p, ...r } = await generateInto(store, opts);
    return r;
  } finally {
    await store.close();
  }
}
