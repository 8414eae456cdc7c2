// A frame's transactions read from their BOCs by the code that reads our producer's transactions
// (src/ledger/network: describeTransaction, messageCells, messageRecord), and the contracts' final
// states from their ShardAccount BOCs (accountStateRecord).
import { Address, Cell, loadShardAccount, loadTransaction, type Transaction } from '@ton/core';
import { toRaw } from '../ton/address';
import { describeTransaction, extraCurrencies } from '../ledger/network/describe-transaction';
import { messageCells, messageRecord } from '../ledger/network/extract-messages';
import { accountStateRecord } from '../ledger/network/account-state';
import { STATUS } from '../ledger/network/emulator';
import type { AccountStateRecord, MessageRecord, TransactionDescription } from '../store/records';
import { FrameError, type FrameContract, type FrameTransaction } from './frame';
import { originalTransactionCell } from './original-cell';

/** One transaction of a frame, read; its block, states and trace are settled later. */
export interface ReadTransaction {
  index: number;
  frame: FrameTransaction;
  tx: Transaction;
  boc: Buffer;
  hash: Buffer;
  lt: bigint;
  account: string;
  description: TransactionDescription;
  inMsg: MessageRecord | null;
  outMsgs: MessageRecord[];
  oldStateHash: Buffer;
  newStateHash: Buffer;
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

export function bocCell(hex: string, what: string): Cell {
  let cells: Cell[];
  try {
    cells = Cell.fromBoc(Buffer.from(hex, 'hex'));
  } catch (error) {
    throw new FrameError(`${what}: unparseable BOC (${(error as Error).message})`);
  }
  if (cells.length !== 1) throw new FrameError(`${what}: a BOC of ${cells.length} roots, not one`);
  return cells[0]!;
}

export function readContracts(contracts: FrameContract[]): ReadContract[] {
  return contracts.map((c, i) => {
    let address: Address;
    try {
      address = Address.parse(c.address);
    } catch {
      throw new FrameError(`contract ${i}: not an address: ${JSON.stringify(c.address.slice(0, 80))}`);
    }
    const account = toRaw(address);
    let state: AccountStateRecord | null = null;
    let lastTransaction: ReadContract['lastTransaction'] = null;
    if (c.account) {
      const cell = bocCell(c.account, `contract ${i} (${account}) account`);
      try {
        const shard = loadShardAccount(cell.beginParse());
        // the state hash a transaction's state update names is the hash of the Account cell
        state = accountStateRecord(account, (cell.refs[0] ?? cell).hash(), shard);
        lastTransaction = { hash: hex256(shard.lastTransactionHash), lt: shard.lastTransactionLt };
      } catch (error) {
        throw new FrameError(`contract ${i} (${account}): not a ShardAccount (${(error as Error).message})`);
      }
    }
    return {
      account,
      wrapperName: c.meta?.wrapperName ?? null,
      treasurySeed: c.meta?.treasurySeed ?? null,
      abi: c.meta?.abi ?? null,
      state,
      lastTransaction,
    };
  });
}

interface Parsed {
  index: number;
  frame: FrameTransaction;
  cell: Cell;
  tx: Transaction;
  cells: { inMsg: Cell | null; outMsgs: Cell[] };
  account: string;
}

function parse(frame: FrameTransaction, index: number, workchainOf: Map<string, number>): Parsed {
  const cell = bocCell(frame.transaction, `transaction ${index}`);
  let tx: Transaction;
  let cells: Parsed['cells'];
  try {
    tx = loadTransaction(cell.beginParse());
    cells = messageCells(cell);
  } catch (error) {
    throw new FrameError(`transaction ${index}: not a Transaction (${(error as Error).message})`);
  }
  const idHex = tx.address.toString(16).padStart(64, '0');
  const dest = tx.inMessage?.info.dest;
  const workchain = dest && dest instanceof Address ? dest.workChain : (workchainOf.get(idHex) ?? -1);
  return { index, frame, cell, tx, cells, account: toRaw(new Address(workchain, Buffer.from(idHex, 'hex'))) };
}

/**
 * The true hash of each transaction the frame names (original-cell.ts): an account's transaction is
 * named by the account's next one (`prev_trans_hash`), its last by its ShardAccount.
 */
function trueHashes(parsed: Parsed[], contracts: ReadContract[]): Map<Parsed, Buffer> {
  const out = new Map<Parsed, Buffer>();
  const last = new Map(contracts.filter((c) => c.lastTransaction).map((c) => [c.account, c.lastTransaction!]));
  const byAccount = new Map<string, Parsed[]>();
  for (const p of parsed) byAccount.set(p.account, [...(byAccount.get(p.account) ?? []), p]);
  for (const [account, list] of byAccount) {
    list.sort((a, b) => (a.tx.lt < b.tx.lt ? -1 : a.tx.lt > b.tx.lt ? 1 : 0));
    list.forEach((p, i) => {
      const next = list[i + 1];
      if (next) {
        if (next.tx.prevTransactionLt === p.tx.lt) out.set(p, hex256(next.tx.prevTransactionHash));
        return;
      }
      const l = last.get(account);
      if (l && l.lt === p.tx.lt) out.set(p, l.hash);
    });
  }
  return out;
}

/**
 * Reads each transaction, as it ran (see original-cell.ts). The workchain is not part of a
 * transaction: it is the destination's of its inbound message, else (a tick or tock) that of the
 * contract of that account id, else the masterchain's (only special masterchain accounts run
 * tick-tock transactions).
 */
export function readTransactions(list: FrameTransaction[], contracts: ReadContract[]): ReadTransaction[] {
  const workchainOf = new Map(
    contracts.map((c) => [c.account.split(':')[1]!.toLowerCase(), Number(c.account.split(':')[0])]),
  );
  const parsed = list.map((frame, index) => parse(frame, index, workchainOf));
  const want = trueHashes(parsed, contracts);
  return parsed.map((p) => {
    let cell = p.cell;
    let cells = p.cells;
    let boc: Buffer = Buffer.from(p.frame.transaction, 'hex');
    const hash = want.get(p);
    if (hash && !hash.equals(cell.hash())) {
      const original = originalTransactionCell(p.cell, p.tx, p.cells, hash);
      if (!original)
        throw new FrameError(
          `transaction ${p.index} (lt ${p.tx.lt}): its BOC hashes to ${cell.hash().toString('hex')}, the frame names ${hash.toString('hex')}, and no layout of its messages has that hash`,
        );
      cell = original;
      cells = messageCells(cell);
      boc = cell.toBoc();
    }
    const txHash = cell.hash();
    return {
      index: p.index,
      frame: p.frame,
      tx: p.tx,
      boc,
      hash: txHash,
      lt: p.tx.lt,
      account: p.account,
      description: describeTransaction(p.tx.description),
      inMsg: cells.inMsg ? messageRecord(cells.inMsg, { outTx: null, inTx: txHash }) : null,
      outMsgs: cells.outMsgs.map((c) => messageRecord(c, { outTx: txHash, inTx: null })),
      oldStateHash: p.tx.stateUpdate.oldHash,
      newStateHash: p.tx.stateUpdate.newHash,
    };
  });
}

export const statusOf = (s: string) => STATUS[s] ?? 'nonexist';
export const prevTransHash = (t: ReadTransaction) => hex256(t.tx.prevTransactionHash);
export const totalFeesExtra = (t: ReadTransaction) => extraCurrencies(t.tx.totalFees.other);
