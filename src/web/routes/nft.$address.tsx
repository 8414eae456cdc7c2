import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useApi } from '../lib/router-context';
import { addressRouteParams } from '../lib/route-params';
import { pageSearch } from '../lib/use-page-search';
import { fetchLimit } from '../lib/pagination';
import { Deferred, RouteNotFound } from '../components/route-states';
import { Page, Section } from '../components/page';
import { Empty } from '../components/states';
import { DetailRow } from '../components/detail-row';
import { AddressLink, TokenLink } from '../components/entity-links';
import { nftItemsQuery, nftTransfersQuery } from '../../api/queries';
import type { LedgerClient } from '../../api/client';
import { ContentRows, DETAILS, TokenPageHeader } from '../features/tokens/token-page';
import { holderOf, tokenName } from '../features/tokens/token-model';
import { PagedList, nftTransferColumns } from '../features/tokens/token-lists';

const PAGE = 10;

const itemQuery = (api: LedgerClient, address: string) => nftItemsQuery(api, { address: [address], limit: 1 });

export const Route = createFileRoute('/nft/$address')({
  params: addressRouteParams('NFT item'),
  validateSearch: z.object(pageSearch(PAGE)),
  loader: ({ context: { queryClient, api }, params: { address } }) => {
    void queryClient.prefetchQuery(itemQuery(api, address));
  },
  notFoundComponent: RouteNotFound,
  component: ItemPage,
});

function ItemPage() {
  const { address } = Route.useParams();
  const { limit = PAGE, offset = 0 } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <Page>
      <TokenPageHeader title="NFT item" raw={address} />
      <Section id="item-info" title="Item">
        <Deferred label="Loading the item" resetKey={address} offers={{ what: 'NFT items', endpoint: 'nft/items' }}>
          <ItemInfo address={address} />
        </Deferred>
      </Section>
      <Section id="item-history" title="History">
        <Deferred
          label="Loading the item's transfers"
          resetKey={`${address}/${limit}/${offset}`}
          offers={{ what: 'NFT transfers', endpoint: 'nft/transfers' }}
        >
          <PagedList
            limit={limit}
            offset={offset}
            onPage={(p) => void navigate({ search: (s) => ({ ...s, ...p }), resetScroll: false })}
            options={nftTransfersQuery(useApi(), { item_address: [address], limit: fetchLimit(limit), offset })}
            columns={nftTransferColumns}
            label="Transfers"
            caption="Transfers of this item, newest first"
            empty="This item never changed hands."
            rowKey={(t) => t.txHash}
            rowTestId="nft-transfer-row"
          />
        </Deferred>
      </Section>
    </Page>
  );
}

/** The content fields the rows above already show. */
const SHOWN = new Set(['name', 'description', 'image']);

function ItemInfo({ address }: { address: string }) {
  const { data } = useSuspenseQuery(itemQuery(useApi(), address));
  const item = data.rows[0];
  if (!item) return <Empty>This API knows no NFT item at this address.</Empty>;
  const { owner, sale } = holderOf(item);
  const book = data.addressBook;
  const info = data.metadata[address]?.tokens[0];
  return (
    <dl className={DETAILS} data-testid="item-info">
      <DetailRow k="Name">
        <span data-testid="item-name">{tokenName(address, data.metadata, item.content) ?? '—'}</span>
      </DetailRow>
      <DetailRow k="Index">
        <span className="mono" data-testid="item-index">
          {item.index}
        </span>
      </DetailRow>
      <DetailRow k="Collection">
        {item.collection ? (
          <TokenLink kind="nft_collection" raw={item.collection} data-testid="item-collection">
            {tokenName(item.collection, data.metadata) ?? undefined}
          </TokenLink>
        ) : (
          'none (a standalone item)'
        )}
      </DetailRow>
      <DetailRow k="Owner">
        <span data-testid="item-owner">
          {owner ? <AddressLink raw={owner} book={book} full /> : <span className="text-muted">not reported</span>}
        </span>
      </DetailRow>
      {sale && (
        <DetailRow k="On sale">
          <span data-testid="item-sale">
            yes: held for its owner by the sale contract <AddressLink raw={sale} book={book} full />
          </span>
        </DetailRow>
      )}
      <ContentRows
        description={info?.description ?? item.content.description}
        image={info?.image ?? item.content.image}
      />
      {Object.entries(item.content)
        .filter(([k]) => !SHOWN.has(k))
        .map(([k, v]) => (
          <DetailRow key={k} k={k}>
            <span className="break-all">{v}</span>
          </DetailRow>
        ))}
    </dl>
  );
}
