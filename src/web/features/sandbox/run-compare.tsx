import { useSuspenseQueries } from '@tanstack/react-query';
import { sandboxRunsQuery } from '../../../api/queries';
import type { RunTransaction } from '../../../api/sandbox-wire';
import { AddressLink } from '../../components/entity-links';
import { formatInt } from '../../lib/format';
import { useApi } from '../../lib/router-context';
import { withNames } from '../../model/run-names';
import { gasOf, outcomeDetail, outcomeLabel, RunOutcome } from './outcome';

/**
 * Two runs side by side, transaction by transaction in the order they ran (by lt: the same message
 * run of a changed contract makes its transactions in the same order while its logic does), with
 * each side's outcome and gas and the change in gas: whether a change to a contract made it cheaper,
 * dearer, or made it fail.
 */
export function RunCompare({ seqnos }: { seqnos: readonly [number, number] }) {
  const api = useApi();
  const [a, b] = useSuspenseQueries({
    queries: seqnos.map((seqno) => sandboxRunsQuery(api, { seqno })),
  }).map((q) => q.data);
  const left = a!.runs[0]!;
  const right = b!.runs[0]!;
  const book = withNames(withNames({}, a!.names), b!.names);
  const rows = Math.max(left.transactions.length, right.transactions.length);
  const gasA = BigInt(left.gas_used);
  const gasB = BigInt(right.gas_used);
  return (
    <section aria-labelledby="compare-title" className="space-y-2" data-testid="run-compare">
      <h2 id="compare-title" className="font-semibold">
        Run #{left.seqno} and run #{right.seqno} side by side
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Transactions of run {left.seqno} and run {right.seqno}, in the order they ran
          </caption>
          <thead className="text-xs text-muted">
            <tr>
              <th className="pr-2 font-normal">#</th>
              <th className="pr-2 font-normal">Run #{left.seqno}</th>
              <th className="pr-2 text-right font-normal">Gas</th>
              <th className="pr-2 font-normal">Run #{right.seqno}</th>
              <th className="pr-2 text-right font-normal">Gas</th>
              <th className="text-right font-normal">Change</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, i) => (
              <CompareRow key={i} i={i} a={left.transactions[i]} b={right.transactions[i]} book={book} />
            ))}
            <tr className="border-t border-slate-200 font-medium dark:border-slate-800" data-testid="compare-total">
              <td className="pr-2" />
              <td className="pr-2">
                <RunOutcome run={left} />
              </td>
              <td className="mono pr-2 text-right">{formatInt(left.gas_used)}</td>
              <td className="pr-2">
                <RunOutcome run={right} />
              </td>
              <td className="mono pr-2 text-right">{formatInt(right.gas_used)}</td>
              <td className="mono text-right">{signed(gasB - gasA)}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}

const signed = (d: bigint) =>
  d > 0n ? `+${formatInt(d.toString())}` : d < 0n ? `−${formatInt((-d).toString())}` : '0';

function Side({ t, book }: { t: RunTransaction | undefined; book: ReturnType<typeof withNames> }) {
  if (!t) return <span className="text-muted">—</span>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <AddressLink raw={t.account} book={book} />
      <span
        className={t.failed ? 'font-medium text-red-700 dark:text-red-400' : ''}
        title={outcomeDetail(t)}
        data-testid="compare-outcome"
      >
        {outcomeLabel(t)}
      </span>
    </span>
  );
}

function CompareRow({
  i,
  a,
  b,
  book,
}: {
  i: number;
  a: RunTransaction | undefined;
  b: RunTransaction | undefined;
  book: ReturnType<typeof withNames>;
}) {
  const ga = a ? gasOf(a) : null;
  const gb = b ? gasOf(b) : null;
  const differs = a?.failed !== b?.failed || a?.account !== b?.account;
  return (
    <tr className={differs ? 'bg-amber-50 dark:bg-amber-950/40' : undefined} data-testid="compare-row">
      <td className="mono pr-2 text-muted">{i + 1}</td>
      <td className="pr-2">
        <Side t={a} book={book} />
      </td>
      <td className="mono pr-2 text-right">{ga === null ? '—' : formatInt(ga)}</td>
      <td className="pr-2">
        <Side t={b} book={book} />
      </td>
      <td className="mono pr-2 text-right">{gb === null ? '—' : formatInt(gb)}</td>
      <td className="mono text-right" data-testid="compare-change">
        {ga !== null && gb !== null ? signed(BigInt(gb) - BigInt(ga)) : ''}
      </td>
    </tr>
  );
}
