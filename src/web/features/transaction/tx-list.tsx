import { AddressLink, TxLink } from '../../components/entity-links';
import type { Transaction } from '../../../api/model';
import { Age } from '../../components/age';
import { DataTable, type Column } from '../../components/data-table';
import { OUTCOME_MARK, OUTCOME_TONE, verdictOf } from '../../model/outcome';
import { txViewOf, type AddressBook, type MessageView, type TxVerdict } from '../../model/trace-view';
import { messageLabel } from '../../model/message-label';

interface TxRow {
  tx: Transaction;
  book: AddressBook;
}

const COLUMNS: Column<TxRow>[] = [
  { header: 'Transaction', cell: ({ tx }) => <TxLink hash={tx.hash} /> },
  {
    header: 'Account',
    className: 'max-w-[12rem]',
    cell: ({ tx, book }) => <AddressLink raw={tx.account} book={book} />,
  },
  {
    header: 'Inbound',
    className: 'hidden md:table-cell',
    testId: 'tx-inbound',
    cell: ({ tx, book }) => <Inbound inMsg={txViewOf(tx, book).inMsg} type={tx.description.type} />,
  },
  { header: 'Result', testId: 'tx-result', cell: ({ tx, book }) => <Result verdict={txViewOf(tx, book)} /> },
  { header: 'lt', className: 'mono hidden text-xs sm:table-cell', cell: ({ tx }) => tx.lt },
  { header: 'Time', className: 'hidden whitespace-nowrap sm:table-cell', cell: ({ tx }) => <Age unix={tx.now} /> },
];

/** Transactions as rows; on a phone the less important columns drop out. */
export function TxList({
  txs,
  book,
  caption,
  empty,
}: {
  txs: Transaction[];
  book: AddressBook;
  caption: string;
  empty?: string;
}) {
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      rows={txs.map((tx) => ({ tx, book }))}
      rowKey={(r) => r.tx.hash}
      rowTestId="tx-row"
      empty={empty}
    />
  );
}

/** The inbound message as the lists name it: comment or known opcode, and value; none for tick-tock. */
export function Inbound({ inMsg, type }: { inMsg: MessageView | null; type: string }) {
  const m = inMsg ? messageLabel(inMsg) : null;
  return m ? (
    <span className={inMsg?.bounced ? 'text-orange-700 dark:text-orange-300' : ''}>
      {m.name}
      {m.value ? ` · ${m.value}` : ''}
    </span>
  ) : (
    <span className="text-muted">none ({type})</span>
  );
}

/** ✓, ✕ with the reason the phases give, or ⊘ with why the compute phase was skipped; — when they are not known. */
export function Result({ verdict }: { verdict: TxVerdict | null }) {
  if (!verdict) return <span className="text-muted">—</span>;
  const v = verdictOf(verdict);
  return (
    <span className={OUTCOME_TONE[v.outcome]} data-outcome={v.outcome} title={v.meaning ?? undefined}>
      {OUTCOME_MARK[v.outcome]}
      {v.outcome === 'success' ? '' : ` ${v.text}`}
    </span>
  );
}
