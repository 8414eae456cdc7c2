import { Cell, loadShardAccount } from '@ton/core';
import type { AccountStateRecord } from './records';

/** A code or data cell of an account state: its cell hash and its BOC (`account_cells`). */
export interface AccountCell {
  hash: Buffer;
  boc: Buffer;
}

/** The code and data cells a state record carries (a record read back from the store carries none). */
export function cellsOfState(s: AccountStateRecord): AccountCell[] {
  const out: AccountCell[] = [];
  if (s.codeHash && s.codeBoc) out.push({ hash: s.codeHash, boc: s.codeBoc });
  if (s.dataHash && s.dataBoc) out.push({ hash: s.dataHash, boc: s.dataBoc });
  return out;
}

/**
 * The code and data cells of a producer's saved ShardAccount BOC (`producer_accounts`): what the
 * schema version 3 migrations copy into `account_cells`, so that a ledger written before the store
 * kept cells has the cells of every account's latest state. A cell is keyed by its own hash, so a
 * saved state that runs ahead of a reader's snapshot adds a cell no older state names: harmless.
 */
export function cellsOfShardAccount(boc: Buffer): AccountCell[] {
  const account = loadShardAccount(Cell.fromBoc(boc)[0]!.beginParse()).account;
  const state = account?.storage.state;
  if (state?.type !== 'active') return [];
  return [state.state.code, state.state.data]
    .filter((c): c is Cell => c !== null && c !== undefined)
    .map((c) => ({ hash: c.hash(), boc: c.toBoc() }));
}
