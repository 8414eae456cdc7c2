import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useSettings } from '../lib/settings';
import { tracesQuery } from '../../api/queries';
import { fetchLimit, pageOf } from '../lib/pagination';
import { pageSearch } from '../lib/use-page-search';
import { formatAddressLite, parseAddressLite, rawAddressLite } from '../lib/ton-lite';
import { ErrorState, NotFound, Empty } from '../components/states';
import { CopyButton } from '../components/copy-button';
import { Pager } from '../components/pager';
import { TraceList } from '../features/traces/trace-list';
import { AccountSummary } from '../features/account/account-summary';
import { AccountTraceChange } from '../features/balance-changes/account-trace-change';

const PAGE = 10;

export const Route = createFileRoute('/account/$address')({
  validateSearch: z.object(pageSearch(PAGE)),
  component: AccountPage,
});

function AccountPage() {
  const { address } = Route.useParams();
  const { limit = PAGE, offset = 0 } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { effectiveApiBase } = useSettings();
  const raw = rawAddressLite(address);
  const q = useQuery({ ...tracesQuery(effectiveApiBase, { account: raw ?? address, limit: fetchLimit(limit), offset }), enabled: raw !== null, placeholderData: (p) => p });
  // The current state comes from the newest traces: the very request of the list's default first
  // page, so on that page (where most visits land) one answer serves both, and on any other page
  // the summary still shows the newest state rather than the state of the page being browsed.
  const latest = useQuery({ ...tracesQuery(effectiveApiBase, { account: raw ?? address, limit: fetchLimit(PAGE), offset: 0 }), enabled: raw !== null });
  if (raw === null) {
    const parsed = parseAddressLite(address);
    return <NotFound what={`account ${address}`}>{'error' in parsed ? parsed.error : ''}</NotFound>;
  }
  const page = q.data ? pageOf(q.data.traces, limit, offset) : null;
  const entry = (q.data ?? latest.data)?.addressBook[raw];
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-xl font-semibold">
          Account {entry?.interfaces?.length ? <span className="ml-1 rounded bg-slate-100 px-1.5 text-sm font-normal dark:bg-slate-800">{entry.interfaces.join(', ')}</span> : null}
        </h1>
        <dl className="mt-2 grid grid-cols-[8rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm">
          {(['raw', 'bounceable', 'non-bounceable'] as const).map((f) => {
            const text = formatAddressLite(raw, f)!;
            return (
              <div key={f} className="contents">
                <dt className="text-slate-500 dark:text-slate-400">{f}</dt>
                <dd className="mono min-w-0 break-all" data-testid={`address-${f}`}>
                  {text}
                  <CopyButton text={text} label={`${f} address`} />
                </dd>
              </div>
            );
          })}
        </dl>
      </header>
      <section aria-labelledby="acct-state">
        <h2 id="acct-state" className="mb-1 font-semibold">Current state</h2>
        <AccountSummary account={raw} data={latest.data} error={latest.isError ? latest.error : null} onRetry={() => void latest.refetch()} />
      </section>
      <section aria-labelledby="acct-traces">
        <h2 id="acct-traces" className="mb-1 font-semibold">Traces</h2>
        {q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : page && page.rows.length === 0 && offset === 0 ? (
          <Empty>No trace of this ledger involves this account.</Empty>
        ) : (
          <TraceList traces={page?.rows ?? []} book={q.data?.addressBook ?? {}} loading={!q.data} skeleton={Math.min(limit, 10)} caption="Traces of this account, newest first" extra={{ header: 'TON change', cell: (t) => <AccountTraceChange trace={t} account={raw} /> }} />
        )}
        <Pager page={page} limit={limit} label="Traces" onChange={(p) => void navigate({ search: (s) => ({ ...s, ...p }) })} />
      </section>
    </div>
  );
}
