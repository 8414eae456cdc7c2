import { Executor, defaultConfig, type ExecutorEmulationResult, type ExecutorRunTransactionArgs } from '@ton/sandbox';
import { NONEXISTENT_ACCOUNT } from '../../tvm/run-external';
import {
  Cell,
  beginCell,
  loadTransaction,
  storeShardAccount,
  type Address,
  type ShardAccount,
  type Transaction,
} from '@ton/core';
import { toRaw } from '../../ton/address';

/**
 * Logical time as a collator assigns it: each block starts at a multiple of this (the network's
 * blocks start at round lts too), and within a block a transaction takes the next free lt, its
 * outbound messages the lts just above it (`lt + 1 + i`), so the next transaction starts after
 * them. A block's lt delta (a block limit) is then the count of its transactions and messages, as
 * on the network. (The sandbox's Blockchain steps 1,000,000 per transaction instead, which would
 * make every block pass the lt-delta limit with its first transaction.)
 */
export const LT_BLOCK_ALIGN = 1_000_000n;

/**
 * An account no one has seen: `account_none` (src/tvm/run-external.ts), the same cell for every
 * address. The emulator then reports `nonexist → uninit` with the right state hashes (the sandbox's
 * Blockchain would invent an empty `uninit` account instead).
 */
const NONEXISTENT = NONEXISTENT_ACCOUNT.toString('base64');

type CommonArgs = Omit<ExecutorRunTransactionArgs, 'message'>;

/** The emulator made no transaction of a message: an external message its contract did not accept. */
export class NotAccepted extends Error {
  constructor(
    message: string,
    /** The emulator's words, with the VM's exit code when the contract ran. */
    readonly reason: string,
  ) {
    super(message);
  }
}

/** One transaction the emulator ran, with what it returned still serialized beside the parsed transaction. */
export interface Executed {
  tx: Transaction;
  /** The transaction's BOC as the emulator serialized it. */
  boc: string;
  /** The account after the transaction: the emulator's ShardAccount BOC, parsed only where needed. */
  shardAccount: string;
}

/**
 * The chain state around the emulator's executor (the real TON transaction emulator, WASM): every
 * account as the ShardAccount BOC the emulator last returned, the clock and the logical time.
 *
 * The sandbox's Blockchain does the same and more, but per transaction it also parses the account
 * after it (to check its workchain), keeps every transaction in a history that grows without end,
 * re-serializes each message it delivers, and resolves every account through a chain of promises:
 * a third of the emulating thread's time went there. Here a message is delivered as the very cell
 * its sender produced (so its hash is the sender's), and the account's state is handed on as the
 * emulator's own BOC for the ledger side to read.
 */
export class ExecutorChain {
  private readonly accounts = new Map<string, string>();
  /** The unix time transactions run at. */
  now = 0;
  private currentLt = 0n;

  private constructor(private readonly executor: Executor) {}

  static async create(): Promise<ExecutorChain> {
    return new ExecutorChain(await Executor.create());
  }

  /** The next free lt: past the latest transaction and the messages it sent. */
  get lt(): bigint {
    return this.currentLt;
  }

  /** Starts a block: the next transaction's lt is the next multiple of LT_BLOCK_ALIGN. */
  startBlock(): bigint {
    this.currentLt = (this.currentLt / LT_BLOCK_ALIGN + 1n) * LT_BLOCK_ALIGN;
    return this.currentLt;
  }

  /** Takes up a saved chain: every account's ShardAccount BOC and the lt of the latest transaction. */
  restore(accounts: Iterable<[string, Uint8Array]>, lt: bigint): void {
    // posted between threads, the BOCs arrive as plain Uint8Arrays
    for (const [account, boc] of accounts)
      this.accounts.set(account, Buffer.from(boc.buffer, boc.byteOffset, boc.byteLength).toString('base64'));
    this.currentLt = lt;
  }

  /** The chain holds a state of the account. */
  has(address: Address): boolean {
    return this.accounts.has(toRaw(address));
  }

  /** Sets an account's state outright (genesis). */
  setAccount(address: Address, shard: ShardAccount): Cell {
    const cell = beginCell().store(storeShardAccount(shard)).endCell();
    this.accounts.set(toRaw(address), cell.toBoc().toString('base64'));
    return cell;
  }

  /** Runs the transaction of `dest` that receives the message `message` (a Message cell). */
  deliver(message: Cell, dest: Address): Promise<Executed> {
    return this.run(dest, (common) => this.executor.runTransaction({ ...common, message }));
  }

  /** Runs a tick or a tock transaction of a special (masterchain) account. */
  tickTock(address: Address, which: 'tick' | 'tock'): Promise<Executed> {
    return this.run(address, (common) => this.executor.runTickTock({ ...common, which }));
  }

  private async run(
    address: Address,
    execute: (common: CommonArgs) => Promise<ExecutorEmulationResult>,
  ): Promise<Executed> {
    const key = toRaw(address);
    const { result } = await execute({
      config: defaultConfig,
      libs: null,
      verbosity: 'short',
      shardAccount: this.accounts.get(key) ?? NONEXISTENT,
      now: this.now,
      lt: this.currentLt,
      // a fixed seed: the same traffic gives the same ledger
      randomSeed: Buffer.alloc(32),
      ignoreChksig: false,
      debugEnabled: false,
    });
    if (!result.success) {
      // on a real chain such a message is simply not accepted (an external the contract refused):
      // our traffic never sends one, a developer's message may have gone stale since it was checked
      throw new NotAccepted(
        `the emulator ran no transaction on ${key} (lt ${this.currentLt}): ${result.error}`,
        result.error + (result.vmResults ? `; exit code ${result.vmResults.vmExitCode}` : ''),
      );
    }
    this.accounts.set(key, result.shardAccount);
    const tx = loadTransaction(Cell.fromBase64(result.transaction).beginParse());
    // the next transaction starts past this one's outbound messages
    this.currentLt = tx.lt + 1n + BigInt(tx.outMessagesCount);
    return { tx, boc: result.transaction, shardAccount: result.shardAccount };
  }
}
