import type { ExecutorActionJson } from '../../../api/sandbox-wire';
import { formatTon } from '../../lib/format';

// A transaction's action phase action by action as the executor went (from an Acton bundle, which
// reads it from the executor's log): each action's kind, its outcome (a refused one marked, with its
// result code's meaning and the reason in words) and the Tolk source that made it.

const KIND: Record<string, string> = {
  send_message: 'send a message',
  reserve_currency: 'reserve',
  set_code: 'set the code',
  change_library: 'change a library',
};

export function ExecutorActions({ actions }: { actions: ExecutorActionJson[] }) {
  if (actions.length === 0)
    return (
      <p className="text-sm text-muted">
        No executor actions: sandbox does not send them (Acton&apos;s trace bundles do), or the action phase had none.
      </p>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Executor actions</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th className="pr-2 font-normal">#</th>
            <th className="pr-2 font-normal">Action</th>
            <th className="pr-2 font-normal">Outcome</th>
            <th className="pr-2 font-normal">Figures</th>
            <th className="font-normal">Source</th>
          </tr>
        </thead>
        <tbody>
          {actions.map((a, i) => (
            <tr
              key={i}
              className={a.failed ? 'bg-red-50 dark:bg-red-950/40' : undefined}
              data-testid="executor-action"
              data-failed={a.failed}
            >
              <td className="pr-2 align-top">{i}</td>
              <td className="pr-2 align-top">{KIND[a.type] ?? a.type}</td>
              <td
                className={`pr-2 align-top ${a.failed ? 'font-medium text-red-700 dark:text-red-400' : ''}`}
                title={a.failure?.description}
                data-testid="executor-action-outcome"
              >
                {a.failed
                  ? `✕ ${a.failure_code !== null ? `${a.failure_code}: ${a.failure?.name ?? ''}` : 'failed'}${a.reason ? ` (${a.reason})` : ''}`
                  : '✓ done'}
              </td>
              <td className="mono pr-2 align-top text-xs">
                {a.remaining_balance !== null && <>balance left {formatTon(a.remaining_balance, { maxFraction: 9 })}</>}
                {a.reserve && (
                  <>
                    mode {a.reserve.mode}, reserve {formatTon(a.reserve.reserve, { maxFraction: 9 })} of{' '}
                    {formatTon(a.reserve.balance, { maxFraction: 9 })}
                  </>
                )}
              </td>
              <td className="mono break-all align-top text-xs" data-testid="executor-action-at">
                {a.at ?? '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
