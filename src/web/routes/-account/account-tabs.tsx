import { useMemo } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
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

export function AccountTabPanel({ account, tab, ...paging }: Paging & { account: string; tab: AccountTab }) {
  const api = useApi();
  const rows = { limit: fetchLimit(paging.limit), offset: paging.offset };
  if (tab === 'transactions') return <AccountTransactions account={account} {...paging} />;
  if (tab === 'tokens')
    return (
      <PagedList
        {...paging}
        options={jettonWalletsQuery(api, { owner_address: [account], ...rows })}
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
        options={nftItemsQuery(api, { owner_address: [account], ...rows })}
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
          <ItemsOnSale account={account} />
        </Deferred>
      </Section>
    </>
  );
}

function AccountTransactions({ account, limit, offset, onPage }: Paging & { account: string }) {
  const { data } = useSuspenseQuery(
    transactionsQuery(useApi(), { account: [account], limit: fetchLimit(limit), offset }),
  );
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

function ItemsOnSale({ account }: { account: string }) {
  const { data } = useSuspenseQuery(itemsOnSaleQuery(useApi(), account));
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
