import { OUTCOME_MARK, OUTCOME_TONE, outcomeOf, verdictOf } from '../../model/outcome';
import type { TraceView, TxView } from '../../model/trace-view';

const RANK = { failed: 0, skipped: 1, success: 2 } as const;

/**
 * Each transaction of the trace to come with how it would end: its exit code and what that means,
 * the failing ones first (then the skipped, then the rest, each in the trace's order).
 */
export function ExitCodes({
  trace,
  letters,
  iface,
  onSelect,
}: {
  trace: TraceView;
  letters: Map<string, string>;
  iface: (raw: string) => string | undefined;
  onSelect: (hash: string) => void;
}) {
  const txs: TxView[] = trace.order.map((h) => trace.txs.get(h)!);
  const ordered = txs
    .map((tx, i) => ({ tx, i }))
    .sort((a, b) => RANK[outcomeOf(a.tx)] - RANK[outcomeOf(b.tx)] || a.i - b.i);
  return (
    <ol className="space-y-1 text-sm" data-testid="emulated-exit-codes">
      {ordered.map(({ tx }) => {
        const v = verdictOf(tx);
        return (
          <li key={tx.hash} data-outcome={v.outcome} className="flex flex-wrap items-baseline gap-x-2">
            <span className={`font-semibold ${OUTCOME_TONE[v.outcome]}`}>
              {OUTCOME_MARK[v.outcome]} {tx.exitCode === null ? 'no compute phase' : `exit code ${tx.exitCode}`}
            </span>
            <button type="button" className="hover:underline" onClick={() => onSelect(tx.hash)}>
              {letters.get(tx.account)} ({iface(tx.account) ?? 'account'})
            </button>
            <span className="text-muted">{v.meaning ?? v.text}</span>
          </li>
        );
      })}
    </ol>
  );
}
