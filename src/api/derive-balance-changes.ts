import type { BalanceChanges } from './model';

/**
 * What one transaction says of its account's balance: the balance before and after it (TON
 * Center leaves it out of a state it does not hold: `null`), its `total_fees` and the forwarding
 * fees of the messages it sent (`fwd_fee` and `ihr_fee`, taken from the balance with the value).
 */
export interface TxBalances {
  account: string;
  balanceBefore: string | null;
  balanceAfter: string | null;
  totalFees: string;
  outFees: ReadonlyArray<string | null>;
}

export interface DerivedBalanceChanges {
  /** `balanceChanges`' shape; `jettons` stays empty (jetton moves would need every message's body read). */
  data: BalanceChanges;
  /** Accounts whose TON change cannot be exact: a state of one of their transactions has no balance. */
  unknown: string[];
}

/**
 * TON's balance changes of a trace derived from its own transactions, for an API without
 * `balanceChanges` (TON Center). Each account's change is the sum over its transactions of the
 * balance after minus the balance before: what the ledger's states say, so value received and sent,
 * fees, storage and bounces are all in it, exactly, and it is the same rule our server's
 * `balanceChanges` follows. Where a state lacks its balance the change is not guessed from the
 * messages (the bounce phase's and the action phase's fees are not all in the answer): the account
 * is listed as unknown. The fees each account paid are read from the fields, as the server does.
 */
export function deriveBalanceChanges(txs: Iterable<TxBalances>): DerivedBalanceChanges {
  const changes = new Map<string, bigint>();
  const fees = new Map<string, bigint>();
  const unknown = new Set<string>();
  const num = (v: string | null) => (v !== null && /^-?\d+$/.test(v) ? BigInt(v) : null);
  for (const tx of txs) {
    const before = num(tx.balanceBefore);
    const after = num(tx.balanceAfter);
    if (before === null || after === null) unknown.add(tx.account);
    else changes.set(tx.account, (changes.get(tx.account) ?? 0n) + after - before);
    let paid = num(tx.totalFees) ?? 0n;
    for (const f of tx.outFees) paid += num(f) ?? 0n;
    fees.set(tx.account, (fees.get(tx.account) ?? 0n) + paid);
  }
  for (const account of unknown) changes.delete(account);
  const text = (m: Map<string, bigint>) => Object.fromEntries([...m].map(([k, v]) => [k, v.toString()]));
  return { data: { changes: text(changes), fees: text(fees), jettons: {} }, unknown: [...unknown].sort() };
}
