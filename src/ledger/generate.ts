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

const TRACES_PER_SLOT = 10;

/** Every kind appears in the first slots, so even a small ledger holds each of them. */
const FIRST_KINDS: TraceKind[] = [
  'transfer', 'deploy', 'bounce_nonexistent', 'compute_failure', 'jetton_mint', 'jetton_transfer', 'jetton_burn',
  'nft_mint', 'nft_transfer', 'masterchain_wallet', 'chain', 'fan_out', 'multi_transfer',
];

/** A running network with its traffic: the bulk history and, after it, live production. */
export class Producer {
  private constructor(
    readonly net: LedgerNetwork,
    readonly traffic: Traffic,
    private firstKinds: TraceKind[],
  ) {}

  static async start(store: LedgerStore | null, seed: number): Promise<Producer> {
    const classify = await createTraceClassifier();
    const net = await LedgerNetwork.create({ writer: store?.writer ?? null, genesisTime: genesisTimeOf(seed), classify });
    const traffic = new Traffic(net, seed);
    await traffic.genesis();
    await traffic.bootstrap();
    store?.setMeta('seed', String(seed));
    return new Producer(net, traffic, [...FIRST_KINDS]);
  }

  /** One masterchain block of traffic. */
  async slot(traces = TRACES_PER_SLOT): Promise<void> {
    await this.traffic.slot(traces, this.firstKinds.shift());
  }
}

/** Fills an empty store with at least `txs` transactions of history. */
export async function generateInto(store: LedgerStore, opts: GenerateOptions): Promise<{ transactions: number; traces: number; mcSeqno: number; seconds: number }> {
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
  await producer.net.close();
  store.setMeta('generated_txs', String(producer.net.stats.transactions));
  return { ...producer.net.stats, seconds: (performance.now() - started) / 1000 };
}

/** Builds a ledger file (created if missing; it must be empty). */
export async function generateLedger(opts: GenerateOptions & { dbPath: string }) {
  const store = openLedgerStore(opts.dbPath);
  try {
    if (store.reader.latestMasterchainSeqno() !== null) throw new Error(`${opts.dbPath} already holds a ledger; choose another file`);
    return await generateInto(store, opts);
  } finally {
    store.close();
  }
}
