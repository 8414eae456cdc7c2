import { useMemo, type ReactNode } from 'react';
import { AddressLink, McBlockLink, TraceLink } from '../../components/entity-links';
import type { Trace, AddressBook } from '../../../api/model';
import { formatInt } from '../../lib/format';
import { Age } from '../../components/age';
import { DataTable, TableSkeleton, type Column } from '../../components/data-table';
import { fromApiTrace } from '../../model/trace-view';
import { countOutcomes, OUTCOME_TONE } from '../../model/outcome';

/** A column a page adds to the list (the account page: what each trace did to the account). */
export interface ExtraColumn {
  header: string;
  cell: (trace: Trace) => ReactNode;
}

interface TraceRow {
  trace: Trace;
  book: AddressBook;
  /** the account whose transaction began the trace */
  root: string | undefined;
  size: number;
  /** Transactions that failed, and those whose compute phase was skipped (no failure: outcome.ts). */
  failed: number;
  skipped: number;
}

function rowOf(trace: Trace, book: AddressBook): TraceRow {
  const view = fromApiTrace(trace, book);
  return {
    trace,
    book,
    root: view.txs.get(view.rootHash)?.account,
    size: trace.transactionCount || view.txs.size,
    ...countOutcomes(view.txs.values()),
  };
}

const HEAD: Column<TraceRow>[] = [
  // The id and the status on one line (a phone's narrow columns broke them in two): every row is
  // one line high, so the list's pending state (TraceListPending) has the list's size.
  { header: 'Trace', className: 'whitespace-nowrap', cell: ({ trace }) => <TraceLink traceId={trace.traceId} /> },
  {
    header: 'Started by',
    className: 'max-w-[12rem]',
    cell: ({ root, book }) => root && <AddressLink raw={root} book={book} />,
  },
  { header: 'Txs', className: 'text-right', cell: ({ size }) => formatInt(size) },
  {
    header: 'Status',
    className: 'whitespace-nowrap',
    cell: ({ failed, skipped }) => (
      <span data-testid="trace-status">
        {failed > 0 ? (
          <span className={OUTCOME_TONE.failed}>✕ {failed} failed</span>
        ) : (
          <span className={OUTCOME_TONE.success}>✓ ok</span>
        )}
        {skipped > 0 && (
          <span className={`ml-1 ${OUTCOME_TONE.skipped}`} title="compute phase skipped: not a failure">
            ⊘ {skipped} skipped
          </span>
        )}
      </span>
    ),
  },
];

const TAIL: Column<TraceRow>[] = [
  {
    header: 'MC block',
    className: 'hidden sm:table-cell',
    cell: ({ trace }) => trace.mcSeqnoEnd > 0 && <McBlockLink seqno={trace.mcSeqnoEnd} className="hover:underline" />,
  },
  {
    header: 'Time',
    className: 'whitespace-nowrap',
    cell: ({ trace }) => (trace.endUtime ? <Age unix={trace.endUtime} /> : ''),
  },
];

/** Traces as rows: root account, size, status, age. Keyed by trace id so live updates never reorder focus. */
export function TraceList({
  traces,
  book,
  caption,
  empty,
  extra,
}: {
  traces: Trace[];
  book: AddressBook;
  caption: string;
  empty?: string;
  extra?: ExtraColumn;
}) {
  const columns = useMemo(
    () =>
      extra
        ? [
            ...HEAD,
            { header: extra.header, className: 'text-right', cell: ({ trace }: TraceRow) => extra.cell(trace) },
            ...TAIL,
          ]
        : [...HEAD, ...TAIL],
    [extra],
  );
  const rows = useMemo(() => traces.map((t) => rowOf(t, book)), [traces, book]);
  return <DataTable caption={caption} columns={columns} rows={rows} rowKey={(r) => r.trace.traceId} empty={empty} />;
}

/** The list's place while its traces load: its columns and `rows` rows, the size of the loaded list. */
export function TraceListPending({ rows, caption }: { rows: number; caption: string }) {
  return <TableSkeleton caption={caption} columns={[...HEAD, ...TAIL]} rows={rows} label="Loading traces" />;
}
