// A frame's transactions read from their BOCs by the code that reads our producer's transactions
// (src/ledger/network: describeTransaction, messageCells, messageRecord), and the contracts' final
// states from their ShardAccount BOCs (accountStateRecord).
import { Address, Cell, loadShardAccount, loadTransaction, type Transaction } from '@ton/core';
import { toRaw } from '../ton/address';
import { describeTransaction, extraCurrencies } from '../tvm/describe-transaction';
import { messageCells, messageRecord } from '../tvm/extract-messages';
import { accountStateRecord, STATUS } from '../tvm/account-state';
import type { AccountStateRecord, AccountStatus, MessageRecord, TransactionDescription } from '../store/records';
import { FrameError, type FrameContract, type FrameTransaction } from './frame';
import { originalTransactionCell } from './original-cell';
import type { FrameCells } from './frame-cells';
import { packLog } from '../store/sandbox-runs';

/**
 * What the frame's batch needs of a transaction beyond its records: plain values, so that a worker
 * thread can read the transaction and hand it back (frame-readers.ts).
 */
export interface TransactionFields {
  now: number;
  origStatus: AccountStatus;
  endStatus: AccountStatus;
  totalFees: bigint;
  totalFeesExtra: Record<string, string>;
  prevTransLt: bigint;
  prevTransHash: Buffer;
}

/** A transaction's logs, deflated for the run records (packLog), when read off the main thread. */
export interface PackedLogs {
  blockchain: Buffer | null;
  vm: Buffer | null;
  debug: Buffer | null;
}

/** A transaction's logs deflated for the run records. */
export const packLogs = (t: { blockchainLogs?: string; vmLogs?: string; debugLogs?: string }): PackedLogs => ({
  blockchain: packLog(t.blockchainLogs),
  vm: packLog(t.vmLogs),
  debug: packLog(t.debugLogs),
});

/** One transaction of a frame, read; its block, states and trace are settled later. */
export interface ReadTransaction {
  index: number;
  frame: FrameTransaction;
  tx: TransactionFields;
  boc: Buffer;
  hash: Buffer;
  lt: bigint;
  account: string;
  description: TransactionDescription;
  inMsg: MessageRecord | null;
  outMsgs: MessageRecord[];
  oldStateHash: Buffer;
  newStateHash: Buffer;
  /** Its logs already deflated (a worker did it), else null: the writer deflates `frame`'s. */
  packed: PackedLogs | null;
}

/** A contract the frame names: its raw address, what sandbox knows of it, its state after the run. */
export interface ReadContract {
  account: string;
  wrapperName: string | null;
  treasurySeed: string | null;
  abi: unknown;
  /** Exact: read from the ShardAccount sandbox sent. */
  state: AccountStateRecord | null;
  /** The ShardAccount's last transaction: the true hash of the account's last transaction. */
  lastTransaction: { hash: Buffer; lt: bigint } | null;
}

const hex256 = (v: bigint) => Buffer.from(v.toString(16).padStart(64, '0'), 'hex');

/** A BOC's one root; `frameCells`: the frame's cells, when it is read with the rest of its frame. */
export function bocCell(hex: string, what: string, frameCells?: FrameCells): Cell {
  let cells: Cell[];
  try {
    const bytes = Buffer.from(hex, 'hex');
    cells = frameCells ? frameCells.fromBoc(bytes) : Cell.fromBoc(bytes);
  } catch (error) {
    throw new FrameError(`${what}: unparseable BOC (${(error as Error).message})`);
  }
  if (cells.length !== 1) throw new FrameError(`${what}: a BOC of ${cells.length} roots, not one`);
  return cells[0]!;
}

/** A contract's raw address; a `FrameError` naming it when it is not an address. */
export function contractAccount(c: FrameContract, i: number): string {
  try {
    return toRaw(Address.parse(c.address));
  } catch {
    throw new FrameError(`contract ${i}: not an address: ${JSON.stringify(c.address.slice(0, 80))}`);
  }
}

