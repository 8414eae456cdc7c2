import { useMemo } from 'react';
import { useSuspenseQuery, type QueryKey, type UseSuspenseQueryOptions } from '@tanstack/react-query';
import type {
  AddressBook,
  JettonBurn,
  JettonTransfer,
  JettonWallet,
  ListPage,
  Metadata,
  NftItem,
  NftTransfer,
} from '../../../api/model';
import { AddressLink, TokenLink, TxLink } from '../../components/entity-links';
import { DataTable, type Column } from '../../components/data-table';
import { Pager } from '../../components/pager';
import { Age } from '../../components/age';
import { pageOf } from '../../lib/pagination';
import { formatToken } from '../../lib/format';
import { holderOf, jettonUnits, shareOfSupply, tokenName, type TokenUnits } from './token-model';

// The jetton and NFT lists of the account, jetton and NFT pages: each a page of a v3 list (asked
// with one row more than shown, lib/pagination.ts), its table and its pager.

/** A jetton amount in its own decimals and symbol (raw units when the API sent no decimals), never TON. */
export function JettonAmount({ amount, units, testId }: { amount: string; units: TokenUnits; testId?: string }) {
  return (
    <span
      title={`${amount} base units${units.decimals === null ? '' : `, ${units.decimals} decimals`}`}
      data-testid={testId}
    >
      {formatToken(amount, units)}
    </span>
  );
}

/** What a list's columns are drawn with: the answer's address book and metadata, and the page's first row number. */
export interface ListContext {
  book: AddressBook;
  metadata: Metadata;
  offset: number;
}

/** A page of a v3 list as a table with its pager; `columns` is a module constant (the table memoizes on it). */
export function PagedList<T, K extends QueryKey>({
  options,
  columns,
  limit,
  offset,
  onPage,
  label,
  caption,
  empty,
  rowKey,
  rowTestId,
}: {
  options: UseSuspenseQueryOptions<ListPage<T>, Error, ListPage<T>, K>;
  columns: (ctx: ListContext) => Column<T>[];
  limit: number;
  offset: number;
  onPage: (p: { limit?: number; offset?: number }) => void;
  label: string;
  caption: string;
  empty: string;
  rowKey: (row: T) => string;
  rowTestId: string;
}) {
  const { data } = useSuspenseQuery(options);
  const page = pageOf(data.rows, limit, offset);
  const cols = useMemo(
    () => columns({ book: data.addressBook, metadata: data.metadata, offset }),
    [columns, data, offset],
  );
  return (
    <>
      <DataTable
        caption={caption}
        columns={cols}
        rows={page.rows}
        rowKey={rowKey}
        rowTestId={rowTestId}
        empty={offset === 0 ? empty : 'Nothing on this page.'}
      />
      <Pager page={page} limit={limit} label={label} onChange={onPage} />
    </>
  );
}

const time = <T extends { txNow: number; txHash: string }>(): Column<T>[] => [
  { header: 'Transaction', cell: (r) => <TxLink hash={r.txHash} /> },
  { header: 'Time', className: 'hidden whitespace-nowrap sm:table-cell', cell: (r) => <Age unix={r.txNow} /> },
];

/** An account's jetton wallets: each jetton (linked to its page), the balance in its decimals, the wallet. */
export const accountTokenColumns = ({ book, metadata }: ListContext): Column<JettonWallet>[] => [
  {
    header: 'Jetton',
    testId: 'token-jetton',
    cell: (w) => (
      <TokenLink kind="jetton_master" raw={w.jetton}>
        {tokenName(w.jetton, metadata) ?? undefined}
      </TokenLink>
    ),
  },
  {
    header: 'Balance',
    className: 'text-right',
    cell: (w) => <JettonAmount amount={w.balance} units={jettonUnits(w.jetton, metadata)} testId="token-balance" />,
  },
  { header: 'Jetton wallet', className: 'max-w-[14rem]', cell: (w) => <AddressLink raw={w.address} book={book} /> },
];

