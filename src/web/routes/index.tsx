import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useApi } from '../lib/router-context';
import { LATEST_TRACES, latestTracesQuery } from '../model/queries';
import { masterchainInfoQuery } from '../../api/queries';
import { TraceList, TraceListPending } from '../features/traces/trace-list';
import { McBlockLink } from '../components/entity-links';
import { useLivePaused, useLiveStream } from '../features/live/live';
import { Deferred } from '../components/route-states';
import type { TracesPage } from '../../api/model';
import { Page } from '../components/page';
import { useIsSandboxLedger } from '../model/run-names';

// The heading and the list's place (of the list's own size: nothing moves when the list comes) paint
// at once, with the page's frame; the list is prefetched with the route's chunk, not awaited, and
// renders in a task of its own when its answer arrives.
export const Route = createFileRoute('/')({
  validateSearch: z.object({ api: z.optional(z.unknown()) }),
  loader: ({ context }) => void context.queryClient.prefetchQuery(latestTracesQuery(context.api)),
  component: Home,
});

const CAPTION = 'Latest traces, newest first';

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
  // Live updates hold while the pointer or focus is on the list, so a row never moves under a click.
  const [holding, setHolding] = useState(false);
  const paused = useLivePaused();
  const api = useApi();
  return (
    <Page>
      <section aria-labelledby="chain-head" className="flex flex-wrap items-center gap-4">
        <h1 id="chain-head" className="text-xl font-semibold">
          Latest traces
        </h1>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          Latest masterchain block: <LatestBlock />
        </span>
        <SandboxTests />
        {holding && !paused && (
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
        <Deferred
          label="Loading traces"
          resetKey={api.base}
          fallback={<TraceListPending rows={LATEST_TRACES} caption={CAPTION} />}
        >
          <LatestTraces holding={holding} />
        </Deferred>
      </div>
    </Page>
  );
}

/** On a ledger of @ton/sandbox test runs: where its tests are (asked once per API base). */
function SandboxTests() {
  if (!useIsSandboxLedger()) return null;
  return (
    <Link to="/tests" className="text-sm font-medium text-teal-700 hover:underline dark:text-teal-400">
      This ledger holds sandbox test runs: see the Tests
    </Link>
  );
}

/**
 * The chain's head, from `masterchainInfo` (asked again whenever the list is, and on each heartbeat
 * while the list is held): the newest masterchain block, which the newest trace's block often is
 * not (a block with no complete trace), and known before the list's heavier answer arrives. An API
 * without `masterchainInfo` gets the newest trace's block, as far as the list knows.
 */
function LatestBlock() {
  const api = useApi();
  const queryClient = useQueryClient();
  const head = useQuery(masterchainInfoQuery(api));
  const { queryKey } = latestTracesQuery(api);
  const newestTraceBlock = useSyncExternalStore(
    (changed) => queryClient.getQueryCache().subscribe(changed),
    () => (head.isError ? queryClient.getQueryData(queryKey)?.traces[0]?.mcSeqnoEnd : undefined),
  );
  const latest = head.data?.last.seqno ?? newestTraceBlock;
  if (latest === undefined) return <>…</>;
  return latest ? (
    <McBlockLink
      seqno={latest}
      className="font-medium text-teal-700 hover:underline dark:text-teal-400"
      data-testid="latest-mc"
    />
  ) : (
    <>none yet</>
  );
}

/** The list, following the chain: asked again on each of its heartbeat's transactions, or polled. */
function LatestTraces({ holding }: { holding: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const options = latestTracesQuery(api);
  const missed = useRef(false);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true }, { cancelRefetch: false }),
    [queryClient, options.queryKey],
  );
  const headKey = useMemo(() => masterchainInfoQuery(api).queryKey, [api]);
  const refreshHead = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: headKey, exact: true }, { cancelRefetch: false }),
    [queryClient, headKey],
  );
  const first = useSuspenseQuery(options).data;
  const subscription = useMemo(() => heartbeatOf(first) ?? 'poll', [first]);
  const live = useLiveStream(subscription, () => {
    // the head moves on even while the list holds still under the pointer
    refreshHead();
    if (holding) missed.current = true;
    else refresh();
  });
  const q = useSuspenseQuery({ ...options, refetchInterval: holding ? false : live.refetchInterval });
  // each new answer of the list (a heartbeat's refresh, or a poll): the head is asked again with it
  useEffect(() => {
    if (!live.paused) refreshHead();
  }, [q.dataUpdatedAt, live.paused, refreshHead]);
  useEffect(() => {
    if (holding || !missed.current || live.paused) return;
    missed.current = false;
    refresh();
  }, [holding, live.paused, refresh]);
  return (
    <>
      <TraceList
        traces={q.data.traces}
        book={q.data.addressBook}
        caption={CAPTION}
        empty="This ledger has no completed traces yet."
      />
      {q.isError && (
        <p role="status" className="mt-4 text-xs text-amber-700">
          Live update failed; showing the last data. Retrying…
        </p>
      )}
    </>
  );
}
