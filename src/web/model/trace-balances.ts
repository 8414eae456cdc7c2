import { deriveBalanceChanges, type DerivedBalanceChanges } from '../../api/derive-balance-changes';
import type { TraceView } from './trace-view';

/** A trace's TON balance changes as its own transactions say them (src/api/derive-balance-changes.ts). */
export function traceBalances(trace: TraceView): DerivedBalanceChanges {
  return deriveBalanceChanges(
    [...trace.txs.values()].map((tx) => ({
      account: tx.account,
      balanceBefore: tx.balanceBefore,
      balanceAfter: tx.balanceAfter,
      totalFees: tx.totalFees,
      outFees: tx.outMsgs.flatMap((m) => [m.fwdFee, m.ihrFee]),
    })),
  );
}
