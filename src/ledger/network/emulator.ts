import { Address, beginCell, Cell, loadMessage, storeMessage, type Message, type ShardAccount } from '@ton/core';
import { FULL_SHARD } from '../../ton/shard';
import { toRaw } from '../../ton/address';
import { describeTransaction, isFailed } from '../../tvm/describe-transaction';
import type { EmulatorSink } from './emulator-events';
import { accountStateRecord, STATUS } from '../../tvm/account-state';
import { ExecutorChain, NotAccepted, type Executed } from './executor-chain';
import { messageCells } from '../../tvm/extract-messages';
import { useNodeSha256 } from './fast-sha256';
import { configBlockLimits, type BlockLimits } from './block-limits';
import { shardKey, shardKeyOf, shardKeys } from './shard-layout';

export interface EmulatorOptions {
  /** Unix time of slot 0; each slot follows the one before by `slotSeconds`, unless dated (`dateSlot`). */
  genesisTime: number;
  /** Seconds between masterchain blocks. */
  slotSeconds?: number;
  /** Per-block limits (default: those of the config the emulator runs with). */
  limits?: { masterchain: BlockLimits; basechain: BlockLimits };
}

/** What the traffic learns of a trace it set off, once the trace is complete. */
export interface EmulatedTrace {
  transactions: number;
  /** Some transaction failed (aborted, or a compute phase that did not succeed). */
  anyFailed: boolean;
  rootSuccess: boolean;
}

const hex256 = (v: bigint) => v.toString(16).padStart(64, '0');

const MASTERCHAIN = shardKey(-1, FULL_SHARD);

/** A message waiting in its destination shard's queue: which trace it belongs to, how deep. */
interface Queued {
  cell: Cell;
  dest: Address;
  trace: number;
  depth: number;
}

/** A trace in flight: messages still to deliver, and what its transactions did so far. */
interface Flight {
  pending: number;
  transactions: number;
  anyFailed: boolean;
  rootSuccess: boolean;
}

/**
 * Everything in flight at the end of a slot, as plain data for the producer's saved position: the
 * queues (each message as its BOC, with its destination, trace and depth) and the open traces.
 */
export interface DeliveryState {
  nextTrace: number;
  /** [trace, messages pending, transactions, any failed, root succeeded]. */
  traces: [number, number, number, boolean, boolean][];
  /** [shard key, [message BOC (base64), destination (raw), trace, depth][]]. */
  queues: [string, [string, string, number, number][]][];
}

const addressKey = (a: Address, slot: number) => shardKeyOf(a.workChain, a.hash, slot);

/**
 * The emulator half of the network: real TVM execution, block by block, with the chain clock and
 * the delivery rules of the network. It turns nothing into ledger records itself: each transaction
 * goes to the sink as an event, so this half can run in a worker thread while the ledger half
 * (records, blocks, classification, the store) runs in another.
 *
 * Delivery, as on the network: every shard (and the masterchain) has a queue of messages to import.
 * An external message joins its destination shard's queue and is processed in that shard's block
 * of the slot it is sent in. A transaction's internal message to an account of the same shard joins
 * the same queue and may be processed in the same block. A message to another shard (or between the
 * masterchain and a shard) waits for the next slot: a shard block of slot s refers to masterchain
 * block s - 1, the first that commits the source block of slot s - 1 (and masterchain block s
 * follows masterchain block s - 1, which committed it). A block stops importing once one of the
 * config's soft limits (gas, bytes, lt delta) is reached; what is left stays queued, first in line
 * for the next block. Traces therefore run concurrently and span blocks.
 */
export class Emulator {
  private slotIndex = 0;
  /** The time of the last slot made (before the first: a slot's length before genesis). */
  private lastSlotTime: number;
  /**
   * The state of whatever drives the emulator (the traffic), carried by each `endSlot` event with
   * the messages in flight: the point a restarted producer can resume from.
   */
  checkpoint: (() => Record<string, unknown>) | null = null;
  /** Told of every trace as it completes (the traffic applies what it learns of it). */
  onTraceComplete: ((trace: number, result: EmulatedTrace) => void) | null = null;
  /** Told of a trace whose external message its contract did not accept: it ends with no transaction. */
  onTraceRefused: ((trace: number) => void) | null = null;
  private readonly slotSeconds: number;
  private readonly limits: { masterchain: BlockLimits; basechain: BlockLimits };
  private nextTrace = 0;
  private readonly flights = new Map<number, Flight>();
  /** Messages each shard may import in the current slot, in order. */
  private queues = new Map<string, Queued[]>();
  /** Messages that crossed shards in the current slot: importable from the next one. */
  private incoming = new Map<string, Queued[]>();
  /** Tick and tock transactions of the current masterchain block: [account, which, trace]. */
  private specials: { address: Address; which: 'tick' | 'tock'; trace: number }[] = [];

