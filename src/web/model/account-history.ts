// An account's place in its own chain of transactions, read from traces: the API has no "account"
// or "transactions of an account" operation, but every Transaction carries the account's state
// before and after it and the hash and lt of the account's previous transaction.
import type { Trace, Transaction } from '../../api/model';
import { hashPath } from '../lib/format';

const sameAccount = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
const sameHash = (a: string, b: string) => hashPath(a) === hashPath(b);

/** Every transaction of `account` in these traces (a trace may hold several: a bounce comes back). */
export function accountTxs(traces: readonly Trace[], account: string): Transaction[] {
  return traces.flatMap((t) => Object.values(t.transactions).filter((tx) => sameAccount(tx.account, account)));
}

/**
 * The account's newest transaction among these traces, by lt. Traces are ordered by their end, and
 * two traces can overlap in time (a long chain still running while a wallet starts another), so
 * the newest trace need not hold the account's newest transaction: every trace given is searched.
 */
export function latestTxOf(traces: readonly Trace[], account: string): Transaction | null {
  let best: Transaction | null = null;
  for (const tx of accountTxs(traces, account)) if (!best || BigInt(tx.lt) > BigInt(best.lt)) best = tx;
  return best;
}

/**
 * The previous transaction of the same account as the record names it, or null for the account's
 * first transaction, which the ledger (like TON) marks with lt 0 and an all-zero hash.
 */
export function previousTxOf(tx: Transaction): { hash: string; lt: string } | null {
  if (!tx.prevTransHash || !tx.prevTransLt || tx.prevTransLt === '0') return null;
  if (/^0+$/.test(hashPath(tx.prevTransHash))) return null;
  return { hash: tx.prevTransHash, lt: tx.prevTransLt };
}

/**
 * The account's next transaction: the one whose previous-transaction hash is this one. The chain
 * only links backwards, so the successor is found by searching the traces given for it.
 */
export function nextTxIn(traces: readonly Trace[], tx: Transaction): Transaction | null {
  return (
    accountTxs(traces, tx.account).find((t) => t.prevTransHash !== null && sameHash(t.prevTransHash, tx.hash)) ?? null
  );
}
