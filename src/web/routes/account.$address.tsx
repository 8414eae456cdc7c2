import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useApi } from '../lib/router-context';
import { accountRouteParams } from '../lib/route-params';
import { pageOf } from '../lib/pagination';
import { pageSearch, searchOfTab, tabSearch } from '../lib/use-page-search';
import { AddressForms } from '../components/address-forms';
import { ListPending, Pager } from '../components/pager';
import { Loading } from '../components/states';
import { TraceList, type ExtraColumn } from '../features/traces/trace-list';
import { AccountSummary } from '../features/account/account-summary';
import { AccountTraceChange } from '../features/balance-changes/account-trace-change';
import { POLL_MS, useLiveStream } from '../features/live/live';
import { TraceLink } from '../components/entity-links';
import { ACCOUNT_PAGE, accountLatestQuery, accountTracesQuery, prefetchContract } from '../features/account/queries';
import { Page, PageTitle, Section } from '../components/page';
import { methodSearch } from '../features/account/get-methods';
import { MethodsPanel } from '../features/account/methods-panel';
import { Faucet } from '../features/account/faucet';
import { AccountContract } from './-account/account-contract';
import {
  ACCOUNT_TABS,
  ACCOUNT_TAB_LABELS,
  AccountTabPanel,
  prefetchTab,
  type AccountTab,
} from './-account/account-tabs';
import { Tabs } from '../components/tabs';
import { Deferred, RouteNotFound } from '../components/route-states';

export const Route = createFileRoute('/account/$address')({
  params: accountRouteParams,
  validateSearch: z.object({ ...pageSearch(ACCOUNT_PAGE), ...tabSearch(ACCOUNT_TABS), ...methodSearch }),
  // limit and offset page the tab shown: the traces' only on the history tab
  loaderDeps: ({ search: { limit = ACCOUNT_PAGE, offset = 0, tab = 'history' } }) => ({ tab, limit, offset }),
  // started at once, waited for by each area on its own: the header and the address's forms show
  // before any answer, and the state, the list and the methods each show their own pending state
  loader: ({ context: { queryClient, api }, params: { address }, deps: { tab, limit, offset } }) => {
    const history = tab === 'history';
    void queryClient.prefetchQuery(
      accountTracesQuery(api, address, history ? limit : ACCOUNT_PAGE, history ? offset : 0),
    );
    void queryClient.prefetchQuery(accountLatestQuery(api, address));
    prefetchContract(queryClient, api, address);
    prefetchTab(queryClient, api, address, tab, limit, offset);
  },
  notFoundComponent: RouteNotFound,
  component: AccountPage,
});

