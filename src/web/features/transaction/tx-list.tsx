import { TxLink } from '../../components/entity-links';
import type { Transaction } from '../../../api/model';
import { Age } from '../../components/age';
import { AddressLink } from '../../components/address-link';
import { SkeletonRows } from '../../components/states';
import { failureOf, txViewOf, type AddressBook, type MessageView, type TxVerdict } from '../trace-graph/trace-model';
import { messageLabel } from '../trace-graph/graph-model';

/** Transactions as rows; on a phone the less important columns drop out. */
export function TxList({ txs, book, loading, skeleton = 10, caption }: { txs: Transaction[]; book: AddressBook; loading: boolean; skeleton?: number; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-500 dark:text-slate-400 dark:bg-slate-900">
          <tr>
            <th scope="col" className="px-3 py-2">Transaction</th>
            <th scope="col" className="px-3 py-2">Account</th>
            <th scope="col" className="hidden px-3 py-2 md:table-cell">Inbound</th>
            <th scope="col" className="px-3 py-2">Result</th>
            <th scope="col" className="hidden px-3 py-2 sm:table-cell">lt</th>
            <th scope="col" className="hidden px-3 py-2 sm:table-cell">Time</th>
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <SkeletonRows rows={skeleton} cols={6} />
          ) : (
            txs.map((t) => {
              const v = txViewOf(t, book);
              return (
                <tr key={t.hash} className="border-t border-slate-100 dark:border-slate-800" data-testid="tx-row">
                  <TxHashCell hash={t.hash} />
                  <td className="max-w-[12rem] px-3 py-2"><AddressLink raw={t.account} book={book} /></td>
                  <InboundCell inMsg={v.inMsg} type={t.description.type} />
                  <ResultCell verdict={v} />
                  <td className="mono hidden px-3 py-2 text-xs sm:table-cell">{t.lt}</td>
                  <td className="hidden px-3 py-2 whitespace-nowrap sm:table-cell"><Age unix={t.now} /></td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The first cell of a transaction row: the short hash, linked to the transaction. */
export function TxHashCell({ hash }: { hash: string }) {
  return (
    <td className="px-3 py-2">
      <TxLink hash={hash} />
    </td>
  );
}

/** The inbound message as the lists name it: comment or known opcode, and value; none for tick-tock. */
export function InboundCell({ inMsg, type }: { inMsg: MessageView | null; type: string }) {
  const m = inMsg ? messageLabel(inMsg) : null;
  return (
    <td className="hidden px-3 py-2 md:table-cell" data-testid="tx-inbound">
      {m ? (
        <span className={inMsg?.bounced ? 'text-orange-700 dark:text-orange-300' : ''}>
          {m.name}
          {m.value ? ` · ${m.value}` : ''}
        </span>
      ) : (
        <span className="text-slate-500 dark:text-slate-400">none ({type})</span>
      )}
    </td>
  );
}

/** ✓, or ✕ with the reason the phases give; — when they are not known. */
export function ResultCell({ verdict }: { verdict: TxVerdict | null }) {
  const failure = verdict ? failureOf(verdict) : null;
  const tone = !verdict ? 'text-slate-500 dark:text-slate-400' : failure ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400';
  return (
    <td className={`px-3 py-2 ${tone}`} data-testid="tx-result">
      {!verdict ? '—' : failure ? `✕ ${failure}` : '✓'}
    </td>
  );
}
