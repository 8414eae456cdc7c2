// A whole trace run ahead of time: the external message on its account's current state, then every
// internal message it and its descendants send, each on its destination's state as the trace has
// left it so far, by the real emulator, nothing stored. The transactions are read into the very
// records the producer writes (describe-transaction, extract-messages, account-state), so the API
// prints an emulated trace as it prints a real one. Bounded by transactions and time: past either,
// the trace is `incomplete` (a contract that sends to itself forever ends there).
import { Cell, loadMessage, loadShardAccount, loadTransaction, type ShardAccount, type Transaction } from '@ton/core';
import { toRaw } from '../ton/address';
import type { TransactionRecord } from '../store/records';
import { accountStateRecord, STATUS } from './account-state';
import { describeTransaction, extraCurrencies } from './describe-transaction';
import { loadExecutor } from './executor';
import { messageCells, messageRecord } from './extract-messages';
import { NONEXISTENT_ACCOUNT } from './run-external';

export interface EmulateTraceOptions {
  /** The external-in message that starts the trace. */
  message: Cell;
  /** An account's current ShardAccount BOC, or null when the network has never seen it. */
  shardAccount(account: string): Promise<Buffer | null>;
  /** Unix seconds the trace runs at. */
  now: number;
  /** Run the external message as though its signature were right (a wallet's unsigned message). */
  ignoreChksig: boolean;
  /** At most this many transactions; the rest is left out and the trace is incomplete. */
  maxTransactions: number;
  /** Unix milliseconds after which no more transactions are run (the request's budget). */
  deadline: number;
  /** The seed of the emulator's `RANDOM` (32 bytes). */
  randSeed: Buffer;
}

export interface EmulatedNode {
  tx: TransactionRecord;
  children: EmulatedNode[];
}

export interface EmulatedTrace {
  root: EmulatedNode;
  /** In the order they ran. */
  transactions: TransactionRecord[];
  /** Each account's state after the trace (its ShardAccount BOC), for code and data cells. */
  accountsAfter: Map<string, Buffer>;
  incomplete: boolean;
}

/** The external message made no transaction: its contract did not accept it. */
export class EmulationRefused extends Error {
  constructor(
    readonly reason: string,
    readonly exitCode: number | null,
  ) {
    super(reason);
  }
}

const hex256 = (v: bigint) => Buffer.from(v.toString(16).padStart(64, '0'), 'hex');

interface Pending {
  message: Cell;
  dest: string;
  parent: EmulatedNode | null;
}

export async function emulateTrace(o: EmulateTraceOptions): Promise<EmulatedTrace> {
  const { sandbox, run } = await loadExecutor();
  const states = new Map<string, Buffer>();
  const stateOf = async (account: string) => {
    if (!states.has(account)) states.set(account, (await o.shardAccount(account)) ?? NONEXISTENT_ACCOUNT);
    return states.get(account)!;
  };
  const info = loadMessage(o.message.beginParse()).info;
  if (info.type !== 'external-in') throw new Error('a trace is emulated from an external-in message');
  const queue: Pending[] = [{ message: o.message, dest: toRaw(info.dest), parent: null }];
  const transactions: TransactionRecord[] = [];
  let root: EmulatedNode | null = null;
  let lt = 0n;
  let incomplete = false;
  while (queue.length > 0) {
    if (transactions.length >= o.maxTransactions || Date.now() > o.deadline) {
      incomplete = true;
      break;
    }
    const { message, dest, parent } = queue.shift()!;
    const before = await stateOf(dest);
    const beforeParsed = loadShardAccount(Cell.fromBoc(before)[0]!.beginParse());
    // logical time as a collator gives it: past the account's last transaction and every one before
    lt = [lt, beforeParsed.lastTransactionLt + 1n].reduce((a, b) => (a > b ? a : b));
    const { result } = await run.runTransaction({
      config: sandbox.defaultConfig,
      libs: null,
      verbosity: 'short',
      shardAccount: before.toString('base64'),
      message,
      now: Math.max(o.now, beforeParsed.account?.storageStats.lastPaid ?? 0),
      lt,
      randomSeed: o.randSeed,
      ignoreChksig: parent === null && o.ignoreChksig,
      debugEnabled: false,
    });
    if (!result.success) {
      // only an external message can go unaccepted; an internal one always makes a transaction
      if (parent === null) throw new EmulationRefused(result.error, result.vmResults?.vmExitCode ?? null);
      throw new Error(`the emulator ran no transaction of an internal message to ${dest}: ${result.error}`);
    }
    const after = Buffer.from(result.shardAccount, 'base64');
    states.set(dest, after);
    const txCell = Cell.fromBase64(result.transaction);
    const tx = loadTransaction(txCell.beginParse());
    lt = tx.lt + 1n + BigInt(tx.outMessagesCount);
    const record = recordOf(
      tx,
      txCell,
      dest,
      before.equals(NONEXISTENT_ACCOUNT) ? null : beforeParsed,
      after,
      parent,
      root,
    );
    const node: EmulatedNode = { tx: record, children: [] };
    if (parent) parent.children.push(node);
    else root = node;
    transactions.push(record);
    const cells = messageCells(txCell);
    for (const [index, m] of tx.outMessages) {
      if (m.info.type !== 'internal') continue;
      queue.push({ message: cells.outMsgs[index]!, dest: toRaw(m.info.dest), parent: node });
    }
  }
  return { root: root!, transactions, accountsAfter: states, incomplete };
}

/** The transaction as the ledger's record, in no block: it has not happened. */
function recordOf(
  tx: Transaction,
  txCell: Cell,
  account: string,
  /** The account before (null: it did not exist). */
  before: ShardAccount | null,
  after: Buffer,
  parent: EmulatedNode | null,
  root: EmulatedNode | null,
): TransactionRecord {
  const hash = txCell.hash();
  const cells = messageCells(txCell);
  const workchain = Number(account.split(':')[0]);
  return {
    hash,
    lt: tx.lt,
    account,
    // not in any block: the API prints an emulated transaction without its block
    block: { workchain, shard: -(2n ** 63n), seqno: 0 },
    mcSeqno: 0,
    now: tx.now,
    origStatus: STATUS[tx.oldStatus] ?? 'nonexist',
    endStatus: STATUS[tx.endStatus] ?? 'nonexist',
    totalFees: tx.totalFees.coins,
    totalFeesExtraCurrencies: extraCurrencies(tx.totalFees.other),
    description: describeTransaction(tx.description),
    boc: txCell.toBoc(),
    prevTransHash: hex256(tx.prevTransactionHash),
    prevTransLt: tx.prevTransactionLt,
    stateBefore: accountStateRecord(account, tx.stateUpdate.oldHash, before),
    stateAfter: accountStateRecord(
      account,
      tx.stateUpdate.newHash,
      loadShardAccount(Cell.fromBoc(after)[0]!.beginParse()),
    ),
    traceId: root?.tx.hash ?? hash,
    traceExternalHash: root?.tx.inMsg?.hash ?? (cells.inMsg ? cells.inMsg.hash() : null),
    inMsg: cells.inMsg ? messageRecord(cells.inMsg, { outTx: parent?.tx.hash ?? null, inTx: hash }) : null,
    outMsgs: cells.outMsgs.map((c) => messageRecord(c, { outTx: hash, inTx: null })),
  };
}
