import { Link } from '@tanstack/react-router';
import type { AddressBook } from '../../../api/model';
import type { SandboxRun } from '../../../api/sandbox-wire';
import { AddressLink, McBlockLink, TraceLink } from '../../components/entity-links';
import { formatInt, formatTime, formatTon, hashPath, shortHash } from '../../lib/format';
import { gasOf, outcomeDetail, outcomeLabel, RunOutcome } from './outcome';
import { FailedMessages } from './failed-messages';

/**
 * One message run (a frame sandbox sent, or a trace of an Acton bundle): when it came, its outcome,
 * its trace, and a row per transaction with its account (named), outcome and gas, linked to its VM
 * log and storage; then its message attempts that made no transaction. A run of those alone has
 * no transaction: its blocks are empty, and it says so.
 */
export function RunCard({
  run,
  book,
  testKey,
  compare,
}: {
  run: SandboxRun;
  book: AddressBook;
  testKey: string;
  /** Picks this run for a side-by-side comparison; `picked`: it is the first one picked. */
  compare?: { picked: boolean; onPick: () => void };
}) {
  const root = run.traces[0];
  const failed = run.failed > 0 || run.failed_messages.length > 0;
  const acton = run.acton;
  return (
    <article
      id={`run-${run.seqno}`}
      aria-label={`Run at block ${run.seqno}`}
      className={`rounded border p-2 ${failed ? 'border-red-300 dark:border-red-800' : 'border-slate-200 dark:border-slate-800'}`}
      data-testid="run"
      data-seqno={run.seqno}
    >
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <Link
          to="/tests"
          search={{ test: testKey, run: run.seqno }}
          className="font-semibold text-teal-700 hover:underline dark:text-teal-400"
          data-testid="run-link"
        >
          Run #{run.seqno}
        </Link>
        {acton?.trace_name && (
          <span className="font-medium" title="The trace's name in Acton's bundle" data-testid="run-trace-name">
            {acton.trace_name}
          </span>
        )}
        {acton?.treasury_deploy && (
          <span className="text-xs text-muted" title="Acton marked this trace as a treasury's deploy">
            (treasury deploy)
          </span>
        )}
        <RunOutcome run={run} />
        <span className="text-muted">{formatTime(run.received_at)}</span>
        {run.transactions.length > 0 && <span className="text-muted">gas {formatInt(run.gas_used)}</span>}
        <span className="text-muted">
          block <McBlockLink seqno={run.seqno} />
          {run.transactions.length === 0 && run.traces.length === 0 && ' (empty: no transaction ran)'}
        </span>
        {root && (
          <TraceLink traceId={root.trace_id} className="text-teal-700 hover:underline dark:text-teal-400">
            trace graph
          </TraceLink>
        )}
        {compare && (
          <button
            type="button"
            aria-pressed={compare.picked}
            onClick={compare.onPick}
            className="rounded border border-slate-300 px-1.5 text-xs dark:border-slate-700"
            data-testid="run-compare-pick"
          >
            {compare.picked ? 'picked: now pick the other run' : 'compare'}
          </button>
        )}
        {run.traces.some((t) => !t.written) && (
          <span className="text-xs text-muted" title="The same transactions were stored by an earlier run">
            (a repeat of an earlier run)
          </span>
        )}
        {run.transactions.some((t) => !run.traces.some((x) => x.trace_id === t.trace_id)) && (
          <span
            className="text-xs text-muted"
            title="Some of its transactions, the same bytes, were stored by an earlier run: each links to that run's trace"
          >
            (repeats part of an earlier run)
          </span>
        )}
        {acton !== null && acton.hidden_traces > 0 && (
          <span
            className="text-xs text-muted"
            title="Traces of this test's bundle that the test hid with hideTraceFromUi(): Acton did not save them"
            data-testid="run-hidden-traces"
          >
            ({acton.hidden_traces} trace{acton.hidden_traces === 1 ? '' : 's'} hidden by the test)
          </span>
        )}
      </header>
      {run.transactions.length > 0 && (
        <div className="mt-1 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Transactions of run {run.seqno}</caption>
            <thead className="text-xs text-muted">
              <tr>
                <th className="pr-2 font-normal">Account</th>
                <th className="pr-2 font-normal">Transaction</th>
                <th className="pr-2 font-normal">Outcome</th>
                <th className="pr-2 text-right font-normal">Gas</th>
                <th className="pr-2 text-right font-normal">Fees</th>
                <th className="font-normal">Inspect</th>
              </tr>
            </thead>
            <tbody>
              {run.transactions.map((t) => (
                <tr
                  key={t.hash}
                  className={t.failed ? 'bg-red-50 dark:bg-red-950/40' : undefined}
                  data-testid="run-tx"
                  data-failed={t.failed}
                >
                  <td className="max-w-[16rem] pr-2" style={{ paddingLeft: t.parent_lt ? '1rem' : undefined }}>
                    <AddressLink raw={t.account} book={book} />
                  </td>
                  <td className="pr-2">
                    <TraceLink
                      traceId={t.trace_id}
                      tx={t.hash}
                      className="mono text-teal-700 hover:underline dark:text-teal-400"
                    >
                      {shortHash(t.hash)}
                    </TraceLink>
                    {t.in_msg_bounced && <span className="ml-1 text-xs text-amber-700">bounce</span>}
                  </td>
                  <td
                    className={`pr-2 ${t.failed ? 'font-medium text-red-700 dark:text-red-400' : ''}`}
                    title={outcomeDetail(t)}
                    data-testid="tx-outcome"
                  >
                    {outcomeLabel(t)}
                  </td>
                  <td className="mono pr-2 text-right">{gasOf(t) === null ? '—' : formatInt(gasOf(t)!)}</td>
                  <td className="mono pr-2 text-right">{formatTon(t.total_fees, { maxFraction: 9 })}</td>
                  <td className="whitespace-nowrap">
                    <Link
                      to="/sandbox-tx/$hash"
                      params={{ hash: hashPath(t.hash) }}
                      search={{ tab: 'vm' }}
                      className="text-teal-700 hover:underline dark:text-teal-400"
                    >
                      VM log
                    </Link>
                    {' · '}
                    <Link
                      to="/sandbox-tx/$hash"
                      params={{ hash: hashPath(t.hash) }}
                      search={{ tab: 'storage' }}
                      className="text-teal-700 hover:underline dark:text-teal-400"
                    >
                      storage
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FailedMessages messages={run.failed_messages} seqno={run.seqno} />
    </article>
  );
}
