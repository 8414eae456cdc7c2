import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useApi } from '../lib/router-context';
import { latestTracesQuery } from '../model/queries';
import { TraceList } from '../features/traces/trace-list';
import { McBlockLink } from '../components/entity-links';
import { useLiveStream } from '../features/live/live';
import type { TracesPage } from '../../api/model';
import { Page } from '../components/page';

export const Route = createFileRoute('/')({
  validateSearch: z.object({ api: z.optional(z.unknown()) }),
  loader: ({ context }) => context.queryClient.ensureQueryData(latestTracesQuery(context.api)),
  component: Home,
});

/**
 * What the home page subscribes to. Streaming v2 has no subscription to everything: each names
 * accounts or traces. The masterchain's special accounts run a tick and a tock in every
 * masterchain block (on this ledger its tick-tock account, on TON the elector and config), so
 * their transactions are the chain's heartbeat: each one says a block was made, and the list is
 * asked again. They are read from the list itself (workchain -1 accounts among its traces).
 */
function heartbeatOf(page: TracesPage): object | null {
  const accounts = [
    ...new Set(
      page.traces
        .flatMap((t) => Object.values(t.transactions).map((tx) => tx.account))
        .filter((a) => a.startsWith('-1:')),
    ),
  ]
    .sort()
    .slice(0, 8);
  return accounts.length ? { types: ['transactions'], addresses: accounts, min_finality: 'finalized' } : null;
}

function Home() {
  const api = useApi();
  const queryClient = useQueryClient();
  const options = latestTracesQuery(api);
  // Live updates hold while the pointer or focus is on the list, so a row never moves under a click.
  const [holding, setHolding] = useState(false);
  const missed = useRef(false);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true }, { cancelRefetch: false }),
    [queryClient, options.queryKey],
  );
  const first = useSuspenseQuery(options).data;
  const subscription = useMemo(() => heartbeatOf(first) ?? 'poll', [first]);
  const live = useLiveStream(subscription, () => {
    if (holding) missed.current = true;
    else refresh();
  });
  const q = useSuspenseQuery({ ...options, refetchInterval: holding ? false : live.refetchInterval });
  useEffect(() => {
    if (holding || !missed.current || live.paused) return;
    missed.current = false;
    refresh();
  }, [holding, live.paused, refresh]);
  const latest = q.data.traces[0]?.mcSeqnoEnd;
  return (
    <Page>
      <section aria-labelledby="chain-head" className="flex flex-wrap items-center gap-4">
        <h1 id="chain-head" className="text-xl font-semibold">
          Latest traces
        </h1>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          Latest masterchain block:{' '}
          {latest ? (
            <McBlockLink
              seqno={latest}
              className="font-medium text-teal-700 hover:underline dark:text-teal-400"
              data-testid="latest-mc"
            />
          ) : (
            'none yet'
          )}
        </span>
        {holding && !live.paused && (
          <span className="text-xs text-slate-600 dark:text-slate-400">
            Live updates held while pointing at the list
          </span>
        )}
      </section>
      <div
        onPointerEnter={() => setHolding(true)}
        onPointerLeave={() => setHolding(false)}
        onFocus={() => setHolding(true)}
        onBlur={() => setHolding(false)}
      >
        <TraceList
          traces={q.data.traces}
          book={q.data.addressBook}
          caption="Latest traces, newest first"
          empty="This ledger has no completed traces yet."
        />
      </div>
      {q.isError && (
        <p role="status" className="text-xs text-amber-700">
          Live update failed; showing the last data. Retrying…
        </p>
      )}
    </Page>
  );
}
