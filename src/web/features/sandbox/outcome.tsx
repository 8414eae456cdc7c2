import type { RunTransaction, SandboxRun } from '../../../api/sandbox-wire';
import { skipReasonMeaning } from '../../model/outcome';

// How a run and its transactions ended, in words: the exit code and its meaning of a failed
// compute phase, the result code of a failed action phase, or success.

/** One transaction's outcome in a few words (`exit 77: contract error`, `skipped: no_state`, `ok`). */
export function outcomeText(t: RunTransaction): string {
  const c = t.compute;
  if (c && !c.skipped && !c.success) return `exit ${c.exit_code}: ${c.exit.name}`;
  if (t.action && !t.action.success) return `action ${t.action.result_code}: ${t.action.result.name}`;
  if (c?.skipped) return `skipped (${c.reason})`;
  return c ? `exit ${c.exit_code}: ${c.exit.name}` : 'no compute phase';
}

/** Whether the compute phase was skipped: TON's third outcome, neither success nor failure (model/outcome.ts). */
const skipped = (t: RunTransaction) => !t.failed && t.compute?.skipped === true;

/** The outcome with its mark: `✕ exit 77: contract error`, `✓ exit 0: ok`, `⊘ skipped (no_state)`. */
export function outcomeLabel(t: RunTransaction): string {
  return `${t.failed ? '✕' : skipped(t) ? '⊘' : '✓'} ${outcomeText(t)}`;
}

/** The tooltip: the meaning's full sentence. */
export function outcomeDetail(t: RunTransaction): string | undefined {
  const c = t.compute;
  if (c && !c.skipped && !c.success) return c.exit.description;
  if (t.action && !t.action.success) return t.action.result.description;
  if (c?.skipped) return skipReasonMeaning(c.reason);
  return c ? c.exit.description : undefined;
}

export function gasOf(t: RunTransaction): string | null {
  return t.compute && !t.compute.skipped ? t.compute.gas_used : null;
}

/** A run's badge: every transaction succeeded, or how many failed; and its messages that made none. */
export function RunOutcome({ run }: { run: SandboxRun }) {
  const attempts = run.failed_messages.length;
  const notRun = `${attempts} message${attempts === 1 ? '' : 's'} made no transaction`;
  if (run.transactions.length === 0)
    return (
      <span className="font-semibold text-red-700 dark:text-red-400" data-testid="run-outcome">
        ✕ {notRun}
      </span>
    );
  const skips = run.transactions.filter(skipped).length;
  const skippedBadge = skips > 0 && (
    <span className="font-semibold text-amber-800 dark:text-amber-300" data-testid="run-skipped">
      ⊘ {skips} skipped
    </span>
  );
  const txs =
    run.failed === 0 && skips > 0 ? (
      <span className="text-emerald-700 dark:text-emerald-400" data-testid="run-outcome">
        ✓ {run.transactions.length - skips} succeeded
      </span>
    ) : run.failed === 0 ? (
      <span className="text-emerald-700 dark:text-emerald-400" data-testid="run-outcome">
        ✓ {run.transactions.length === 1 ? 'the transaction succeeded' : `all ${run.transactions.length} succeeded`}
      </span>
    ) : (
      <span className="font-semibold text-red-700 dark:text-red-400" data-testid="run-outcome">
        ✕ {run.failed} of {run.transactions.length} failed
      </span>
    );
  if (attempts === 0 && !skippedBadge) return txs;
  return (
    <>
      {txs}
      {skippedBadge}
      {attempts > 0 && (
        <span className="font-semibold text-red-700 dark:text-red-400" data-testid="run-failed-messages">
          ✕ {notRun}
        </span>
      )}
    </>
  );
}
