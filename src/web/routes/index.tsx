import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useApi } from '../lib/router-context';
import { latestTracesQuery } from '../features/traces/queries';
import { TraceList } from '../features/traces/trace-list';
import { McBlockLink } from '../components/entity-links';

export const Route = createFileRoute('/')({
  validateSearch: z.object({ api: z.optional(z.string()) }),
  loader: ({ context }) => context.queryClient.ensureQueryData(latestTracesQuery(context.api)),
  component: Home,
});

const LIVE_MS = 4000;

function Home() {
  const api = useApi();
  const [live, setLive] = useState(true);
  // Live updates hold while the pointer or focus is on the list, so a row never moves under a click.
  const [holding, setHolding] = useState(false);
  const q = useSuspenseQuery({ ...latestTracesQuery(api), refetchInterval: live && !holding ? LIVE_MS : false });
  const latest = q.data.traces[0]?.mcSeqnoEnd;
  return (
    <div className="space-y-4">
      <section aria-labelledby="chain-head" className="flex flex-wrap items-center gap-4">
        <h1 id="chain-head" className="text-xl font-semibold">Latest traces</h1>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          Latest masterchain block:{' '}
          {latest ? <McBlockLink seqno={latest} className="font-medium text-teal-700 hover:underline dark:text-teal-400" data-testid="latest-mc" /> : 'none yet'}
        </span>
        <button type="button" aria-pressed={live} onClick={() => setLive((l) => !l)} className="ml-auto rounded-full border border-slate-300 px-3 py-0.5 text-xs dark:border-slate-700">
          <span aria-hidden="true" className={live && !holding ? 'text-emerald-600' : 'text-slate-400'}>●</span> {live ? (holding ? 'Live (held while pointing)' : 'Live') : 'Paused'}
        </button>
      </section>
      <div onPointerEnter={() => setHolding(true)} onPointerLeave={() => setHolding(false)} onFocus={() => setHolding(true)} onBlur={() => setHolding(false)}>
        <TraceList traces={q.data.traces} book={q.data.addressBook} caption="Latest traces, newest first" empty="This ledger has no completed traces yet." />
      </div>
      {q.isError && <p role="status" className="text-xs text-amber-700">Live update failed; showing the last data. Retrying…</p>}
    </div>
  );
}