/** A contract's state after the run, from the ShardAccount BOC sandbox sent (the costly part of a contract). */
export function readShardAccount(
  account: string,
  boc: string,
  i: number,
  frameCells: FrameCells,
): Pick<ReadContract, 'state' | 'lastTransaction'> {
  const cell = bocCell(boc, `contract ${i} (${account}) account`, frameCells);
  try {
    const shard = loadShardAccount(cell.beginParse());
    // the state hash a transaction's state update names is the hash of the Account cell
    return {
      state: accountStateRecord(account, (cell.refs[0] ?? cell).hash(), shard),
      lastTransaction: { hash: hex256(shard.lastTransactionHash), lt: shard.lastTransactionLt },
    };
  } catch (error) {
    throw new FrameError(`contract ${i} (${account}): not a ShardAccount (${(error as Error).message})`);
  }
}

/** A contract as the frame names it, its ShardAccount read by `read` (in this thread, or a worker's). */
export function contractOf(
  c: FrameContract,
  account: string,
  read: Pick<ReadContract, 'state' | 'lastTransaction'>,
): ReadContract {
  return {
    account,
    wrapperName: c.meta?.wrapperName ?? null,
    treasurySeed: c.meta?.treasurySeed ?? null,
    abi: c.meta?.abi ?? null,
    state: read.state,
    lastTransaction: read.lastTransaction,
  };
}

/**
 * The frame's contracts, each ShardAccount read by `readState` (readShardAccount, or the last frame's
 * read of the same BOC: known-shard-accounts.ts).
 */
export function readContracts(
  contracts: FrameContract[],
  frameCells: FrameCells,
  readState: typeof readShardAccount = readShardAccount,
): ReadContract[] {
  return contracts.map((c, i) => {
    const account = contractAccount(c, i);
    return contractOf(c, account, c.account ? readState(account, c.account, i, frameCells) : noState);
  });
}

const noState = { state: null, lastTransaction: null };

/** A transaction's BOC parsed, as sandbox sent it. */
export interface ParsedTransaction {
  index: number;
  cell: Cell;
  tx: Transaction;
  cells: { inMsg: Cell | null; outMsgs: Cell[] };
  account: string;
}

/** What `trueHashes` needs of a parsed transaction: plain values, which a worker hands back. */
export interface TransactionLink {
  index: number;
  account: string;
  lt: bigint;
  prevTransLt: bigint;
  prevTransHash: Buffer;
}

/** Each contract's workchain by its account id (hex): where a tick-tock transaction ran. */
export function workchainsOf(contracts: { account: string }[]): Map<string, number> {
  return new Map(contracts.map((c) => [c.account.split(':')[1]!.toLowerCase(), Number(c.account.split(':')[0])]));
}

/**
 * Parses one transaction's BOC. The workchain is not part of a transaction: it is the
 * destination's of its inbound message, else (a tick or tock) that of the contract of that account
 * id, else the masterchain's (only special masterchain accounts run tick-tock transactions).
 */
export function parseTransaction(
  boc: string,
  index: number,
  workchainOf: Map<string, number>,
  frameCells: FrameCells,
): ParsedTransaction {
  const cell = bocCell(boc, `transaction ${index}`, frameCells);
  let tx: Transaction;
  let cells: ParsedTransaction['cells'];
  try {
    tx = loadTransaction(cell.beginParse());
    cells = messageCells(cell);
  } catch (error) {
    throw new FrameError(`transaction ${index}: not a Transaction (${(error as Error).message})`);
  }
  const idHex = tx.address.toString(16).padStart(64, '0');
  const dest = tx.inMessage?.info.dest;
  const workchain = dest && dest instanceof Address ? dest.workChain : (workchainOf.get(idHex) ?? -1);
  return { index, cell, tx, cells, account: toRaw(new Address(workchain, Buffer.from(idHex, 'hex'))) };
}

export const linkOf = (p: ParsedTransaction): TransactionLink => ({
  index: p.index,
  account: p.account,
  lt: p.tx.lt,
  prevTransLt: p.tx.prevTransactionLt,
  prevTransHash: hex256(p.tx.prevTransactionHash),
});

/**
 * The true hash of each transaction the frame names (original-cell.ts), by index: an account's
 * transaction is named by the account's next one (`prev_trans_hash`), its last by its ShardAccount.
 */
