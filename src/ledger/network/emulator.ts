import { Blockchain, type BlockchainTransaction } from '@ton/sandbox';
import { beginCell, storeShardAccount, type Address, type Cell, type Message, type ShardAccount } from '@ton/core';
import { toRaw } from '../../ton/address';
import type { AccountStatus } from '../../server/store/records';
import { DeliveringContract, NonexistentAccountStorage, sentCells } from './account-storage';
import { describeTransaction, isFailed } from './describe-transaction';
import type { EmulatorSink } from './emulator-events';
import { accountStateRecord } from './account-state';
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

/**
 * Drop the emulator's own transaction history this often. It keeps every transaction with its
 * parsed cells and its trace tree; every 2,000 it held the emulator thread's heap near 300 MB, after
 * every trace the producer ran 15 % slower (measured at 30,000 transactions).
 */
const HISTORY_DROP_EVERY = 1000;

const hex256 = (v: bigint) => v.toString(16).padStart(64, '0');

const STATUS: Record<string, AccountStatus> = {
  uninitialized: 'uninit',
  'non-existing': 'nonexist',
  active: 'active',
  frozen: 'frozen',
};

/**
 * The emulator half of the network: real TVM execution of traces, hop by hop, with the chain clock
 * and slot boundaries. It turns nothing into ledger records itself: each transaction goes to the
 * sink as an event, so this half can run in a worker thread while the ledger half (records, blocks,
 * classification, the store) runs in another.
 */
export class Emulator {
  private slotIndex = 0;
  private sinceDrop = 0;
  private readonly slotSeconds: number;
  private readonly hopsPerSlot: number;

  private constructor(
    private readonly blockchain: Blockchain,
    private readonly opts: EmulatorOptions,
    private readonly sink: EmulatorSink,
  ) {
    this.slotSeconds = opts.slotSeconds ?? 2;
    this.hopsPerSlot = opts.hopsPerSlot ?? 4;
    blockchain.now = this.slotTime(0);
  }

  static async create(opts: EmulatorOptions, sink: EmulatorSink): Promise<Emulator> {
    useNodeSha256();
    const blockchain = await Blockchain.create({ storage: new NonexistentAccountStorage() });
    blockchain.verbosity = { print: false, blockchainLogs: false, vmLogs: 'none', debugLogs: false };
    return new Emulator(blockchain, opts, sink);
  }

  private slotTime(slot: number): number {
    return this.opts.genesisTime + slot * this.slotSeconds;
  }

  get now(): number {
    return this.blockchain.now!;
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
    await this.blockchain.setShardAccount(address, shard);
    const cell = beginCell().store(storeShardAccount(shard)).endCell();
    // the state hash a transaction's state update starts from is the hash of the Account cell
    const accountCell = cell.refs[0] ?? cell;
    this.sink({ kind: 'genesis', state: accountStateRecord(toRaw(address), accountCell.hash(), shard) });
  }

  /** Runs the trace of one external-in message through the TVM, hop by hop. */
  async sendExternal(message: Message | Cell): Promise<EmulatedTrace> {
    const iter = await this.blockchain.sendMessageIter(message);
    return this.runTrace(async () => {
      const r = await iter.next();
      return r.done ? null : r.value;
    }, null);
  }

  /** A tick or a tock transaction of a special masterchain account: a trace of its own, without an external message. */
  async runTickTock(address: Address, which: 'tick' | 'tock'): Promise<EmulatedTrace> {
    const result = await this.blockchain.runTickTock(address, which);
    const txs = [...result.transactions];
    return this.runTrace(async () => txs.shift() ?? null, address);
  }

  /** Ends the current slot: the ledger side seals its blocks; the clock moves to the next slot. */
  endSlot(): void {
    this.sink({ kind: 'endSlot', now: this.now, lt: this.blockchain.lt });
    this.slotIndex += 1;
    this.blockchain.now = this.slotTime(this.slotIndex);
  }

  private async runTrace(next: () => Promise<BlockchainTransaction | null>, tickTockAccount: Address | null): Promise<EmulatedTrace> {
    // The emulator's queue is first-in first-out, so transactions come breadth-first; a mirror of
    // its queue (the depth of each pending message) tells the depth of the next transaction before
    // it runs, and with it the slot (and the clock) it runs in.
    const pendingDepths: number[] = [0];
    const startSlot = this.slotIndex;
    let count = 0;
    let anyFailed = false;
    let rootSuccess = false;
    for (;;) {
      const depth = pendingDepths[0] ?? 0;
      const targetSlot = startSlot + Math.floor(depth / this.hopsPerSlot);
      while (this.slotIndex < targetSlot) this.endSlot();
      this.blockchain.now = this.slotTime(this.slotIndex);
      const tx = await next();
      if (!tx) break;
      pendingDepths.shift();
      const failed = await this.emit(tx, tickTockAccount, count === 0);
      anyFailed ||= failed;
      if (count === 0) rootSuccess = !failed;
      count += 1;
      for (const m of tx.outMessages.values()) if (m.info.type === 'internal') pendingDepths.push(depth + 1);
    }
    if (count === 0) throw new Error('the message produced no transaction');
    this.sink({ kind: 'traceEnd' });
    this.sinceDrop += count;
    if (this.sinceDrop >= HISTORY_DROP_EVERY) {
      // pitfall: the emulator keeps every transaction it ran; nothing of ours needs that history
      (this.blockchain as unknown as { transactions: unknown[] }).transactions = [];
      this.sinceDrop = 0;
    }
    // pitfall: the emulator never yields to the event loop on its own
    await new Promise((resolve) => setImmediate(resolve));
    return { transactions: count, anyFailed, rootSuccess };
  }

  /** Reads one transaction out and hands it to the sink; says whether it failed. */
  private async emit(tx: BlockchainTransaction, tickTockAccount: Address | null, traceStart: boolean): Promise<boolean> {
    // remember the cells this transaction sent, for their delivery (see DeliveringContract)
    const cells = messageCells(tx.raw);
    for (const [index, m] of tx.outMessages) if (cells.outMsgs[index]) sentCells.set(m.info, cells.outMsgs[index]!);
    // The workchain is not part of a transaction: it comes from the inbound message's destination.
    const inInfo = tx.inMessage?.info;
    const address = inInfo && inInfo.type !== 'external-out' ? inInfo.dest : tickTockAccount!;
    const account = toRaw(address);
    const contract = (await this.blockchain.getContract(address)) as DeliveringContract;
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
        boc: Buffer.from(contract.lastTransactionBoc, 'base64'),
        prevTransHash: Buffer.from(hex256(tx.prevTransactionHash), 'hex'),
        prevTransLt: tx.prevTransactionLt,
        // the sandbox itself parsed the account after the transaction (it checks its workchain), so
        // reading it here costs nothing more
        stateAfter: accountStateRecord(account, tx.stateUpdate.newHash, contract.account),
      },
    });
    return isFailed(description);
  }
}
