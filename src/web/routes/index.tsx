import { useState } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useSettings } from '../lib/settings';
import { tracesQuery } from '../../api/queries';
import { TraceList } from '../features/traces/trace-list';
import { Empty, ErrorState } from '../components/states';

const latestTraces = (apiBase: string) => tracesQuery(apiBase, { limit: 20 });

export const Route = createFileRoute('/')({
  validateSearch: z.object({ api: z.optional(z.string()) }),
  // the first page of traces is asked for with the route, in parallel with the page's own chunk
  loader: ({ context }) => void context.queryClient.prefetchQuery(latestTraces(context.apiBase)),
  component: Home,
});

const LIVE_MS = 4000;

function Home() {
  const { effectiveApiBase } = useSettings();
  const [live, setLive] = useState(true);
  // Live updates hold while the pointer or focus is on the list, so a row never moves under a click.
  const [holding, setHolding] = useState(false);
  const q = useQuery({ ...latestTraces(effectiveApiBase), refetchInterval: live && !holding ? LIVE_MS : false, placeholderData: (prev) => prev });
  const latest = q.data?.traces[0]?.mcSeqnoEnd;
  return (
    <div className="space-y-4">
      <section aria-labelledby="chain-head" className="flex flex-wrap items-center gap-4">
        <h1 id="chain-head" className="text-xl font-semibold">Latest traces</h1>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          Latest masterchain block:{' '}
          {latest ? (
            <Link to="/mc/$seqno" params={{ seqno: String(latest) }} className="font-medium text-teal-700 hover:underline dark:text-teal-400" data-testid="latest-mc">
              {latest}
            </Link>
          ) : (
            '…'
          )}
        </span>
        <button type="button" aria-pressed={live} onClick={() => setLive((l) => !l)} className="ml-auto rounded-full border border-slate-300 px-3 py-0.5 text-xs dark:border-slate-700">
          <span aria-hidden="true" className={live && !holding ? 'text-emerald-600' : 'text-slate-400'}>●</span> {live ? (holding ? 'Live (held while pointing)' : 'Live') : 'Paused'}
        </button>
      </section>
      {q.isError && !q.data ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data && q.data.traces.length === 0 ? (
        <Empty>This ledger has no completed traces yet.</Empty>
      ) : (
        <div onPointerEnter={() => setHolding(true)} onPointerLeave={() => setHolding(false)} onFocus={() => setHolding(true)} onBlur={() => setHolding(false)}>
        <TraceList traces={q.data?.traces ?? []} book={q.data?.addressBook ?? {}} loading={!q.data} caption="Latest traces, newest first" />
        </div>
      )}
      {q.isError && q.data && <p role="status" className="text-xs text-amber-700">Live update failed; showing the last data. Retrying…</p>}
    </div>
  );
}
