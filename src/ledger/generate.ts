import { openLedgerStore, type LedgerStore } from '../server/store/open-store';
import { LedgerNetwork } from './network/ledger-network';
import { createTraceClassifier } from './classify/trace-classifier';
import { Traffic, type TraceKind } from './traffic/traffic';

export interface Progress {
  transactions: number;
  target: number;
  rate: number;
  etaSeconds: number;
}

export interface GenerateOptions {
  seed: number;
  txs: number;
  onProgress?: (p: Progress) => void;
}

/** Chain time of slot 0, derived from the seed so that two seeds differ in time as well. */
export function genesisTimeOf(seed: number): number {
  return 1_760_000_000 + (seed % 1000) * 86_400;
}

/** Traces per masterchain block while building history, and while producing live. */
export const BULK_TRACES = 10;
export const LIVE_TRACES = 4;

/** Every kind appears in the first slots, so even a small ledger holds each of them. */
const FIRST_KINDS: TraceKind[] = [
  'transfer', 'deploy', 'bounce_nonexistent', 'compute_failure', 'jetton_mint', 'jetton_transfer', 'jetton_burn',
  'nft_mint', 'nft_transfer', 'masterchain_wallet', 'chain', 'fan_out', 'multi_transfer',
];

/**
 * A running network with its traffic. Its history is a pure function of the seed and of how many
 * bulk and live slots were produced; both counts are stored with every batch, so a restart can
 * replay the history (writing nothing) and carry on producing exactly where the ledger ends.
 */
export class Producer {
  private bulkSlots = 0;
  private liveSlots = 0;

  private constructor(
    readonly net: LedgerNetwork,
    readonly traffic: Traffic,
    private readonly firstKinds: TraceKind[],
  ) {}

  static async start(store: LedgerStore | null, seed: number): Promise<Producer> {
    const classify = await createTraceClassifier();
    const net = await LedgerNetwork.create({ writer: store?.writer ?? null, genesisTime: genesisTimeOf(seed), classify });
    const traffic = new Traffic(net, seed);
    net.nextBatchMeta = { seed: String(seed), bulk_slots: '0', live_slots: '0' };
    await traffic.genesis();
    await traffic.bootstrap();
    return new Producer(net, traffic, [...FIRST_KINDS]);
  }

  /** One masterchain block of traffic (several when a deep trace spans blocks). */
  async slot(live = false): Promise<void> {
    if (live) this.liveSlots += 1;
    else this.bulkSlots += 1;
    this.net.nextBatchMeta = { bulk_slots: String(this.bulkSlots), live_slots: String(this.liveSlots) };
    await this.traffic.slot(live ? LIVE_TRACES : BULK_TRACES, this.firstKinds.shift());
  }

  /**
   * Rebuilds the producer of an existing ledger: replays its bulk and live slots without writing,
   * checks that the replay ends where the ledger ends, then writes into the store again.
   */
  static async resume(store: LedgerStore, seed: number, yieldEvery = 5): Promise<Producer> {
    const bulk = Number(store.getMeta('bulk_slots') ?? 'NaN');
    const live = Number(store.getMeta('live_slots') ?? 'NaN');
    if (!Number.isInteger(bulk) || !Number.isInteger(live)) throw new Error('the ledger does not say how it was produced; live production cannot resume');
    const producer = await Producer.start(null, seed);
    for (let i = 0; i < bulk + live; i++) {
      await producer.slot(i >= bulk);
      if (i % yieldEvery === 0) await new Promise((r) => setImmediate(r));
    }
    const expected = store.reader.latestMasterchainSeqno();
    if (producer.net.stats.mcSeqno !== expected) {
      throw new Error(`replaying seed ${seed} ends at masterchain seqno ${producer.net.stats.mcSeqno}, the ledger at ${expected}; live production cannot resume`);
    }
    producer.net.setWriter(store.writer);
    return producer;
  }
}

/** Fills an empty store with at least `txs` transactions of history. */
export async function generateInto(
  store: LedgerStore,
  opts: GenerateOptions & { keepRunning?: boolean },
): Promise<{ transactions: number; traces: number; mcSeqno: number; seconds: number; producer: Producer | null }> {
  const started = performance.now();
  const producer = await Producer.start(store, opts.seed);
  let lastReport = 0;
  while (producer.net.stats.transactions < opts.txs) {
    await producer.slot();
    const now = performance.now();
    if (opts.onProgress && (now - lastReport > 250 || producer.net.stats.transactions >= opts.txs)) {
      lastReport = now;
      const done = producer.net.stats.transactions;
      const rate = done / ((now - started) / 1000);
      opts.onProgress({ transactions: done, target: opts.txs, rate, etaSeconds: Math.max(0, (opts.txs - done) / rate) });
    }
  }
  const stats = producer.net.stats;
  return { ...stats, seconds: (performance.now() - started) / 1000, producer: opts.keepRunning ? producer : null };
}

/** Builds a ledger file (created if missing; it must be empty). */
export async function generateLedger(opts: GenerateOptions & { dbPath: string }) {
  const store = openLedgerStore(opts.dbPath);
  try {
    if (store.reader.latestMasterchainSeqno() !== null) throw new Error(`${opts.dbPath} already holds a ledger; choose another file`);
    const { producer: _p, ...r } = await generateInto(store, opts);
    return r;
  } finally {
    store.close();
  }
}