export function trueHashes(links: TransactionLink[], contracts: ReadContract[]): Map<number, Buffer> {
  const out = new Map<number, Buffer>();
  const last = new Map(contracts.filter((c) => c.lastTransaction).map((c) => [c.account, c.lastTransaction!]));
  const byAccount = new Map<string, TransactionLink[]>();
  for (const p of links) {
    const list = byAccount.get(p.account);
    if (list) list.push(p);
    else byAccount.set(p.account, [p]);
  }
  for (const [account, list] of byAccount) {
    list.sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0));
    list.forEach((p, i) => {
      const next = list[i + 1];
      if (next) {
        if (next.prevTransLt === p.lt) out.set(p.index, next.prevTransHash);
        return;
      }
      const l = last.get(account);
      if (l && l.lt === p.lt) out.set(p.index, l.hash);
    });
  }
  return out;
}

/**
 * The BOCs of a frame's message bodies and state inits, each made once. A fan-out's messages carry
 * a handful of distinct bodies, and each state init comes twice, in its sender's transaction and
 * its receiver's: serializing them again was half the cost of reading the frame's messages. Made
 * per frame (or per thread's share of one), dropped with it.
 */
export class FrameBocs {
  private readonly made = new Map<string, Buffer>();

  readonly of = (cell: Cell): Buffer => {
    const key = cell.hash().toString('hex');
    let boc = this.made.get(key);
    if (!boc) this.made.set(key, (boc = cell.toBoc()));
    return boc;
  };
}

/**
 * A parsed transaction read whole, as it ran (`want`: its true hash, when the frame names it). Its
 * messages are read from the messages `loadTransaction` parsed (another layout of them is the same
 * message), their BOCs made by `bocs`.
 */
export function finishTransaction(
  p: ParsedTransaction,
  want: Buffer | undefined,
  boc: string,
  bocs: FrameBocs,
): Omit<ReadTransaction, 'frame' | 'packed'> {
  let cell = p.cell;
  let cells = p.cells;
  let bocBytes: Buffer = Buffer.from(boc, 'hex');
  const sentHash = cell.hash();
  if (want && !want.equals(sentHash)) {
    const original = originalTransactionCell(p.cell, p.tx, p.cells, want);
    if (!original)
      throw new FrameError(
        `transaction ${p.index} (lt ${p.tx.lt}): its BOC hashes to ${sentHash.toString('hex')}, the frame names ${want.toString('hex')}, and no layout of its messages has that hash`,
      );
    cell = original;
    cells = messageCells(cell);
    bocBytes = cell.toBoc();
  }
  const txHash = cell.hash();
  const tx = p.tx;
  // by key, as messageCells gives their cells
  const outMessages = tx.outMessages
    .keys()
    .sort((a, b) => a - b)
    .map((k) => tx.outMessages.get(k)!);
  return {
    index: p.index,
    tx: {
      now: tx.now,
      origStatus: statusOf(tx.oldStatus),
      endStatus: statusOf(tx.endStatus),
      totalFees: tx.totalFees.coins,
      totalFeesExtra: extraCurrencies(tx.totalFees.other),
      prevTransLt: tx.prevTransactionLt,
      prevTransHash: hex256(tx.prevTransactionHash),
    },
    boc: bocBytes,
    hash: txHash,
    lt: tx.lt,
    account: p.account,
    description: describeTransaction(tx.description),
    inMsg: cells.inMsg
      ? messageRecord(cells.inMsg, { outTx: null, inTx: txHash }, { message: tx.inMessage!, toBoc: bocs.of })
      : null,
    outMsgs: cells.outMsgs.map((c, i) =>
      messageRecord(c, { outTx: txHash, inTx: null }, { message: outMessages[i], toBoc: bocs.of }),
    ),
    oldStateHash: tx.stateUpdate.oldHash,
    newStateHash: tx.stateUpdate.newHash,
  };
}

/** Reads each transaction, as it ran (see original-cell.ts), in this thread. */
export function readTransactions(
  list: FrameTransaction[],
  contracts: ReadContract[],
  frameCells: FrameCells,
): ReadTransaction[] {
  const workchainOf = workchainsOf(contracts);
  const parsed = list.map((frame, index) => parseTransaction(frame.transaction, index, workchainOf, frameCells));
  const want = trueHashes(parsed.map(linkOf), contracts);
  const bocs = new FrameBocs();
  return parsed.map((p) => ({
    ...finishTransaction(p, want.get(p.index), list[p.index]!.transaction, bocs),
    frame: list[p.index]!,
    packed: null,
  }));
}

export const statusOf = (s: string) => STATUS[s] ?? 'nonexist';
