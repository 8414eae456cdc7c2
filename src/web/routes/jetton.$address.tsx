import { useMemo } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useApi } from '../lib/router-context';
import { addressRouteParams } from '../lib/route-params';
import { pageSearch, searchOfTab, tabSearch } from '../lib/use-page-search';
import { fetchLimit } from '../lib/pagination';
import { Deferred, RouteNotFound } from '../components/route-states';
import { Page, Section } from '../components/page';
import { Tabs } from '../components/tabs';
import { Empty } from '../components/states';
import { DetailRow } from '../components/detail-row';
import { AddressLink } from '../components/entity-links';
import { jettonBurnsQuery, jettonMastersQuery, jettonTransfersQuery, jettonWalletsQuery } from '../../api/queries';
import type { LedgerClient } from '../../api/client';
import { ContentRows, DETAILS, TokenPageHeader } from '../features/tokens/token-page';
import { jettonUnits, tokenName } from '../features/tokens/token-model';
import {
  JettonAmount,
  PagedList,
  holderColumns,
  jettonBurnColumns,
  jettonTransferColumns,
} from '../features/tokens/token-lists';

const PAGE = 10;
const TABS = ['holders', 'transfers', 'burns'] as const;
type JettonTab = (typeof TABS)[number];

const masterQuery = (api: LedgerClient, address: string) => jettonMastersQuery(api, { address: [address], limit: 1 });

export const Route = createFileRoute('/jetton/$address')({
  params: addressRouteParams('jetton'),
  validateSearch: z.object({ ...pageSearch(PAGE), ...tabSearch(TABS) }),
  // started at once, waited for by each area on its own: the header shows before any answer
  loader: ({ context: { queryClient, api }, params: { address } }) => {
    void queryClient.prefetchQuery(masterQuery(api, address));
  },
  notFoundComponent: RouteNotFound,
  component: JettonPage,
});

const JETTON_TABS = [
  { id: 'holders', label: 'Holders', offers: { what: 'jetton holders', endpoint: 'jetton/wallets' } },
  { id: 'transfers', label: 'Transfers', offers: { what: 'jetton transfers', endpoint: 'jetton/transfers' } },
  { id: 'burns', label: 'Burns', offers: { what: 'jetton burns', endpoint: 'jetton/burns' } },
] as const;

const MASTERS = { what: 'jetton lists', endpoint: 'jetton/masters' };

function JettonPage() {
  const { address } = Route.useParams();
  const { tab = 'holders', limit = PAGE, offset = 0 } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onPage = (p: { limit?: number; offset?: number }) =>
    void navigate({ search: (s) => ({ ...s, ...p }), resetScroll: false });
  return (
    <Page>
      <TokenPageHeader title="Jetton" raw={address} />
      <Section id="jetton-info" title="Jetton master">
        <Deferred label="Loading the jetton" resetKey={address} offers={MASTERS}>
          <JettonInfo address={address} />
        </Deferred>
      </Section>
      <Tabs
        id="jetton"
        label="Jetton lists"
        tabs={JETTON_TABS}
        current={tab}
        onSelect={(t) => void navigate({ search: searchOfTab(t, 'holders'), resetScroll: false })}
        resetKey={`${address}/${limit}/${offset}`}
      >
        <JettonTabPanel address={address} tab={tab} limit={limit} offset={offset} onPage={onPage} />
      </Tabs>
    </Page>
  );
}

function JettonInfo({ address }: { address: string }) {
  const { data } = useSuspenseQuery(masterQuery(useApi(), address));
  const master = data.rows[0];
  if (!master) return <Empty>This API knows no jetton master at this address.</Empty>;
  const units = jettonUnits(address, data.metadata, master.content);
  const info = data.metadata[address]?.tokens[0];
  return (
    <dl className={DETAILS} data-testid="jetton-info">
      <DetailRow k="Name">
        <span data-testid="jetton-name">{tokenName(address, data.metadata, master.content) ?? '—'}</span>
      </DetailRow>
      <DetailRow k="Symbol">
        <span data-testid="jetton-symbol">{units.symbol ?? '—'}</span>
      </DetailRow>
      <DetailRow k="Total supply">
        <strong>
          <JettonAmount amount={master.totalSupply} units={units} testId="jetton-supply" />
        </strong>
      </DetailRow>
      <DetailRow k="Decimals">{units.decimals ?? 'not given (amounts in base units)'}</DetailRow>
      <DetailRow k="Mintable">{master.mintable ? 'yes' : 'no'}</DetailRow>
      <DetailRow k="Admin">
        {master.admin ? <AddressLink raw={master.admin} book={data.addressBook} full /> : 'none (renounced)'}
      </DetailRow>
      <ContentRows
        description={info?.description ?? master.content.description}
        image={info?.image ?? master.content.image}
      />
    </dl>
  );
}

function JettonTabPanel({
  address,
  tab,
  limit,
  offset,
  onPage,
}: {
  address: string;
  tab: JettonTab;
  limit: number;
  offset: number;
  onPage: (p: { limit?: number; offset?: number }) => void;
}) {
  const api = useApi();
  const page = { limit, offset, onPage };
  const rows = { limit: fetchLimit(limit), offset };
  if (tab === 'transfers')
    return (
      <PagedList
        {...page}
        options={jettonTransfersQuery(api, { jetton_master: address, ...rows })}
        columns={jettonTransferColumns}
        label="Transfers"
        caption="Transfers of this jetton, newest first"
        empty="No transfer of this jetton."
        rowKey={(t) => t.txHash}
        rowTestId="transfer-row"
      />
    );
  if (tab === 'burns')
    return (
      <PagedList
        {...page}
        options={jettonBurnsQuery(api, { jetton_master: address, ...rows })}
        columns={jettonBurnColumns}
        label="Burns"
        caption="Burns of this jetton, newest first"
        empty="No burn of this jetton."
        rowKey={(b) => b.txHash}
        rowTestId="burn-row"
      />
    );
  return <Holders address={address} {...page} />;
}

function Holders({
  address,
  limit,
  offset,
  onPage,
}: {
  address: string;
  limit: number;
  offset: number;
  onPage: (p: { limit?: number; offset?: number }) => void;
}) {
  const api = useApi();
  // the supply for each holder's share: the master's answer, which the info area asked for
  const supply = useSuspenseQuery(masterQuery(api, address)).data.rows[0]?.totalSupply ?? null;
  const columns = useMemo(() => holderColumns(supply), [supply]);
  return (
    <PagedList
      limit={limit}
      offset={offset}
      onPage={onPage}
      options={jettonWalletsQuery(api, {
        jetton_address: [address],
        sort: 'desc',
        exclude_zero_balance: true,
        limit: fetchLimit(limit),
        offset,
      })}
      columns={columns}
      label="Holders"
      caption="Holders of this jetton, largest balance first"
      empty="No one holds this jetton."
      rowKey={(w) => w.address}
      rowTestId="holder-row"
    />
  );
}
