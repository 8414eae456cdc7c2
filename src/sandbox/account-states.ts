// Each transaction's account state before and after. Sandbox sends an account's state once per
// frame, after the run (the contracts' ShardAccounts); a transaction names the hashes of its states
// (its state update), not the states. What is known exactly, and how the rest follows
// (docs/sandbox.md, "Account states"):
// - exact: the state after an account's last transaction of the frame (the ShardAccount sandbox
//   sent, when its hash is the transaction's new hash); the state before its first one when the
//   ledger holds a state of that hash, or it is the empty state sandbox starts an account from
//   (its hash says so), or the account did not exist (balance 0);
// - balances in between: by the conservation of value of a transaction, from an exact one:
//   after = before + inbound value - total fees - sum over outbound messages of value + fwd fee + ihr fee;
// - code and data in between: the same as the next or previous state when the transaction cannot
//   have changed them (it was aborted, or its compute phase did not succeed: nothing is committed;
//   no special action: the code stays), the data from sandbox's storage before/after when
//   recorded (`blockchain.recordStorage`); otherwise unknown (null hashes), never guessed;
// - hashes and statuses: from the transaction itself, always exact.
import { Address, beginCell, storeShardAccount, type Cell } from '@ton/core';
import { accountStateRecord } from '../tvm/account-state';
import type { AccountStateRecord, AccountStatus } from '../store/records';
import { FrameError } from './frame';
import { bocCell, type ReadTransaction } from './read-transactions';

export interface TransactionStates {
  before: AccountStateRecord;
  after: AccountStateRecord;
}

/** What a transaction did to its account's balance (see above). */
export function balanceDelta(t: ReadTransaction): bigint {
  let delta = t.inMsg?.value ?? 0n;
  delta -= t.tx.totalFees;
  for (const m of t.outMsgs) delta -= (m.value ?? 0n) + (m.fwdFee ?? 0n) + (m.ihrFee ?? 0n);
  return delta;
}

/** Nothing the transaction did was committed to code and data. */
function committedNothing(t: ReadTransaction): boolean {
  const compute = t.description.compute_ph as { skipped?: boolean; success?: boolean } | undefined;
  return t.description.aborted || !compute || compute.skipped === true || compute.success !== true;
}

/** The transaction cannot have set new code (a set_code is a special action). */
function keptCode(t: ReadTransaction): boolean {
  if (committedNothing(t)) return true;
  const action = t.description.action as { spec_actions?: number } | undefined;
  return action !== undefined && action.spec_actions === 0;
}

type Known = Cell | null | undefined; // undefined: unknown

/**
 * The states of one account's transactions of a frame, in lt order. `final`: the state sandbox
 * sent for the account; `stored`: the ledger's latest state of the account; `sandboxEmpty`: the
 * state sandbox gives an account it has not seen (emptyAccountState). Throws a `FrameError`
 * when no exact state anchors the account's balances.
 */
