import { useMemo } from 'react';
import { formatTon, shortAddress, displayAddress } from '../../lib/format';
import type { AddressForm } from '../../../ton/address-forms';
import { DataTable, type Column } from '../../components/data-table';
import { ShowMore, useLongList } from '../../components/long-list';
import type { AddressBook, TraceView, TxView } from '../../model/trace-view';
import { OUTCOME_MARK, OUTCOME_TONE, verdictOf } from '../../model/outcome';
import { messageLabel } from '../../model/message-label';
import { labelOf } from '../../model/run-names';

interface Row {
  hash: string;
  tx: TxView;
}

/**
 * The accessible twin of the graph: the same transactions in the same depth-first order, as a
 * table whose rows select the same node (and are reachable by Tab and the same j/k keys). Rows are
 * memoized by the table: moving the selection re-renders the two rows it leaves and enters, not
 * all of a 1000-row trace. A long trace shows its first rows and more on request (always the
 * selected one), so a 4,000-transaction trace opens as fast as a 200-transaction one.
 */
/** What a view of the whole trace reads: the trace, how to name its accounts, and the selection. */
export interface TraceTableProps {
  trace: TraceView;
  book: AddressBook;
  letters: Map<string, string>;
  addressForm: AddressForm;
  selected: string | null;
  onSelect: (hash: string) => void;
}

export function TraceTable({ trace, book, letters, addressForm, selected, onSelect }: TraceTableProps) {
  const rows = useMemo(() => trace.order.map((hash) => ({ hash, tx: trace.txs.get(hash)! })), [trace]);
  const columns = useMemo<Column<Row>[]>(
    () => [
      { header: '#', className: 'text-muted', cell: (_r, i) => i + 1 },
      {
        header: 'Account',
        cell: ({ hash, tx }, _i, isSelected) => (
          <button
            type="button"
            onClick={() => onSelect(hash)}
            className="text-left hover:underline"
            aria-current={isSelected ? 'true' : undefined}
            style={{ paddingLeft: `${Math.min(tx.depth, 12) * 0.9}rem` }}
          >
            <span className="font-semibold">{letters.get(tx.account)}</span>{' '}
            <span className="mono">{shortAddress(displayAddress(tx.account, addressForm))}</span>{' '}
            <span className="text-xs text-muted">{labelOf(book[tx.account]) ?? ''}</span>
          </button>
        ),
      },
      { header: 'Inbound message', cell: ({ tx }) => <InboundMessage tx={tx} /> },
      {
        header: 'Result',
        cell: ({ tx }) => {
          const v = verdictOf(tx);
          return (
            <span className={OUTCOME_TONE[v.outcome]} data-outcome={v.outcome} title={v.meaning ?? undefined}>
              {OUTCOME_MARK[v.outcome]} {v.outcome === 'success' ? 'ok' : v.text}
            </span>
          );
        },
      },
    ],
    [book, letters, addressForm, onSelect],
  );
  const selectedIndex = useMemo(() => (selected ? trace.order.indexOf(selected) : -1), [trace, selected]);
  const list = useLongList(rows, selectedIndex);
  return (
    <>
      <DataTable
        caption="Transactions of the trace, in tree order"
        columns={columns}
        rows={list.shown}
        rowKey={(r) => r.hash}
        rowTestId="trace-row"
        selectedKey={selected}
        dense
      />
      <ShowMore shown={list.shown.length} total={rows.length} what="transactions" onMore={list.more} onAll={list.all} />
    </>
  );
}

function InboundMessage({ tx }: { tx: TxView }) {
  const m = tx.inMsg ? messageLabel(tx.inMsg) : null;
  if (!m) return null;
  return (
    <span className={tx.inMsg?.bounced ? 'font-medium text-orange-700 dark:text-orange-300' : ''}>
      {tx.inMsg?.bounced ? '↩ bounced: ' : ''}
      {m.name}
      {tx.inMsg && tx.inMsg.source !== null ? ` · ${formatTon(tx.inMsg.value)}` : ''}
    </span>
  );
}