  private constructor(
    private readonly chain: ExecutorChain,
    private readonly opts: EmulatorOptions,
    private readonly sink: EmulatorSink,
  ) {
    this.slotSeconds = opts.slotSeconds ?? 2;
    this.lastSlotTime = opts.genesisTime - this.slotSeconds;
    this.limits = opts.limits ?? configBlockLimits();
    chain.now = opts.genesisTime;
    this.queues = this.emptyQueues(0);
  }

  static async create(opts: EmulatorOptions, sink: EmulatorSink): Promise<Emulator> {
    return Emulator.over(await ExecutorChain.create(), opts, sink);
  }

  /** An emulator over an executor already loaded (`ExecutorChain.create`). */
  static over(chain: ExecutorChain, opts: EmulatorOptions, sink: EmulatorSink): Emulator {
    useNodeSha256();
    return new Emulator(chain, opts, sink);
  }

  private emptyQueues(slot: number): Map<string, Queued[]> {
    return new Map(shardKeys(slot).map((k) => [k, []]));
  }

  get now(): number {
    return this.chain.now;
  }

  /** Traces sent and not complete yet. */
  get tracesInFlight(): number {
    return this.flights.size;
  }

  /**
   * Genesis: the state of an account before history begins (not a transaction, not listed). With
   * code and data the account is active; with a balance alone it is `uninit` holding funds, ready to
   * be deployed by its first external message.
   */
  async genesisAccount(
    address: Address,
    init: { balance: bigint; code?: Cell; data?: Cell; special?: { tick: boolean; tock: boolean } },
  ): Promise<void> {
    const shard: ShardAccount = {
      account: {
        addr: address,
        storageStats: { used: { cells: 1n, bits: 100n }, lastPaid: this.now, storageExtra: null },
        storage: {
          lastTransLt: 0n,
          balance: { coins: init.balance },
          state: init.code
            ? { type: 'active', state: { code: init.code, data: init.data, special: init.special } }
            : { type: 'uninit' },
        },
      },
      lastTransactionLt: 0n,
      lastTransactionHash: 0n,
    };
    const cell = this.chain.setAccount(address, shard);
    // the state hash a transaction's state update starts from is the hash of the Account cell
    const accountCell = cell.refs[0] ?? cell;
    this.sink({
      kind: 'genesis',
      state: accountStateRecord(toRaw(address), accountCell.hash(), shard),
      shardAccountBoc: cell.toBoc(),
    });
  }

  hasAccount(address: Address): boolean {
    return this.chain.has(address);
  }

  /**
   * Sends an external-in message: it is processed in its destination shard's block of this slot
   * (or a later one, when that block is full). Gives back the id of the trace it starts.
   */
  sendExternal(message: Message | Cell): number {
    const cell = 'info' in message ? beginCell().store(storeMessage(message)).endCell() : message;
    const info = 'info' in message ? message.info : loadMessage(cell.beginParse()).info;
    if (info.type !== 'external-in') throw new Error(`a trace starts with an external-in message, not ${info.type}`);
    const trace = this.openTrace();
    this.queues.get(addressKey(info.dest, this.slotIndex))!.push({ cell, dest: info.dest, trace, depth: 0 });
    return trace;
  }

  /**
   * A tick or a tock transaction of a special masterchain account in this slot's masterchain block
   * (ticks first, tocks last, as the network runs them): a trace of its own, without an external
   * message. Gives back its trace's id.
   */
  runTickTock(address: Address, which: 'tick' | 'tock'): number {
    const trace = this.openTrace();
    this.specials.push({ address, which, trace });
    return trace;
  }

  private openTrace(): number {
    const trace = this.nextTrace++;
    this.flights.set(trace, { pending: 1, transactions: 0, anyFailed: false, rootSuccess: false });
    return trace;
  }

