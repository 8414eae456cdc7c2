import type { Cell, ShardAccount } from '@ton/core';
import type { AccountStateRecord, AccountStatus } from '../store/records';

/** @ton/core's account statuses in the API's spelling. */
export const STATUS: Record<string, AccountStatus> = {
  uninitialized: 'uninit',
  'non-existing': 'nonexist',
  active: 'active',
  frozen: 'frozen',
};

// A ledger runs a handful of contract codes: each one's BOC is made once, not per transaction.
const codeBocs = new Map<string, Buffer>();
function codeBoc(code: Cell): Buffer {
  const key = code.hash().toString('hex');
  let boc = codeBocs.get(key);
  if (!boc) codeBocs.set(key, (boc = code.toBoc()));
  return boc;
}

/**
 * An account's state as the API prints it. `hash` is the hash of the account cell, which is what a
 * transaction's state update carries (old/new hash), so it is passed in rather than recomputed.
 */
export function accountStateRecord(account: string, hash: Buffer, shard: ShardAccount | null): AccountStateRecord {
  const acc = shard?.account;
  if (!acc) {
    return {
      hash,
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
  }
  const state = acc.storage.state;
  const code = state.type === 'active' ? (state.state.code ?? null) : null;
  const data = state.type === 'active' ? (state.state.data ?? null) : null;
  return {
    hash,
    account,
    balance: acc.storage.balance.coins,
    status: state.type,
    codeHash: code ? code.hash() : null,
    dataHash: data ? data.hash() : null,
    // the store keeps each distinct code and data cell once (account_cells): get methods run on them
    codeBoc: code ? codeBoc(code) : null,
    dataBoc: data ? data.toBoc() : null,
    frozenHash: state.type === 'frozen' ? Buffer.from(state.stateHash.toString(16).padStart(64, '0'), 'hex') : null,
    lastTransLt: acc.storage.lastTransLt,
  };
}
