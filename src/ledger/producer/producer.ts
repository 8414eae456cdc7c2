import type { Worker } from 'node:worker_threads';
import type { LedgerStore, LedgerWriter } from '../../store/interface';
import { createTraceClassifier } from '../classify/trace-classifier';
import { compiledContractBocs } from '../contracts/compile';
import { LedgerAssembler } from '../network/ledger-assembler';
import type { TraceKind } from '../traffic/traffic';
import type { ProducerAccountRecord } from '../../store/records';
import type { TrafficState } from '../traffic/traffic';
import { decodePosition, encodePosition, POSITION_FORMAT, type ProducerPosition } from './position';
import type { DeliveryState } from '../network/emulator';
import type { CommandBody, EmulatorEvent, ProducerCommand, ProducerReply, RestoreState } from './protocol';
import { spawnEmulatorThread } from './emulator-thread-spawn';
import { deserializeOwning } from './owning-deserialize';
import { keptLocalWallets, localWallets } from '../traffic/local-wallets';
import { toRaw } from '../../ton/address';

/**
 * Chain time of slot 0 when no epoch anchors the history (tests, benchmarks): derived from the seed
 * so that two seeds differ in time as well.
 */
export function genesisTimeOf(seed: number): number {
  return 1_760_000_000 + (seed % 1000) * 86_400;
}

/** Seconds between masterchain blocks of the history (live ones follow the wall clock). */
export const SLOT_SECONDS = 2;
/** Transactions per slot of history, about (measured: 65 for seed 42 at 10,000 transactions, fan-outs included). */
const HISTORY_TXS_PER_SLOT = 60;

/**
 * Slot 0's time for a history of about `txs` transactions that ends at `epoch` (unix seconds): the
 * ledger's first start, or LEDGER_EPOCH. Generation stops on a transaction count, so the end is
 * estimated: it falls within about a tenth of the history's length of the epoch.
 */
export function genesisTimeFor(epoch: number, txs: number): number {
  return epoch - Math.ceil(txs / HISTORY_TXS_PER_SLOT) * SLOT_SECONDS;
}

/** Traces per masterchain block while building history, and while producing live. */
export const BULK_TRACES = 10;
export const LIVE_TRACES = 4;

/** Every kind appears in the first slots, so even a small ledger holds each of them. */
const FIRST_KINDS: TraceKind[] = [
  'transfer',
  'deploy',
  'bounce_nonexistent',
  'compute_failure',
  'bounce_no_funds',
  'jetton_mint',
  'jetton_transfer',
  'jetton_burn',
  'nft_mint',
  'nft_transfer',
  'masterchain_wallet',
  'chain',
  'fan_out',
  'wide_fan_out',
  'multi_transfer',
  // a jetton with more holders than a page of them (limit 10), and an NFT on sale
  'jetton_airdrop',
  'jetton_airdrop',
  'jetton_airdrop',
  'nft_sale',
];

/**
 * Slots sent to the emulator thread before the oldest is written. Slots differ tenfold in size (a
 * fan-out is 241 transactions): with 2 in flight the emulator thread often waited while this one
 * wrote a big slot (10,000 transactions: ~300 tx/s at 2, ~340 at 4, 345-433 at 8).
 */
const IN_FLIGHT = 8;

/** What a slot carries beyond the traffic. */
export interface SlotExtras {
  /** The traffic's traces in this slot (default on); off, the slot makes only what it is sent. */
  traffic?: boolean;
  /** External messages the service accepted, each with its hash (inbound.ts). */
  inbound?: { hash: Buffer; boc: Buffer }[];
  /** Faucet requests to pay from the faucet wallet: request id, address (raw), nanotons. */
  faucet?: { id: Buffer; to: string; amount: bigint }[];
}

interface Pending {
  meta: Record<string, string>;
  /** Hashes of the inbound messages the command carries, until its first events are handled. */
  inbound: Buffer[];
  resolve: (transactions: number) => void;
  reject: (error: Error) => void;
}