  /** What is in flight (see DeliveryState). */
  private inFlight(): DeliveryState {
    return {
      nextTrace: this.nextTrace,
      traces: [...this.flights].map(([id, f]) => [id, f.pending, f.transactions, f.anyFailed, f.rootSuccess]),
      queues: [...this.queues].map(([k, q]) => [
        k,
        q.map((m) => [m.cell.toBoc().toString('base64'), toRaw(m.dest), m.trace, m.depth]),
      ]),
    };
  }

  /**
   * Dates the current slot (nothing of it has run yet) by the wall clock: live blocks carry the
   * time they are made, never earlier than the slot before. Blocks made one after another for a
   * developer's messages may share a second (as a fast network's do): pushing each a second later
   * would run the chain's clock ahead of the wall clock, and a wallet message's expiry with it.
   */
  dateSlot(now: number): void {
    this.chain.now = Math.max(now, this.lastSlotTime);
  }

  /**
   * Goes on from a saved position: the slot to run next, the time of the slot before, the latest
   * lt, every account's ShardAccount BOC, what was in flight.
   */
  restore(
    slot: number,
    lastSlotTime: number,
    lt: bigint,
    accounts: Iterable<[string, Uint8Array]>,
    delivery: DeliveryState,
  ): void {
    this.slotIndex = slot;
    this.lastSlotTime = lastSlotTime;
    this.chain.now = lastSlotTime + this.slotSeconds;
    this.chain.restore(accounts, lt);
    this.nextTrace = delivery.nextTrace;
    for (const [id, pending, transactions, anyFailed, rootSuccess] of delivery.traces)
      this.flights.set(id, { pending, transactions, anyFailed, rootSuccess });
    this.queues = this.emptyQueues(slot);
    for (const [k, q] of delivery.queues) {
      this.queues.set(
        k,
        q.map(([boc, dest, trace, depth]) => ({
          cell: Cell.fromBase64(boc),
          dest: Address.parseRaw(dest),
          trace,
          depth,
        })),
      );
    }
  }

  /**
   * Makes the slot's blocks: the masterchain block, then each basechain shard's, each importing
   * from its queue within the block limits. Then the ledger side seals them, and the clock moves to
   * the next slot, where the messages that crossed shards become importable.
   */
  async endSlot(): Promise<void> {
    const slot = this.slotIndex;
    for (const key of shardKeys(slot)) {
      await this.makeBlock(slot, key);
      // the emulator never yields to the event loop on its own
      await new Promise((resolve) => setImmediate(resolve));
    }
    const now = this.now;
    const lt = this.chain.lt;
    this.slotIndex += 1;
    // the chain's own pace (history, and tests): the next slot a slot's length later
    this.lastSlotTime = now;
    this.chain.now = now + this.slotSeconds;
    // what a block left over comes first, then what crossed shards; both by destination in the
    // next slot's layout (a split or a merge redistributes the queues)
    const next = this.emptyQueues(this.slotIndex);
    for (const source of [this.queues, this.incoming]) {
      for (const q of source.values()) for (const m of q) next.get(addressKey(m.dest, this.slotIndex))!.push(m);
    }
    this.queues = next;
    this.incoming = new Map();
    const checkpoint = this.checkpoint ? { driver: this.checkpoint(), delivery: this.inFlight() } : undefined;
    this.sink({ kind: 'endSlot', now, lt, ...(checkpoint ? { checkpoint } : {}) });
  }

  /** One block of the slot: imports from the shard's queue until it is empty or a soft limit is reached. */
  private async makeBlock(slot: number, key: string): Promise<void> {
    const limits = key === MASTERCHAIN ? this.limits.masterchain : this.limits.basechain;
    const start = this.chain.startBlock();
    const used = { gas: 0, bytes: 0 };
    const specials = key === MASTERCHAIN ? this.specials : [];
    for (const s of specials) if (s.which === 'tick') this.account(await this.run(slot, key, { ...s, depth: 0 }), used);
    const queue = this.queues.get(key)!;
    let taken = 0;
    // messages to the same shard are appended to this very queue as it is read
    while (taken < queue.length) {
      const full =
        used.gas >= limits.gas.soft ||
        used.bytes >= limits.bytes.soft ||
        Number(this.chain.lt - start) >= limits.ltDelta.soft;
      if (full) break;
      this.account(await this.run(slot, key, queue[taken++]!), used);
    }
    this.queues.set(key, queue.slice(taken));
    for (const s of specials) if (s.which === 'tock') this.account(await this.run(slot, key, { ...s, depth: 0 }), used);
    if (key === MASTERCHAIN) this.specials = [];
  }

