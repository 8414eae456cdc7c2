import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useApi } from '../lib/router-context';
import { addressRouteParams } from '../lib/route-params';
import { pageSearch, searchOfTab, tabSearch } from '../lib/use-page-search';
import { fetchLimit } from '../lib/pagination';
import { formatInt } from '../lib/format';
import { Deferred, RouteNotFound } from '../components/route-states';
import { Page, Section } from '../components/page';
import { Tabs } from '../components/tabs';
import { Empty } from '../components/states';
import { DetailRow } from '../components/detail-row';
import { AddressLink } from '../components/entity-links';
import { nftCollectionsQuery, nftItemsQuery, nftTransfersQuery } from '../../api/queries';
import type { LedgerClient } from '../../api/client';
import { ContentRows, DETAILS, TokenPageHeader } from '../features/tokens/token-page';
import { tokenName } from '../features/tokens/token-model';
import { PagedList, nftItemColumns, nftTransferColumns } from '../features/tokens/token-lists';

const PAGE = 10;
const TABS = ['items', 'transfers'] as const;

const COLLECTION_TABS = [
  { id: 'items', label: 'Items', offers: { what: 'NFT items', endpoint: 'nft/items' } },
  { id: 'transfers', label: 'Transfers', offers: { what: 'NFT transfers', endpoint: 'nft/transfers' } },
] as const;

const collectionQuery = (api: LedgerClient, address: string) =>
  nftCollectionsQuery(api, { collection_address: [address], limit: 1 });

export const Route = createFileRoute('/nft-collection/$address')({
  params: addressRouteParams('NFT collection'),
  validateSearch: z.object({ ...pageSearch(PAGE), ...tabSearch(TABS) }),
  loader: ({ context: { queryClient, api }, params: { address } }) => {
    void queryClient.prefetchQuery(collectionQuery(api, address));
  },
  notFoundComponent: RouteNotFound,
  component: CollectionPage,
});

function CollectionPage() {
  const { address } = Route.useParams();
  const { tab = 'items', limit = PAGE, offset = 0 } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const api = useApi();
  const onPage = (p: { limit?: number; offset?: number }) =>
    void navigate({ search: (s) => ({ ...s, ...p }), resetScroll: false });
  const rows = { limit: fetchLimit(limit), offset };
  return (
    <Page>
      <TokenPageHeader title="NFT collection" raw={address} />
      <Section id="collection-info" title="Collection">
        <Deferred
          label="Loading the collection"
          resetKey={address}
          offers={{ what: 'NFT collections', endpoint: 'nft/collections' }}
        >
          <CollectionInfo address={address} />
        </Deferred>
      </Section>
      <Tabs
        id="collection"
        label="Collection lists"
        tabs={COLLECTION_TABS}
        current={tab}
        onSelect={(t) => void navigate({ search: searchOfTab(t, 'items'), resetScroll: false })}
        resetKey={`${address}/${limit}/${offset}`}
      >
        {tab === 'transfers' ? (
          <PagedList
            limit={limit}
            offset={offset}
            onPage={onPage}
            options={nftTransfersQuery(api, { collection_address: address, ...rows })}
            columns={nftTransferColumns}
            label="Transfers"
            caption="Transfers of this collection's items, newest first"
            empty="No item of this collection changed hands."
            rowKey={(t) => `${t.txHash}/${t.item}`}
            rowTestId="nft-transfer-row"
          />
        ) : (
          <PagedList
            limit={limit}
            offset={offset}
            onPage={onPage}
            options={nftItemsQuery(api, { collection_address: [address], ...rows })}
            columns={nftItemColumns}
            label="Items"
            caption="Items of this collection, by index"
            empty="This collection has no items."
            rowKey={(i) => i.address}
            rowTestId="nft-row"
          />
        )}
      </Tabs>
    </Page>
  );
}

function CollectionInfo({ address }: { address: string }) {
  const { data } = useSuspenseQuery(collectionQuery(useApi(), address));
  const c = data.rows[0];
  if (!c) return <Empty>This API knows no NFT collection at this address.</Empty>;
  const info = data.metadata[address]?.tokens[0];
  return (
    <dl className={DETAILS} data-testid="collection-info">
      <DetailRow k="Name">
        <span data-testid="collection-name">{tokenName(address, data.metadata, c.content) ?? '—'}</span>
      </DetailRow>
      <DetailRow k="Next item index">
        <span data-testid="collection-next-index">{formatInt(c.nextItemIndex)}</span>
      </DetailRow>
      <DetailRow k="Owner">{c.owner ? <AddressLink raw={c.owner} book={data.addressBook} full /> : 'none'}</DetailRow>
      <ContentRows description={info?.description ?? c.content.description} image={info?.image ?? c.content.image} />
    </dl>
  );
}
