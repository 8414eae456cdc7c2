import type { Trace } from '../../../api/model';

/**
 * An account's TON change in one trace, as `balanceChanges` counts it: for each of its
 * transactions, the balance after minus before, summed. Read from the trace the list already has
 * (no request per row). `null` when a state lacks its balance (a dialect that leaves it out).
 */
export function accountTonChange(trace: Trace, account: string): bigint | null {
  let sum = 0n;
  let seen = false;
  for (const tx of Object.values(trace.transactions)) {
    if (tx.account !== account) continue;
    const before = tx.stateBefore?.balance;
    const after = tx.stateAfter?.balance;
    if (before == null || after == null) return null;
    sum += BigInt(after) - BigInt(before);
    seen = true;
  }
  return seen ? sum : null;
}
