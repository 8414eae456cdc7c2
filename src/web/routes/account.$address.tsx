import { useMemo, useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useApi } from '../lib/router-context';
import { accountRouteParams } from '../lib/route-params';
import { pageOf } from '../lib/pagination';
import { pageSearch, searchOfTab, tabSearch } from '../lib/use-page-search';
import { AddressForms } from '../components/address-forms';
import { Pager } from '../components/pager';
import { TraceList, type ExtraColumn } from '../features/traces/trace-list';
import { AccountSummary } from '../features/account/account-summary';
import { AccountTraceChange } from '../features/balance-changes/account-trace-change';
import { POLL_MS, useLiveStream } from '../features/live/live';
import { TraceLink } from '../components/entity-links';
import { ACCOUNT_PAGE, accountLatestQuery, accountTracesQuery } from '../features/account/queries';
import { Page, PageTitle, Section } from '../components/page';
import { methodSearch } from '../features/account/get-methods';
import { MethodsPanel } from '../features/account/methods-panel';
import { AccountContract } from './-account/account-contract';
import { ACCOUNT_TABS, ACCOUNT_TAB_LABELS, AccountTabPanel } from './-account/account-tabs';
import { Tabs } from '../components/tabs';
import { RouteNotFound } from '../components/route-states';

export const Route = createFileRoute('/account/$address')({
  params: accountRouteParams,
  validateSearch: z.object({ ...pageSearch(ACCOUNT_PAGE), ...tabSearch(ACCOUNT_TABS), ...methodSearch }),
  // limit and offset page the tab shown: the traces' only on the history tab
  loaderDeps: ({ search: { limit = ACCOUNT_PAGE, offset = 0, tab } }) =>
    tab && tab !== 'history' ? { limit: ACCOUNT_PAGE, offset: 0 } : { limit, offset },
  loader: ({ context: { queryClient, api }, params: { address }, deps: { limit, offset } }) =>
    Promise.all([
      queryClient.ensureQueryData(accountTracesQuery(api, address, limit, offset)),
      queryClient.ensureQueryData(accountLatestQuery(api, address)),
    ]),
  notFoundComponent: RouteNotFound,
  component: AccountPage,
});

function AccountPage() {
  const { address: raw } = Route.useParams();
  const { limit: tabLimit = ACCOUNT_PAGE, offset: tabOffset = 0, tab = 'history', method, args } = Route.useSearch();
  const history = tab === 'history';
  const limit = history ? tabLimit : ACCOUNT_PAGE;
  const offset = history ? tabOffset : 0;
  const onPage = (p: { limit?: number; offset?: number }) =>
    void navigate({ search: (s) => ({ ...s, ...p }), resetScroll: false });
  const navigate = useNavigate({ from: Route.fullPath });
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
  const latestNow = useSuspenseQuery(latestOptions).data;
  const inFlight = seen.filter((id) => !latestNow.traces.some((t) => t.traceId === id));
  const refetchInterval = live.refetchInterval || (inFlight.length > 0 && !live.paused ? POLL_MS : false);
  const q = useSuspenseQuery({ ...pageOptions, refetchInterval });
  const latest = useSuspenseQuery({ ...latestOptions, refetchInterval });
  const page = pageOf(q.data.traces, limit, offset);
  const entry = q.data.addressBook[raw] ?? latest.data.addressBook[raw];
  // what each trace did to this account's TON; stable per account, for the table's memo
  const extra = useMemo<ExtraColumn>(
    () => ({ header: 'TON change', cell: (t) => <AccountTraceChange trace={t} account={raw} /> }),
    [raw],
  );
  return (
    <Page>
      <header>
        <PageTitle>
          Account{' '}
          {entry?.interfaces?.length ? (
            <span className="ml-1 rounded bg-slate-100 px-1.5 text-sm font-normal dark:bg-slate-800">
              {entry.interfaces.join(', ')}
            </span>
          ) : null}
        </PageTitle>
        <AddressForms raw={raw} />
      </header>
      <Section id="acct-state" title="Current state">
        <AccountSummary account={raw} data={latest.data} />
      </Section>
      <Section id="acct-contract" title="Contract">
        <AccountContract address={raw} interfaces={entry?.interfaces ?? []} />
      </Section>
      <Tabs
        id="acct"
        label="Account lists"
        tabs={ACCOUNT_TAB_LABELS}
        current={tab}
        onSelect={(t) => void navigate({ search: searchOfTab(t, 'history'), resetScroll: false })}
        resetKey={history ? undefined : `${raw}/${tabLimit}/${tabOffset}`}
      >
        {history ? (
          <Section id="acct-traces" title="Traces">
            {inFlight.length > 0 && (
              <p
                role="status"
                className="mb-1 text-sm text-amber-800 dark:text-amber-300"
                data-testid="account-in-flight"
              >
                In flight (listed once complete):{' '}
                {inFlight.map((id) => (
                  <TraceLink
                    key={id}
                    traceId={id}
                    className="mono mr-2 text-teal-700 hover:underline dark:text-teal-400"
                  />
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
          </Section>
        ) : (
          <AccountTabPanel account={raw} tab={tab} limit={tabLimit} offset={tabOffset} onPage={onPage} />
        )}
      </Tabs>
      <Section id="acct-methods" title="Methods">
        <MethodsPanel
          address={raw}
          interfaces={entry?.interfaces}
          book={{ ...latest.data.addressBook, ...q.data.addressBook }}
          method={method || undefined}
          args={args}
          onRun={(m, a) =>
            void navigate({ search: (s) => ({ ...s, method: m, args: a.length ? a : undefined }), resetScroll: false })
          }
        />
      </Section>
    </Page>
  );
}