function AccountPage() {
  const { address: raw } = Route.useParams();
  const { limit: tabLimit = ACCOUNT_PAGE, offset: tabOffset = 0, tab = 'history', method, args } = Route.useSearch();
  const history = tab === 'history';
  const limit = history ? tabLimit : ACCOUNT_PAGE;
  const offset = history ? tabOffset : 0;
  const navigate = useNavigate({ from: Route.fullPath });
  const onPage = (p: { limit?: number; offset?: number }) =>
    void navigate({ search: (s) => ({ ...s, ...p }), resetScroll: false });
  const api = useApi();
  const queryClient = useQueryClient();
  const pageOptions = accountTracesQuery(api, raw, limit, offset);
  const latestOptions = accountLatestQuery(api, raw);
  // Traces of this account seen on the stream. `traces` lists a trace once it is complete, which
  // may come in a block without any transaction of this account: while one is in flight the list
  // is asked again on a timer until it shows up.
  const [seen, setSeen] = useState<string[]>([]);
  const live = useLiveStream({ types: ['transactions'], addresses: [raw], min_finality: 'finalized' }, (n) => {
    if (n.type !== 'transactions') return;
    const ids = n.transactions.flatMap((t) => (t.trace_id ? [t.trace_id] : []));
    setSeen((prev) => [...new Set([...prev, ...ids])].slice(-20));
    for (const o of [latestOptions, pageOptions])
      void queryClient.invalidateQueries({ queryKey: o.queryKey, exact: true }, { cancelRefetch: false });
  });
  // Read without suspending: the page itself never waits, its areas do. And read for the traces in
  // flight only: a page subscribed to the answer re-rendered, areas and all, when it arrived, and a
  // store update is rendered synchronously, so the whole page was drawn in one task (270 ms on a
  // phone's CPU); unsubscribed, each area's Suspense retry renders it in slices the browser can
  // interrupt. While a trace is in flight the page follows the answer, to tell when it is listed.
  const latestNow = useQuery({ ...latestOptions, notifyOnChangeProps: seen.length > 0 ? ['data'] : [] }).data;
  const inFlight = seen.filter((id) => !latestNow?.traces.some((t) => t.traceId === id));
  const refetchInterval: number | false =
    live.refetchInterval || (inFlight.length > 0 && !live.paused ? POLL_MS : false);
  const areas = { raw, refetchInterval };
  const tabs = {
    id: 'acct',
    label: 'Account lists',
    tabs: ACCOUNT_TAB_LABELS,
    current: tab,
    onSelect: (t: AccountTab) => void navigate({ search: searchOfTab(t, 'history'), resetScroll: false }),
    resetKey: history ? undefined : `${raw}/${tabLimit}/${tabOffset}`,
  };
  return (
    <Page>
      <header>
        <PageTitle>
          Account{' '}
          <Deferred label="" resetKey={raw} fallback={<NoBadge />} failed={NoBadge}>
            <InterfacesBadge {...areas} />
          </Deferred>
        </PageTitle>
        <AddressForms raw={raw} />
        <Faucet address={raw} />
      </header>
      <LatestFirst
        raw={raw}
        pending={
          <AreaSections
            tabs={tabs}
            history={history}
            state={<Loading label={LOADING.state} />}
            contract={<Loading label={LOADING.contract} />}
            list={history ? <ListPending limit={limit} label="Traces" /> : <Loading label="Loading the list" />}
            methods={<Loading label={LOADING.methods} />}
          />
        }
      >
        <AreaSections
          tabs={tabs}
          history={history}
          state={
            <Deferred label={LOADING.state} resetKey={raw}>
              <StateArea {...areas} />
            </Deferred>
          }
          contract={
            <Deferred label={LOADING.contract} resetKey={raw}>
              <ContractArea {...areas} />
            </Deferred>
          }
          list={
            history ? (
              <Deferred label="Loading traces" resetKey={raw} fallback={<ListPending limit={limit} label="Traces" />}>
                <TracesArea {...areas} limit={limit} offset={offset} inFlight={inFlight} onPage={onPage} />
              </Deferred>
            ) : (
              <AccountTabPanel account={raw} tab={tab} limit={tabLimit} offset={tabOffset} onPage={onPage} />
            )
          }
          methods={
            <Deferred label={LOADING.methods} resetKey={raw}>
              <MethodsArea
                {...areas}
                method={method || undefined}
                args={args}
                onRun={(m, a) =>
                  void navigate({
                    search: (s) => ({ ...s, method: m, args: a.length ? a : undefined }),
                    resetScroll: false,
                  })
                }
              />
            </Deferred>
          }
        />
      </LatestFirst>
    </Page>
  );
}

const NOTHING = () => null;

/** What each area says while it waits, the same in the page's placeholders and in the area's own. */
const LOADING = {
  state: "Loading the account's state",
  contract: 'Loading the contract',
  methods: 'Loading the methods',
} as const;

/**
 * The page's four areas in their sections and order: laid out once, for their placeholders and for
 * them, so that the placeholders stand where the areas will. `list` is the traces (in a section of
 * its own) on the history tab, else the tab's panel.
 */
function AreaSections({
  tabs,
  history,
  state,
  contract,
  list,
  methods,
}: {
  tabs: Omit<Parameters<typeof Tabs<AccountTab>>[0], 'children'>;
  history: boolean;
  state: ReactNode;
  contract: ReactNode;
  list: ReactNode;
  methods: ReactNode;
}) {
  return (
    <>
      <Section id="acct-state" title="Current state">
        {state}
      </Section>
      <Section id="acct-contract" title="Contract">
        {contract}
      </Section>
      <Tabs {...tabs}>
        {history ? (
          <Section id="acct-traces" title="Traces">
            {list}
          </Section>
        ) : (
          list
        )}
      </Tabs>
      <Section id="acct-methods" title="Methods">
        {methods}
      </Section>
    </>
  );
}