/** A jetton's holders by balance: rank, owner, balance, share of the supply, wallet. */
export const holderColumns =
  (supply: string | null) =>
  ({ book, metadata, offset }: ListContext): Column<JettonWallet>[] => [
    { header: '#', className: 'text-right text-muted', cell: (_w, i) => offset + i + 1 },
    {
      header: 'Owner',
      className: 'max-w-[16rem]',
      testId: 'holder-owner',
      cell: (w) => <AddressLink raw={w.owner} book={book} />,
    },
    {
      header: 'Balance',
      className: 'text-right',
      cell: (w) => <JettonAmount amount={w.balance} units={jettonUnits(w.jetton, metadata)} testId="holder-balance" />,
    },
    {
      header: 'Share',
      className: 'hidden text-right sm:table-cell',
      cell: (w) => (supply === null ? '—' : (shareOfSupply(w.balance, supply) ?? '—')),
    },
    {
      header: 'Jetton wallet',
      className: 'hidden max-w-[12rem] md:table-cell',
      cell: (w) => <AddressLink raw={w.address} book={book} />,
    },
  ];

export const jettonTransferColumns = ({ book, metadata }: ListContext): Column<JettonTransfer>[] => [
  ...time<JettonTransfer>(),
  { header: 'From', className: 'max-w-[12rem]', cell: (t) => <AddressLink raw={t.source} book={book} /> },
  { header: 'To', className: 'max-w-[12rem]', cell: (t) => <AddressLink raw={t.destination} book={book} /> },
  {
    header: 'Amount',
    className: 'text-right',
    cell: (t) => <JettonAmount amount={t.amount} units={jettonUnits(t.jetton, metadata)} testId="transfer-amount" />,
  },
];

export const jettonBurnColumns = ({ book, metadata }: ListContext): Column<JettonBurn>[] => [
  ...time<JettonBurn>(),
  { header: 'Owner', className: 'max-w-[12rem]', cell: (b) => <AddressLink raw={b.owner} book={book} /> },
  {
    header: 'Amount',
    className: 'text-right',
    cell: (b) => <JettonAmount amount={b.amount} units={jettonUnits(b.jetton, metadata)} testId="burn-amount" />,
  },
];

/** Who holds an item: the seller of one on sale, said to be on sale, with its sale contract. */
export function ItemHolder({ item, book }: { item: NftItem; book: AddressBook }) {
  const { owner, sale } = holderOf(item);
  return (
    <span className="inline-flex flex-wrap items-baseline gap-1">
      {owner ? (
        <AddressLink raw={owner} book={book} />
      ) : sale ? (
        <span className="text-muted">seller not reported</span>
      ) : (
        <span className="text-muted">none</span>
      )}
      {sale && (
        <span
          className="rounded bg-amber-100 px-1 text-[11px] text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          data-testid="on-sale"
        >
          on sale
        </span>
      )}
    </span>
  );
}

/** NFT items: name (linked to the item's page), index, collection, holder. */
export const nftItemColumns = ({ book, metadata }: ListContext): Column<NftItem>[] => [
  {
    header: 'Item',
    testId: 'nft-item',
    cell: (i) => (
      <TokenLink kind="nft_item" raw={i.address}>
        {tokenName(i.address, metadata, i.content) ?? undefined}
      </TokenLink>
    ),
  },
  { header: 'Index', className: 'mono text-right', cell: (i) => i.index },
  {
    header: 'Collection',
    className: 'hidden md:table-cell',
    cell: (i) =>
      i.collection ? (
        <TokenLink kind="nft_collection" raw={i.collection}>
          {tokenName(i.collection, metadata) ?? undefined}
        </TokenLink>
      ) : (
        <span className="text-muted">none</span>
      ),
  },
  { header: 'Owner', testId: 'nft-owner', cell: (i) => <ItemHolder item={i} book={book} /> },
];

export const nftTransferColumns = ({ book, metadata }: ListContext): Column<NftTransfer>[] => [
  ...time<NftTransfer>(),
  {
    header: 'Item',
    cell: (t) => (
      <TokenLink kind="nft_item" raw={t.item}>
        {tokenName(t.item, metadata) ?? undefined}
      </TokenLink>
    ),
  },
  { header: 'From', className: 'max-w-[12rem]', cell: (t) => <AddressLink raw={t.oldOwner} book={book} /> },
  { header: 'To', className: 'max-w-[12rem]', cell: (t) => <AddressLink raw={t.newOwner} book={book} /> },
];