/**
 * A running network with its traffic, in two threads: the emulator and the traffic run in a worker
 * thread (protocol.ts), while this thread assembles what they did into records, blocks and traces
 * and writes them. Several slots may be in flight: the emulator runs the next while this thread
 * writes the last, and the ledger is the same as if one thread did both (events arrive in order).
 *
 * Its history is a pure function of the seed and of how many bulk and live slots were produced.
 * Every slot's batch also carries the producer's position (position.ts: clock, lt, blocks, counters,
 * the traffic's state, the messages and traces in flight) and the accounts changed since the last
 * one, so a restart takes up where the ledger ends instead of replaying the history.
 */
export class Producer {
  private bulkSlots = 0;
  private liveSlots = 0;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private failure: Error | null = null;
  private readonly firstKinds = [...FIRST_KINDS];
  private inboundTraces = 0;
  /** Slots `resume` produced again (0 when the ledger ended on its saved position). */
  replayedSlots = 0;

  private constructor(
    private readonly worker: Worker,
    private readonly assembler: LedgerAssembler,
    private readonly seed: number,
    private readonly genesisTime: number,
  ) {
    // the counts of the command whose events made the checkpoint (later commands may be in flight)
    assembler.savePosition = (p, meta) =>
      encodePosition({
        format: POSITION_FORMAT,
        seed,
        bulkSlots: Number(meta.bulk_slots),
        liveSlots: Number(meta.live_slots),
        ...p,
      });
    worker.on('message', (reply: ProducerReply) => this.receive(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the emulator thread exited (code ${code})`)));
  }

  /**
   * A new network from the seed's genesis, writing into `store` (nothing is written without one).
   * Its history starts at `genesisTime` (default: the seed's own, `genesisTimeOf`).
   */
  static start(
    store: LedgerStore | null,
    seed: number,
    genesisTime = genesisTimeOf(seed),
    thread: Worker = spawnEmulatorThread(),
  ): Promise<Producer> {
    return Producer.launch(thread, store, seed, genesisTime, null, -1);
  }

  /**
   * Takes up an existing ledger where it ends. From the saved position when there is one: the
   * emulator thread and the assembler load it, then the slots the ledger holds beyond it (none: each
   * slot is one batch, its position included) are produced again without writing what the ledger
   * already holds. A ledger without a position (written by an older
   * build) is replayed from the seed the same way, once: its position is saved as the replay goes.
   */
  static async resume(store: LedgerStore, seed: number, thread: Worker = spawnEmulatorThread()): Promise<Producer> {
    try {
      return await Producer.takeUp(store, seed, thread);
    } catch (error) {
      // refused before the thread was handed over (a failure after closes it with the producer)
      await thread.terminate();
      throw error;
    }
  }

  private static async takeUp(store: LedgerStore, seed: number, thread: Worker): Promise<Producer> {
    const bulk = Number((await store.getMeta('bulk_slots')) ?? 'NaN');
    const live = Number((await store.getMeta('live_slots')) ?? 'NaN');
    if (!Number.isInteger(bulk) || !Number.isInteger(live))
      throw new Error('the ledger does not say how it was produced; live production cannot resume');
    const saved = await store.loadProducerState();
    const position = saved.position ? decodePosition(saved.position) : null;
    if (position && position.seed !== seed) {
      throw new Error(`the ledger was produced from seed ${position.seed}, not ${seed}; live production cannot resume`);
    }
    const latest = saved.latestMcSeqno ?? -1;
    // a replay from genesis starts at the genesis the ledger was made from
    const genesisTime = Number((await store.getMeta('genesis_time')) ?? genesisTimeOf(seed));
    const producer = await Producer.launch(
      thread,
      store,
      seed,
      genesisTime,
      position ? { position, accounts: saved.accounts } : null,
      latest,
      saved.latestMcRootHash,
    );
    try {
      const bulkLeft = bulk - producer.bulkSlots;
      producer.replayedSlots = bulkLeft + live - producer.liveSlots;
      await producer.slots(producer.replayedSlots, (i) => i >= bulkLeft);
      // a slot cut short by a crash ends past the ledger's end once made again (and is written on)
      if (producer.stats.mcSeqno < latest) {
        throw new Error(
          `replaying seed ${seed} ends at masterchain seqno ${producer.stats.mcSeqno}, the ledger at ${latest}; live production cannot resume`,
        );
      }
    } catch (error) {
      await producer.close();
      throw error;
    }
    producer.readSavedStates();
    return producer;
  }

  /**
   * Reads the account states the restart loaded but left unread (the assembler reads each when its
   * account first transacts), a few at a time between the slots' work, so that the first live block
   * does not wait for them and the saved BOCs give way to the smaller records they become.
   */
  private readSavedStates(): void {
    const step = () => {
      if (this.failure) return;
      if (this.assembler.readSaved(64) > 0) setImmediate(step);
    };
    setImmediate(step);
  }

  private static async launch(
    worker: Worker,
    store: LedgerStore | null,
    seed: number,
    genesisTime: number,
    saved: { position: ProducerPosition; accounts: ProducerAccountRecord[] } | null,
    skipThrough: number,
    skipThroughHash: Buffer | null = null,
  ): Promise<Producer> {
    // the emulator thread loads while this one compiles the contracts; its listeners are attached at once, so an early failure of the thread is reported, not thrown
    const producer = new Producer(worker, new LedgerAssembler(store?.writer ?? null), seed, genesisTime);
    producer.assembler.skipThrough = skipThrough;
    producer.assembler.skipThroughHash = skipThroughHash;
    try {
      // the wallets' keys are kept in the ledger's metadata once derived (no PBKDF2 at a later start)
      const wallets = store ? keptLocalWallets(seed, store) : localWallets(seed);
      producer.assembler.classifyWith(await createTraceClassifier());
      const contracts = await compiledContractBocs();
      const local = (await wallets).map((w) => toRaw(w.address));
      if (saved) {
        const { position, accounts } = saved;
        producer.bulkSlots = position.bulkSlots;
        producer.liveSlots = position.liveSlots;
        producer.firstKinds.splice(0, position.bulkSlots + position.liveSlots);
        // the open traces' transactions so far are in the ledger
        await producer.assembler.restore(position, accounts, (traceId) =>
          store!.reader.getTraceTransactions(traceId, Number.MAX_SAFE_INTEGER),
        );
        const restore: RestoreState = {
          slot: position.blocks.slot,
          lastSlotTime: position.blocks.lastMc!.genUtime,
          lt: position.lt,
          accounts: accounts.map((a) => [a.account, a.shardAccount]),
          traffic: position.emulator.driver as TrafficState,
          delivery: position.emulator.delivery as DeliveryState,
        };
        await producer.send({ cmd: 'start', seed, genesisTime, contracts, restore, localWallets: local });
      } else {
        await producer.send({ cmd: 'start', seed, genesisTime, contracts, localWallets: local });
      }
      return producer;
    } catch (error) {
      await producer.close();
      throw error;
    }
  }

  get stats() {
    return this.assembler.stats;
  }

  /** Where batches go from now on. */
  setWriter(writer: LedgerWriter | null): void {
    this.assembler.setWriter(writer);
  }

  /**
   * One masterchain block of traffic, dated `now` (unix seconds; a live block's wall-clock time)
   * or else a slot after the one before. Resolves when its batch is written, with the ledger's
   * transaction count then; callers may start the next one before that.
   */
  slot(live = false, now?: number, extra: SlotExtras = {}): Promise<number> {
    if (live) this.liveSlots += 1;
    else this.bulkSlots += 1;
    const traffic = extra.traffic ?? true;
    const inbound = extra.inbound ?? [];
    return this.send(
      {
        cmd: 'slot',
        traces: traffic ? (live ? LIVE_TRACES : BULK_TRACES) : 0,
        ...(traffic ? { force: this.firstKinds.shift() } : {}),
        ...(now === undefined ? {} : { now }),
        ...(inbound.length > 0 ? { inbound: inbound.map((m) => m.boc) } : {}),
        ...(extra.faucet?.length
          ? { faucet: extra.faucet.map((f) => [f.id, f.to, f.amount.toString()] as [Buffer, string, string]) }
          : {}),
      },
      inbound.map((m) => m.hash),
    );
  }

  /**
   * Lowers the emulator thread's priority by `by` nice steps: live production beside a server, whose
   * reads should get the cores first (a block waits a little; a light query does not).
   */
  lowerPriority(by: number): Promise<number> {
    return this.send({ cmd: 'nice', by });
  }

  /** Traces of inbound messages in flight after the latest slot (the live producer hurries them). */
  get inboundInFlight(): number {
    return this.inboundTraces;
  }

  /**
   * Produces up to `count` slots (the i-th live when `live(i)`) with a few in flight at a time:
   * enough to keep both threads busy, few enough that events never pile up in memory. After each
   * slot is written, `until` gets the ledger's transaction count then, and how many slots are still
   * in flight after it, and may stop sending more (slots already sent still complete, so where it
   * stops depends on the counts alone).
   */
  async slots(
    count: number,
    live: (i: number) => boolean,
    until?: (transactions: number, inFlight: number) => boolean,
  ): Promise<void> {
    const inFlight: Promise<number>[] = [];
    let stop = false;
    for (let i = 0; i < count && !stop; i++) {
      inFlight.push(this.slot(live(i)));
      if (inFlight.length >= IN_FLIGHT) {
        const written = await inFlight.shift()!;
        stop = until ? until(written, inFlight.length) : false;
      }
    }
    while (inFlight.length > 0) {
      const written = await inFlight.shift()!;
      until?.(written, inFlight.length);
    }
  }

  /** Stops the emulator thread (slots in flight are dropped). */
  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
    this.fail(new Error('the producer was closed'));
  }

  /** Sends a command; the batches its events make carry the slot counts after it. */
  private send(command: CommandBody, inbound: Buffer[] = []): Promise<number> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const meta = {
      seed: String(this.seed),
      genesis_time: String(this.genesisTime),
      bulk_slots: String(this.bulkSlots),
      live_slots: String(this.liveSlots),
    };
    return new Promise<number>((resolve, reject) => {
      this.pending.set(id, { meta, inbound, resolve, reject });
      this.worker.postMessage({ ...command, id } as ProducerCommand);
    });
  }

  private receive(reply: ProducerReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    try {
      // batches written while this command's events are handled carry its slot counts
      this.assembler.nextBatchMeta = pending.meta;
      // the messages are taken in this command's slot: marked so in the batch that ends it
      if (pending.inbound.length > 0) {
        this.assembler.takeInbound(pending.inbound);
        pending.inbound = [];
      }
      for (const event of deserializeOwning(reply.events) as EmulatorEvent[]) this.assembler.handle(event);
      if (reply.error) throw new Error(`the emulator thread failed: ${reply.error}`);
    } catch (error) {
      this.fail(error as Error);
      return;
    }
    if (reply.done) {
      this.pending.delete(reply.id);
      this.inboundTraces = reply.inboundInFlight ?? 0;
      const transactions = this.assembler.stats.transactions;
      // the slot is done once its batches are committed; a failed write fails the whole producer
      this.assembler.written().then(
        () => pending.resolve(transactions),
        (error: unknown) => {
          pending.reject(error as Error);
          this.fail(error as Error);
        },
      );
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
  }
}