/**
 * The page's areas, drawn once the account's newest traces are here (or failed: each area then says
 * so with its own Retry), in place of their pending states. Each area's answer grew it from a line
 * of "Loading…" to its full height, and everything below moved: Lighthouse measured layout shifts
 * of 0.38–0.43 on a wallet's page whenever the frame was painted between the answer and the areas.
 * All of them read the same answer, so they arrive together and replace their placeholders at once:
 * elements new to the page do not shift it. Not subscribed to the answer: the Suspense retry that
 * draws them is rendered in slices the browser can interrupt.
 */
function LatestFirst({ raw, pending, children }: { raw: string; pending: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={pending}>
      <WaitForLatest raw={raw} />
      {children}
    </Suspense>
  );
}

function WaitForLatest({ raw }: { raw: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const options = accountLatestQuery(api, raw);
  const state = queryClient.getQueryState(options.queryKey);
  // suspends as useSuspenseQuery does (a thrown promise), but lets a failure through to the areas
  if (!state || state.status === 'pending') throw queryClient.fetchQuery(options).then(NOTHING, NOTHING);
  return null;
}

/** What each area of the page reads with: the account, and how often its data is asked again (live). */
interface AreaProps {
  raw: string;
  refetchInterval: number | false;
}

/** The account's newest traces, where its state, interfaces and names are read. */
function useLatest({ raw, refetchInterval }: AreaProps) {
  return useSuspenseQuery({ ...accountLatestQuery(useApi(), raw), refetchInterval }).data;
}

function InterfacesBadge(props: AreaProps) {
  const interfaces = useLatest(props).addressBook[props.raw]?.interfaces;
  return interfaces?.length ? <Badge>{interfaces.join(', ')}</Badge> : <NoBadge />;
}

const BADGE = 'ml-1 rounded bg-slate-100 px-1.5 text-sm font-normal dark:bg-slate-800';
const Badge = ({ children }: { children: ReactNode }) => <span className={BADGE}>{children}</span>;

/**
 * The badge's place while it is on its way, or when there is none: its smaller text sits on the
 * title's baseline and moves the title's words by 2 px, so the title is laid out with it from the
 * first frame, and the badge arriving moves nothing.
 */
const NoBadge = () => (
  <span className={`${BADGE} invisible`} aria-hidden>
    {'\u00a0'}
  </span>
);

function StateArea(props: AreaProps) {
  return <AccountSummary account={props.raw} data={useLatest(props)} />;
}

function ContractArea(props: AreaProps) {
  return <AccountContract address={props.raw} interfaces={useLatest(props).addressBook[props.raw]?.interfaces ?? []} />;
}

function MethodsArea({
  method,
  args,
  onRun,
  ...props
}: AreaProps & Pick<Parameters<typeof MethodsPanel>[0], 'method' | 'args' | 'onRun'>) {
  const latest = useLatest(props);
  return (
    <MethodsPanel
      address={props.raw}
      interfaces={latest.addressBook[props.raw]?.interfaces}
      book={latest.addressBook}
      method={method}
      args={args}
      onRun={onRun}
    />
  );
}

function TracesArea({
  raw,
  refetchInterval,
  limit,
  offset,
  inFlight,
  onPage,
}: AreaProps & {
  limit: number;
  offset: number;
  inFlight: string[];
  onPage: (p: { limit?: number; offset?: number }) => void;
}) {
  const q = useSuspenseQuery({ ...accountTracesQuery(useApi(), raw, limit, offset), refetchInterval });
  const page = pageOf(q.data.traces, limit, offset);
  // what each trace did to this account's TON; stable per account, for the table's memo
  const extra = useMemo<ExtraColumn>(
    () => ({ header: 'TON change', cell: (t) => <AccountTraceChange trace={t} account={raw} /> }),
    [raw],
  );
  return (
    <>
      {inFlight.length > 0 && (
        <p role="status" className="mb-1 text-sm text-amber-800 dark:text-amber-300" data-testid="account-in-flight">
          In flight (listed once complete):{' '}
          {inFlight.map((id) => (
            <TraceLink key={id} traceId={id} className="mono mr-2 text-teal-700 hover:underline dark:text-teal-400" />
          ))}
        </p>
      )}
      <TraceList
        traces={page.rows}
        book={q.data.addressBook}
        caption="Traces of this account, newest first"
        empty={offset === 0 ? 'No trace of this ledger involves this account.' : 'No traces on this page.'}
        extra={extra}
      />
      <Pager page={page} limit={limit} label="Traces" onChange={onPage} />
    </>
  );
}