  private account(executed: Executed | null, used: { gas: number; bytes: number }): void {
    if (!executed) return;
    const compute =
      executed.tx.description.type === 'generic' || executed.tx.description.type === 'tick-tock'
        ? executed.tx.description.computePhase
        : null;
    if (compute?.type === 'vm') used.gas += Number(compute.gasUsed);
    // a transaction's size in the block: its BOC (its messages are cells of it)
    used.bytes += Buffer.byteLength(executed.boc, 'base64');
  }

  /** Runs one delivery (a queued message, or a tick or tock), routes the messages it sends, and closes its trace when nothing of it is left in flight. */
  private async run(
    slot: number,
    key: string,
    d: Queued | { address: Address; which: 'tick' | 'tock'; trace: number; depth: 0 },
  ): Promise<Executed | null> {
    const dest = 'cell' in d ? d.dest : d.address;
    let executed: Executed;
    try {
      executed = 'cell' in d ? await this.chain.deliver(d.cell, d.dest) : await this.chain.tickTock(d.address, d.which);
    } catch (error) {
      // an external message the contract does not accept (now) starts no trace: it is dropped, as a
      // collator drops it; only a message that starts a trace can be refused so
      if (!(error instanceof NotAccepted) || !('cell' in d) || d.depth !== 0) throw error;
      this.flights.delete(d.trace);
      this.sink({ kind: 'refused', messageHash: d.cell.hash(), reason: error.reason });
      this.onTraceRefused?.(d.trace);
      return null;
    }
    const cells = this.emit(executed, dest, d.depth === 0, d.trace);
    const flight = this.flights.get(d.trace)!;
    flight.pending -= 1;
    flight.transactions += 1;
    flight.anyFailed ||= cells.failed;
    if (d.depth === 0) flight.rootSuccess = !cells.failed;
    // an external-out message goes nowhere: only internal ones are delivered
    for (const [index, m] of executed.tx.outMessages) {
      if (m.info.type !== 'internal') continue;
      flight.pending += 1;
      const target = addressKey(m.info.dest, slot);
      const queued = { cell: cells.outMsgs[index]!, dest: m.info.dest, trace: d.trace, depth: d.depth + 1 };
      if (target === key) this.queues.get(key)!.push(queued);
      else {
        const q = this.incoming.get(target);
        if (q) q.push(queued);
        else this.incoming.set(target, [queued]);
      }
    }
    if (flight.pending === 0) {
      this.flights.delete(d.trace);
      this.sink({ kind: 'traceEnd', trace: d.trace });
      this.onTraceComplete?.(d.trace, {
        transactions: flight.transactions,
        anyFailed: flight.anyFailed,
        rootSuccess: flight.rootSuccess,
      });
    }
    return executed;
  }

  /**
   * Reads one transaction out and hands it to the sink; gives back the cells of the messages it
   * sent (each is delivered as that very cell) and whether it failed.
   */
  private emit(
    { tx, boc, shardAccount }: Executed,
    address: Address,
    traceStart: boolean,
    trace: number,
  ): { outMsgs: Cell[]; failed: boolean } {
    // The workchain is not part of a transaction: it comes from the inbound message's destination.
    const account = toRaw(address);
    const description = describeTransaction(tx.description);
    this.sink({
      kind: 'tx',
      trace,
      traceStart,
      oldStateHash: tx.stateUpdate.oldHash,
      tx: {
        hash: tx.raw.hash(),
        lt: tx.lt,
        account,
        now: tx.now,
        origStatus: STATUS[tx.oldStatus] ?? 'nonexist',
        endStatus: STATUS[tx.endStatus] ?? 'nonexist',
        totalFees: tx.totalFees.coins,
        totalFeesExtraCurrencies: {},
        description,
        // the BOC as the emulator made it (the same cells as tx.raw, not serialized a second time)
        boc: Buffer.from(boc, 'base64'),
        prevTransHash: Buffer.from(hex256(tx.prevTransactionHash), 'hex'),
        prevTransLt: tx.prevTransactionLt,
      },
      // read on the ledger side, which has the time to spare
      stateAfter: { hash: tx.stateUpdate.newHash, shardAccountBoc: Buffer.from(shardAccount, 'base64') },
    });
    return { outMsgs: messageCells(tx.raw).outMsgs, failed: isFailed(description) };
  }
}
