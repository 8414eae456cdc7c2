import { McBlockLink, TraceLink } from '../../components/entity-links';
import type { Trace, AddressBook } from '../../../api/model';
import { formatInt } from '../../lib/format';
import { Age } from '../../components/age';
import { AddressLink } from '../../components/address-link';
import { SkeletonRows } from '../../components/states';
import type { ReactNode } from 'react';
import { fromApiTrace, firstFailure } from '../trace-graph/trace-model';

/** A column a page adds to the list (the account page: what each trace did to the account). */
export interface ExtraColumn {
  header: string;
  cell: (trace: Trace) => ReactNode;
}


/** Traces as rows: root account, size, status, age. Keyed by trace id so live updates never reorder focus. */
export function TraceList({ traces, book, loading, skeleton = 10, caption, extra }: { traces: Trace[]; book: AddressBook; loading: boolean; skeleton?: number; caption: string; extra?: ExtraColumn }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-500 dark:text-slate-400 dark:bg-slate-900">
          <tr>
            <th scope="col" className="px-3 py-2">Trace</th>
            <th scope="col" className="px-3 py-2">Started by</th>
            <th scope="col" className="px-3 py-2 text-right">Txs</th>
            <th scope="col" className="px-3 py-2">Status</th>
            {extra && <th scope="col" className="px-3 py-2 text-right">{extra.header}</th>}
            <th scope="col" className="hidden px-3 py-2 sm:table-cell">MC block</th>
            <th scope="col" className="px-3 py-2">Time</th>
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <SkeletonRows rows={skeleton} cols={extra ? 7 : 6} />
          ) : (
            traces.map((t) => {
              const view = fromApiTrace(t, book);
              const failed = firstFailure(view);
              const root = view.txs.get(view.rootHash);
              return (
                <tr key={t.traceId} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="px-3 py-2">
                    <TraceLink traceId={t.traceId} />
                  </td>
                  <td className="max-w-[12rem] px-3 py-2">{root && <AddressLink raw={root.account} book={book} />}</td>
                  <td className="px-3 py-2 text-right">{formatInt(t.transactionCount || view.txs.size)}</td>
                  <td className="px-3 py-2">
                    {failed ? <span className="font-medium text-red-700 dark:text-red-400">✕ failed</span> : <span className="text-emerald-700 dark:text-emerald-400">✓ ok</span>}
                  </td>
                  {extra && <td className="px-3 py-2 text-right">{extra.cell(t)}</td>}
                  <td className="hidden px-3 py-2 sm:table-cell">
                    {t.mcSeqnoEnd > 0 && (
                      <McBlockLink seqno={t.mcSeqnoEnd} className="hover:underline" />
                    )}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {t.endUtime ? <Age unix={t.endUtime} /> : ''}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
