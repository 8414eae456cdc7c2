import type { Trace } from '../../../api/model';
import { accountTonChange } from './account-change';
import { SignedAmount } from './signed-amount';

/** The cell of an account's trace list: what the trace did to this account's TON balance. */
export function AccountTraceChange({ trace, account }: { trace: Trace; account: string }) {
  const change = accountTonChange(trace, account);
  if (change === null) return <span className="text-muted">—</span>;
  return (
    <span data-testid="account-trace-change">
      <SignedAmount value={change.toString()} />
      {trace.isIncomplete && (
        <span className="ml-1 text-xs text-amber-700" title="the trace is longer than the API returned">
          (partial)
        </span>
      )}
    </span>
  );
}
