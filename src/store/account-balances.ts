// `topAccountsByBalance`, written once for both engines. `account_balances` (schema version 4) holds
// each account's newest state's balance, with the lt and masterchain seqno of the transaction that
// made it, indexed by balance. That newest state may be ahead of a reader's snapshot (the producer
// writes shard blocks before the masterchain block that commits them), so a page is made of two
// parts: the rows committed by the snapshot's masterchain block, walked in the index's order (their
// state is the snapshot's), and the few accounts whose newest row is not committed yet, whose state
// as of the snapshot is read as `accountStates` reads it; merged, they are the snapshot's order.
import type { Page } from './interface';

export interface AccountBalanceRow {
  account: string;
  balance: bigint;
}

/**
 * A balance as the table holds it: decimal, zero-padded to 40 digits (a balance is a VarUInteger 16,
 * below 10^37), so that text order is numeric order in both engines (SQLite's BINARY, PostgreSQL's
 * "C") whatever its size; `BigInt` reads it back.
 */
export const balanceKey = (balance: bigint): string => balance.toString().padStart(BALANCE_DIGITS, '0');
export const BALANCE_DIGITS = 40;

/** Balance, then account (the tie's order): the list's order, an index's in both engines. */
export const BALANCE_ORDER = 'balance DESC, account ASC';

/**
 * Whether a token's metadata, read from the state a transaction left, is the account's newest: no
 * transaction of the account stored (its `account_balances` row; null when none) stands after it.
 * By masterchain block first: a sandbox ledger's lts start again with each test, its blocks do not.
 */
export function tokenIsCurrent(
  token: { mcSeqno: number; lt: bigint },
  newest: { mcSeqno: number; lt: bigint } | null,
): boolean {
  if (!newest || token.mcSeqno !== newest.mcSeqno) return !newest || token.mcSeqno > newest.mcSeqno;
  return token.lt >= newest.lt;
}

/** The newest state's balance wins: a row is replaced by a later transaction's only. */
export const BALANCE_UPSERT = `ON CONFLICT (account) DO UPDATE SET balance = excluded.balance, lt = excluded.lt,
  mc_seqno = excluded.mc_seqno WHERE excluded.lt > account_balances.lt`;

/** The first `page.offset + page.limit` committed rows, and the accounts ahead of the snapshot, as one page. */
export function balancePage(
  committed: readonly AccountBalanceRow[],
  ahead: readonly AccountBalanceRow[],
  page: Pick<Page, 'limit' | 'offset'>,
): AccountBalanceRow[] {
  const all = [...committed, ...ahead].sort((a, b) =>
    a.balance !== b.balance
      ? a.balance > b.balance
        ? -1
        : 1
      : a.account < b.account
        ? -1
        : a.account > b.account
          ? 1
          : 0,
  );
  return all.slice(page.offset, page.offset + page.limit);
}
