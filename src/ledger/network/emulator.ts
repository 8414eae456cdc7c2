import { beginCell, loadMessage, storeMessage, type Address, type Cell, type Message, type ShardAccount } from '@ton/core';
import { toRaw } from '../../ton/address';
import type { AccountStatus } from '../../store/records';
import { describeTransaction, isFailed } from './describe-transaction';
import type { EmulatorSink } from './emulator-events';
import { accountStateRecord } from './account-state';
import { ExecutorChain, type Executed } from './executor-chain';
import { messageCells } from './extract-messages';
import { useNodeSha256 } from './fast-sha256';

export interface EmulatorOptions {
  /** Unix time of slot 0. */
  genesisTime: number;
  /** Seconds between masterchain blocks. */
  slotSeconds?: number;
  /**
   * Hops of a trace per slot: a message sent in one block is delivered in a later one, so a deep
   * trace spans several blocks (and masterchain blocks), as on a real chain.
   */
  hopsPerSlot?: number;
}

/** What the traffic learns of a trace it set off. */
export interface EmulatedTrace {
  transactions: number;
  /** Some transaction failed (aborted, or a compute phase that did not succeed). */
  anyFailed: boolean;
  rootSuccess: boolean;
}

const hex256 = (v: bigint) => v.toString(16).padStart(64, '0');

const STATUS: Record<string, AccountStatus> = {
  uninitialized: 'uninit',
  'non-existing': 'nonexist',
  active: 'active',
  frozen: 'frozen',
};

/** A message waiting in a trace's queue, or the tick-tock that starts a trace. */
type Delivery =
  | { kind: 'message'; cell: Cell; dest: Address; depth: number }
  | { kind: 'tickTock'; address: Address; which: 'tick' | 'tock'; depth: 0 };

/**
 * The emulator half of the network: real TVM execution of traces, hop by hop, with the chain clock
 * and slot boundaries. It turns nothing into ledger records itself: each transaction goes to the
 * sink as an event, so this half can run in a worker thread while the ledger half (records, blocks,
 * classification, the store) runs in another.
 */
export class Emulator {
  private slotIndex = 0;
  private tracing = false;
  /**
   * The state of whatever drives the emulator (the traffic), carried by each `endSlot` event that
   * falls between traces: the point a restarted producer can resume from.
   */
  checkpoint: (() => Record<string, unknown>) | null = null;
  private readonly slotSeconds: number;
  private readonly hopsPerSlot: number;

  private constructor(
    private readonly chain: ExecutorChain,
    private readonly opts: EmulatorOptions,
    private readonly sink: EmulatorSink,
  ) {
    this.slotSeconds = opts.slotSeconds ?? 2;
    this.hopsPerSlot = opts.hopsPerSlot ?? 4;
    chain.now = this.slotTime(0);
  }

  static async create(opts: EmulatorOptions, sink: EmulatorSink): Promise<Emulator> {
    useNodeSha256();
    return new Emulator(await ExecutorChain.create(), opts, sink);
  }

  private slotTime(slot: number): number {
    return this.opts.genesisTime + slot * this.slotSeconds;
  }

  get now(): number {
    return this.chain.now;
  }

  /**
   * Genesis: the state of an account before history begins (not a transaction, not listed). With
   * code and data the account is active; with a balance alone it is `uninit` holding funds, ready to
   * be deployed by its first external message.
   */
  async genesisAccount(address: Address, init: { balance: bigint; code?: Cell; data?: Cell; special?: { tick: boolean; tock: boolean } }): Promise<void> {
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
    this.sink({ kind: 'genesis', state: accountStateRecord(toRaw(address), accountCell.hash(), shard), shardAccountBoc: cell.toBoc() });
  }

  /** Runs the trace of one external-in message through the TVM, hop by hop. */
  sendExternal(message: Message | Cell): Promise<EmulatedTrace> {
    const cell = 'info' in message ? beginCell().store(storeMessage(message)).endCell() : message;
    const info = 'info' in message ? message.info : loadMessage(cell.beginParse()).info;
    if (info.type !== 'external-in') throw new Error(`a trace starts with an external-in message, not ${info.type}`);
    return this.runTrace({ kind: 'message', cell, dest: info.dest, depth: 0 });
  }

  /** A tick or a tock transaction of a special masterchain account: a trace of its own, without an external message. */
  runTickTock(address: Address, which: 'tick' | 'tock'): Promise<EmulatedTrace> {
    return this.runTrace({ kind: 'tickTock', address, which, depth: 0 });
  }

  /** Goes on from a saved position: the slot to run next, the latest lt, every account's ShardAccount BOC. */
  restore(slot: number, lt: bigint, accounts: Iterable<[string, Uint8Array]>): void {
    this.slotIndex = slot;
    this.chain.now = this.slotTime(slot);
    this.chain.restore(accounts, lt);
  }

  /** Ends the current slot: the ledger side seals its blocks; the clock moves to the next slot. */
  endSlot(): void {
    const checkpoint = this.tracing ? undefined : this.checkpoint?.();
    this.sink({ kind: 'endSlot', now: this.now, lt: this.chain.lt, ...(checkpoint ? { checkpoint } : {}) });
    this.slotIndex += 1;
    this.chain.now = this.slotTime(this.slotIndex);
  }

  private async runTrace(root: Delivery): Promise<EmulatedTrace> {
    // Messages are delivered first-in first-out, as the sandbox does: transactions come
    // breadth-first, and the depth of each message tells the slot (and the clock) its transaction
    // runs in, so a deep trace spans several blocks.
    const queue: Delivery[] = [root];
    const startSlot = this.slotIndex;
    this.tracing = true;
    let anyFailed = false;
    let rootSuccess = false;
    for (let count = 0; count < queue.length; count++) {
      const delivery = queue[count]!;
      const targetSlot = startSlot + Math.floor(delivery.depth / this.hopsPerSlot);
      while (this.slotIndex < targetSlot) this.endSlot();
      const executed = delivery.kind === 'message'
        ? await this.chain.deliver(delivery.cell, delivery.dest)
        : await this.chain.tickTock(delivery.address, delivery.which);
      const cells = this.emit(executed, delivery.kind === 'message' ? delivery.dest : delivery.address, count === 0);
      anyFailed ||= cells.failed;
      if (count === 0) rootSuccess = !cells.failed;
      // an external-out message goes nowhere: only internal ones are delivered
      for (const [index, m] of executed.tx.outMessages) {
        if (m.info.type === 'internal') queue.push({ kind: 'message', cell: cells.outMsgs[index]!, dest: m.info.dest, depth: delivery.depth + 1 });
      }
    }
    this.tracing = false;
    this.sink({ kind: 'traceEnd' });
    // the emulator never yields to the event loop on its own
    await new Promise((resolve) => setImmediate(resolve));
    return { transactions: queue.length, anyFailed, rootSuccess };
  }

  /**
   * Reads one transaction out and hands it to the sink; gives back the cells of the messages it
   * sent (each is delivered as that very cell) and whether it failed.
   */
  private emit({ tx, boc, shardAccount }: Executed, address: Address, traceStart: boolean): { outMsgs: Cell[]; failed: boolean } {
    // The workchain is not part of a transaction: it comes from the inbound message's destination.
    const account = toRaw(address);
    const description = describeTransaction(tx.description);
    this.sink({
      kind: 'tx',
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
