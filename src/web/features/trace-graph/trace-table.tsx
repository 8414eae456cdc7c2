import { memo } from 'react';
import { formatTon, shortAddress, displayAddress } from '../../lib/format';
import type { AddressForm } from '../../lib/ton-lite';
import { failureOf, type AddressBook, type TraceView, type TxView } from './trace-model';
import { messageLabel } from './graph-model';

/**
 * The accessible twin of the graph: the same transactions in the same depth-first order, as a
 * table whose rows select the same node (and are reachable by Tab and the same j/k keys).
 */
export function TraceTable({ trace, book, letters, addressForm, selected, onSelect }: { trace: TraceView; book: AddressBook; letters: Map<string, string>; addressForm: AddressForm; selected: string | null; onSelect: (hash: string) => void }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full text-left text-sm" aria-label="Transactions of the trace, in tree order">
        <thead className="bg-slate-50 text-xs uppercase text-slate-500 dark:text-slate-400 dark:bg-slate-900">
          <tr>
            <th scope="col" className="px-2 py-2">#</th>
            <th scope="col" className="px-2 py-2">Account</th>
            <th scope="col" className="px-2 py-2">Inbound message</th>
            <th scope="col" className="px-2 py-2">Result</th>
          </tr>
        </thead>
        <tbody>
          {trace.order.map((hash, i) => {
            const tx = trace.txs.get(hash)!;
            return <TraceRow key={hash} hash={hash} tx={tx} index={i} letter={letters.get(tx.account)} iface={book[tx.account]?.interfaces?.[0]} addressForm={addressForm} selected={hash === selected} onSelect={onSelect} />;
          })}
        </tbody>
      </table>
    </div>
  );
}

interface TraceRowProps {
  hash: string;
  tx: TxView;
  index: number;
  letter: string | undefined;
  iface: string | undefined;
  addressForm: AddressForm;
  selected: boolean;
  onSelect: (hash: string) => void;
}

/** One row, memoized: moving the selection re-renders the two rows it leaves and enters, not all of a 1000-row trace. */
const TraceRow = memo(function TraceRow({ hash, tx, index, letter, iface, addressForm, selected, onSelect }: TraceRowProps) {
  const failure = failureOf(tx);
  const m = tx.inMsg ? messageLabel(tx.inMsg) : null;
  return (
    <tr aria-selected={selected} className={`border-t border-slate-100 dark:border-slate-800 ${selected ? 'bg-teal-50 dark:bg-teal-950' : ''}`} data-testid="trace-row">
      <td className="px-2 py-1 text-slate-500 dark:text-slate-400">{index + 1}</td>
      <td className="px-2 py-1" style={{ paddingLeft: `${0.5 + Math.min(tx.depth, 12) * 0.9}rem` }}>
        <button type="button" onClick={() => onSelect(hash)} className="text-left hover:underline" aria-current={selected ? 'true' : undefined}>
          <span className="font-semibold">{letter}</span> <span className="mono">{shortAddress(displayAddress(tx.account, addressForm))}</span>{' '}
          <span className="text-xs text-slate-500 dark:text-slate-400">{iface ?? ''}</span>
        </button>
      </td>
      <td className="px-2 py-1">
        {m && (
          <span className={tx.inMsg?.bounced ? 'font-medium text-orange-700 dark:text-orange-300' : ''}>
            {tx.inMsg?.bounced ? '↩ bounced: ' : ''}
            {m.name}
            {tx.inMsg && tx.inMsg.source !== null ? ` · ${formatTon(tx.inMsg.value)}` : ''}
          </span>
        )}
      </td>
      <td className={`px-2 py-1 ${failure ? 'font-medium text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}`}>{failure ? `✕ ${failure}` : '✓ ok'}</td>
    </tr>
  );
});