export function accountStates(
  account: string,
  txs: ReadTransaction[],
  final: AccountStateRecord | null,
  stored: AccountStateRecord | null,
  sandboxEmpty: AccountStateRecord,
  cellOf: (boc: Buffer | null) => Cell | null,
): TransactionStates[] {
  const k = txs.length;
  // position p: the state after txs[p - 1]; position 0: before txs[0]
  const hashes = [txs[0]!.oldStateHash, ...txs.map((t) => t.newStateHash)];
  const statuses: AccountStatus[] = [txs[0]!.tx.origStatus, ...txs.map((t) => t.tx.endStatus)];
  const exact: (AccountStateRecord | null)[] = new Array<AccountStateRecord | null>(k + 1).fill(null);
  if (final && final.hash.equals(hashes[k]!)) exact[k] = final;
  if (stored && stored.hash.equals(hashes[0]!)) exact[0] = stored;
  else if (sandboxEmpty.hash.equals(hashes[0]!)) exact[0] = sandboxEmpty;
  else if (statuses[0] === 'nonexist')
    exact[0] = {
      hash: hashes[0]!,
      account,
      balance: 0n,
      status: 'nonexist',
      codeHash: null,
      dataHash: null,
      codeBoc: null,
      dataBoc: null,
      frozenHash: null,
      lastTransLt: null,
    };
  const deltas = txs.map(balanceDelta);
  const balances: bigint[] = new Array<bigint>(k + 1);
  if (exact[k]) {
    balances[k] = exact[k].balance;
    for (let p = k - 1; p >= 0; p--) balances[p] = balances[p + 1]! - deltas[p]!;
  } else if (exact[0]) {
    balances[0] = exact[0].balance;
    for (let p = 1; p <= k; p++) balances[p] = balances[p - 1]! + deltas[p - 1]!;
  } else {
    throw new FrameError(
      `account ${account}: no state to read its balances from (the frame carries none after its run, and the ledger none before)`,
    );
  }
  const code: Known[] = new Array<Known>(k + 1).fill(undefined);
  const data: Known[] = new Array<Known>(k + 1).fill(undefined);
  for (let p = 0; p <= k; p++) {
    const e = exact[p];
    if (e) {
      code[p] = cellOf(e.codeBoc);
      data[p] = cellOf(e.dataBoc);
    } else if (statuses[p] !== 'active') {
      code[p] = null;
      data[p] = null;
    }
  }
  txs.forEach((t, i) => {
    if (t.frame.newStorage && statuses[i + 1] === 'active' && data[i + 1] === undefined)
      data[i + 1] = bocCell(t.frame.newStorage, `transaction ${t.index} newStorage`);
    if (t.frame.oldStorage && statuses[i] === 'active' && data[i] === undefined)
      data[i] = bocCell(t.frame.oldStorage, `transaction ${t.index} oldStorage`);
  });
  // what a transaction left as it was spreads both ways, until nothing more is learned
  for (let changed = true; changed;) {
    changed = false;
    txs.forEach((t, i) => {
      if (statuses[i] !== 'active' || statuses[i + 1] !== 'active') return;
      const spread = (cells: Known[]) => {
        if (cells[i] === undefined && cells[i + 1] !== undefined) cells[i] = cells[i + 1];
        else if (cells[i + 1] === undefined && cells[i] !== undefined) cells[i + 1] = cells[i];
        else return;
        changed = true;
      };
      if (keptCode(t)) spread(code);
      if (committedNothing(t)) spread(data);
    });
  }
  const state = (p: number): AccountStateRecord => {
    const e = exact[p];
    if (e) return { ...e, account };
    const c = code[p] ?? null;
    const d = data[p] ?? null;
    return {
      hash: hashes[p]!,
      account,
      balance: balances[p]!,
      status: statuses[p]!,
      codeHash: c ? c.hash() : null,
      dataHash: d ? d.hash() : null,
      codeBoc: c ? c.toBoc() : null,
      dataBoc: d ? d.toBoc() : null,
      frozenHash: null,
      lastTransLt: p === 0 ? txs[0]!.tx.prevTransLt : txs[p - 1]!.lt,
    };
  };
  const states = Array.from({ length: k + 1 }, (_, p) => state(p));
  return txs.map((_, i) => ({ before: states[i]!, after: states[i + 1]! }));
}

/** Where the balances of exact states at both ends disagree with the transactions between: a frame to look at. */
export function balanceMismatch(states: TransactionStates[], txs: ReadTransaction[]): bigint | null {
  const first = states[0]!.before.balance;
  const last = states[states.length - 1]!.after.balance;
  const sum = txs.reduce((a, t) => a + balanceDelta(t), 0n);
  return first + sum === last ? null : last - first - sum;
}

/**
 * The state sandbox starts an account from when a message reaches an address it has not seen
 * (`createEmptyShardAccount` in its SmartContract): uninit, balance 0, nothing used or paid.
 */
export function emptyAccountState(account: string): AccountStateRecord {
  const addr = Address.parseRaw(account);
  const acc = {
    addr,
    storage: { lastTransLt: 0n, balance: { coins: 0n }, state: { type: 'uninit' as const } },
    storageStats: { used: { cells: 0n, bits: 0n }, lastPaid: 0, storageExtra: null },
  };
  const shard = { account: acc, lastTransactionLt: 0n, lastTransactionHash: 0n };
  // the Account cell, as a transaction's state update hashes it: the ShardAccount's reference
  const hash = beginCell().store(storeShardAccount(shard)).endCell().refs[0]!.hash();
  return accountStateRecord(account, hash, shard);
}
