import { useMemo } from 'react';
import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { LedgerClient } from '../../../api/client';
import { useApi } from '../../lib/router-context';
import { fetchLimit, pageOf } from '../../lib/pagination';
import { jettonWalletsQuery, nftItemsQuery, transactionsQuery } from '../../../api/queries';
import { itemsOnSaleQuery } from '../../features/account/queries';
import { Pager } from '../../components/pager';
import { DataTable } from '../../components/data-table';
import { Deferred } from '../../components/route-states';
import { Section } from '../../components/page';
import { TxList } from '../../features/transaction/tx-list';
import { PagedList, accountTokenColumns, nftItemColumns } from '../../features/tokens/token-lists';

// The account page's tabs besides its traces (history): its raw transactions, its jettons, its NFTs.
// Each a page of its own list, paged by the page's limit and offset.

export const ACCOUNT_TABS = ['history', 'transactions', 'tokens', 'nfts'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** The tabs, each with the endpoint its list reads (for the note when the API does not offer it). */
export const ACCOUNT_TAB_LABELS = [
  { id: 'history', label: 'Traces' },
  { id: 'transactions', label: 'Transactions', offers: { what: 'transaction lists', endpoint: 'transactions' } },
  { id: 'tokens', label: 'Tokens', offers: { what: 'jetton wallets', endpoint: 'jetton/wallets' } },
  { id: 'nfts', label: 'NFTs', offers: { what: 'NFT items', endpoint: 'nft/items' } },
] as const;

interface Paging {
  limit: number;
  offset: number;
  onPage: (p: { limit?: number; offset?: number }) => void;
}

/** What each tab's list asks, by its page: the panel's reads, prefetched by the route's loader. */
function tabQueries(api: LedgerClient, account: string, limit: number, offset: number) {
  const rows = { limit: fetchLimit(limit), offset };
  return {
    transactions: () => transactionsQuery(api, { account: [account], ...rows }),
    tokens: () => jettonWalletsQuery(api, { owner_address: [account], ...rows }),
    nfts: () => nftItemsQuery(api, { owner_address: [account], ...rows }),
    onSale: () => itemsOnSaleQuery(api, account),
  };
}

/**
 * Starts the reads of a tab other than the traces, so that a link to it asks its list with the
 * page's first requests instead of once the page has drawn its areas.
 */
export function prefetchTab(
  queryClient: QueryClient,
  api: LedgerClient,
  account: string,
  tab: AccountTab,
  limit: number,
  offset: number,
): void {
  if (tab === 'history') return;
  const q = tabQueries(api, account, limit, offset);
  if (tab === 'transactions') void queryClient.prefetchQuery(q.transactions());
  if (tab === 'tokens') void queryClient.prefetchQuery(q.tokens());
  if (tab === 'nfts') {
    void queryClient.prefetchQuery(q.nfts());
    void queryClient.prefetchQuery(q.onSale());
  }
}

export function AccountTabPanel({ account, tab, ...paging }: Paging & { account: string; tab: AccountTab }) {
  const q = tabQueries(useApi(), account, paging.limit, paging.offset);
  if (tab === 'transactions') return <AccountTransactions options={q.transactions()} {...paging} />;
  if (tab === 'tokens')
    return (
      <PagedList
        {...paging}
        options={q.tokens()}
        columns={accountTokenColumns}
        label="Tokens"
        caption="Jettons this account holds, by jetton wallet"
        empty="This account holds no jetton."
        rowKey={(w) => w.address}
        rowTestId="token-row"
      />
    );
  return (
    <>
      <PagedList
        {...paging}
        options={q.nfts()}
        columns={nftItemColumns}
        label="NFTs"
        caption="NFT items this account holds"
        empty="This account holds no NFT item."
        rowKey={(i) => i.address}
        rowTestId="nft-row"
      />
      <Section id="acct-on-sale" title="On sale" className="mt-4">
        <Deferred
          label="Loading items on sale"
          resetKey={account}
          offers={{ what: 'NFT transfers', endpoint: 'nft/transfers' }}
        >
          <ItemsOnSale options={q.onSale()} />
        </Deferred>
      </Section>
    </>
  );
}

function AccountTransactions({
  options,
  limit,
  offset,
  onPage,
}: Paging & { options: ReturnType<typeof transactionsQuery> }) {
  const { data } = useSuspenseQuery(options);
  const page = pageOf(data.transactions, limit, offset);
  return (
    <>
      <TxList
        txs={page.rows}
        book={data.addressBook}
        caption="Transactions of this account, newest first"
        empty={offset === 0 ? 'This account has no transactions on this ledger.' : 'No transactions on this page.'}
      />
      <Pager page={page} limit={limit} label="Transactions" onChange={onPage} />
    </>
  );
}

function ItemsOnSale({ options }: { options: ReturnType<typeof itemsOnSaleQuery> }) {
  const { data } = useSuspenseQuery(options);
  const columns = useMemo(() => nftItemColumns({ book: data.addressBook, metadata: data.metadata, offset: 0 }), [data]);
  return (
    <DataTable
      caption="This account's NFT items on sale, held by their sale contracts"
      columns={columns}
      rows={data.rows}
      rowKey={(i) => i.address}
      rowTestId="on-sale-row"
      empty="This account has no NFT item on sale."
    />
  );
}
