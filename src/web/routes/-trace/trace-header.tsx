import type { Trace } from '../../../api/model';
import { CopyButton } from '../../components/copy-button';
import { formatTime, shortHash } from '../../lib/format';
import { SHORTCUTS, primaryKey } from '../../lib/shortcuts';
import type { TraceView, TxView } from '../../model/trace-view';
import { countOutcomes, verdictOf } from '../../model/outcome';
import { PageTitle } from '../../components/page';

/** The trace's id, size, time span, failure and bounce counts, and whether it is still growing. */
export function TraceHeader({
  id,
  wire,
  trace,
  livePaused,
}: {
  id: string;
  wire: Trace;
  trace: TraceView;
  livePaused: boolean;
}) {
  const counts = countOutcomes(trace.txs.values());
  const bounces = [...trace.txs.values()].filter((t) => t.inMsg?.bounced).length;
  return (
    <header className="space-y-1">
      <h1 className="flex flex-wrap items-baseline gap-2 text-xl font-semibold">
        Trace <span className="mono text-base font-normal">{shortHash(id, 10)}</span>
        <CopyButton text={wire.traceId} label="trace id" />
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <span data-testid="trace-tx-count">{trace.txs.size} transactions</span> · {formatTime(trace.startUtime)}
        {trace.endUtime > trace.startUtime
          ? ` → ${formatTime(trace.endUtime)} (${trace.endUtime - trace.startUtime}s)`
          : ''}
        {counts.failed > 0 && (
          <span className="ml-2 font-semibold text-red-700 dark:text-red-400" data-testid="trace-failed-count">
            ✕ {counts.failed} failed
          </span>
        )}
        {counts.skipped > 0 && (
          <span
            className="ml-2 font-semibold text-amber-800 dark:text-amber-300"
            data-testid="trace-skipped-count"
            title="No compute phase ran (no code, or too little value for gas): not a failure"
          >
            ⊘ {counts.skipped} skipped
          </span>
        )}
        {bounces > 0 && (
          <span className="ml-2 font-semibold text-orange-700 dark:text-orange-300">↩ {bounces} bounced</span>
        )}
      </p>
      {wire.state === 'pending' && (
        <p role="status" className="text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="trace-pending">
          Pending — {wire.pendingMessages} {wire.pendingMessages === 1 ? 'message' : 'messages'} in flight;{' '}
          {livePaused ? 'live updates are paused' : 'the trace grows here as its blocks arrive'}.
        </p>
      )}
      {trace.isIncomplete && (
        <p role="status" className="text-sm text-amber-700">
          Incomplete: {trace.warning ?? 'the trace is larger than the API returns.'}
        </p>
      )}
    </header>
  );
}

/** The first failure in words, with a button (and its key) to select it. */
export function FailureBanner({
  failed,
  letter,
  iface,
  onShow,
}: {
  failed: TxView;
  letter: string | undefined;
  iface: string | undefined;
  onShow: () => void;
}) {
  const verdict = verdictOf(failed);
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-lg border-2 border-red-600 bg-red-50 p-3 text-sm text-red-950 dark:bg-red-950 dark:text-red-50"
      data-testid="failure-banner"
    >
      <span aria-hidden="true" className="text-lg">
        ⚠
      </span>
      <span>
        <strong>
          {letter} ({iface ?? 'account'}) failed: {verdict.text}.
        </strong>{' '}
        {verdict.meaning}
      </span>
      <button
        type="button"
        onClick={onShow}
        className="ml-auto rounded border border-red-600 px-2 py-0.5 font-medium hover:bg-red-100 dark:hover:bg-red-900"
      >
        Show the first failure ({primaryKey(SHORTCUTS.traceFirstFailure)})
      </button>
    </div>
  );
}

/** A trace id that `traces` does not list: in flight (it arrives with its next block) or unknown. */
export function AwaitingTrace({ id, paused }: { id: string; paused: boolean }) {
  return (
    <div className="space-y-2">
      <PageTitle>
        Trace <span className="mono text-base font-normal">{shortHash(id, 10)}</span>
      </PageTitle>
      <p role="status" className="text-sm" data-testid="trace-awaiting">
        No completed trace has this id yet. A trace still in flight appears here with its next block
        {paused ? ' once live updates resume' : ''}; if the hash names a transaction or message, try the search.
      </p>
    </div>
  );
}
