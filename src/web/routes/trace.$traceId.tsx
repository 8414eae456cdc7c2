import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useSettings } from '../lib/settings';
import { useApi } from '../lib/router-context';
import { traceRouteParams } from '../lib/route-params';
import { canonicalHash, hashPath } from '../lib/format';
import { Deferred, RouteNotFound } from '../components/route-states';
import { traceBalanceChangesQuery, traceQuery } from '../model/queries';
import { firstFailure } from '../model/trace-view';
import { traceDataOf } from '../model/trace-data';
import { accountLetters } from '../model/account-labels';
import { labelOf, useNamedBook } from '../model/run-names';
import { ActionList } from '../features/trace-graph/action-list';
import { isFoldedChild } from '../features/trace-graph/graph-model';
import {
  BalanceChangesPanel,
  DerivedBalanceChanges,
  useBalanceChangesForExport,
} from '../features/balance-changes/balance-changes-panel';
import { useLiveStream } from '../features/live/live';
import { tracePageOf } from '../features/live/streamed-trace';
import { AwaitingTrace, FailureBanner, TraceHeader } from './-trace/trace-header';
import { TraceToolbar } from './-trace/trace-toolbar';
import { TRACE_VIEWS } from './-trace/views';
import { TraceViews } from './-trace/trace-views';
import { TraceDetails } from './-trace/trace-details';
import { useTraceKeys } from './-trace/use-trace-keys';
import { Page, Section } from '../components/page';

// The trace page: its data (the trace, followed live until complete) and selection; the parts it
// composes (header, toolbar, views, details, keys) are in ./-trace.

export const Route = createFileRoute('/trace/$traceId')({
  params: traceRouteParams,
  validateSearch: z.object({
    tx: z.optional(z.string()),
    view: z.optional(z.catch(z.enum(TRACE_VIEWS), 'graph')),
  }),
  // The balance changes start with the route, in parallel with the trace the page needs to render
  // at all. The page waits for the balance changes too (never for a failure of them: prefetchQuery
  // does not throw, and the panel then offers a retry): the panel sits above the graph, and filled
  // in after the first paint it pushed the graph down (Lighthouse: CLS 0.12). React Flow's chunk
  // is not started here: the graph opens as a still picture, and the chunk is fetched when the
  // browser is idle (trace-views.tsx, load-trace-graph.ts).
  loader: async ({ context: { queryClient, api }, params: { traceId } }) => {
    const balances = queryClient.prefetchQuery(traceBalanceChangesQuery(api, traceId));
    // A trace still in flight is not in `traces` (completed ones only): the page then waits for
    // it on the stream (AwaitingTrace) rather than saying not found; it has no balance changes yet.
    const page = await queryClient.ensureQueryData(traceQuery(api, traceId));
    if (page.page.traces[0]) await balances;
  },
  notFoundComponent: RouteNotFound,
  component: TracePage,
});

function TracePage() {
  const { traceId: id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { addressForm, theme } = useSettings();
  const api = useApi();
  const queryClient = useQueryClient();
  // a completed trace never changes, and a pending one comes from the stream: a refetch on focus
  // would only trade the streamed trace for the `traces` answer that does not list it yet
  const options = { ...traceQuery(api, id), refetchOnWindowFocus: false };
  const known = useSuspenseQuery(options).data.page.traces[0];
  const complete = known?.state === 'complete';
  // Until the trace is complete the page follows it: each `trace` notification is the whole trace
  // as it stands, put in the query cache in place of the `traces` answer; once complete, the
  // `traces` answer (with its actions) is asked for again.
  const live = useLiveStream(
    complete
      ? null
      : { types: ['trace'], trace_external_hash_norms: [id], min_finality: 'pending', include_address_book: true },
    (n) => {
      const page = n.type === 'trace' ? tracePageOf(n) : null;
      if (!page) return;
      queryClient.setQueryData(options.queryKey, traceDataOf(page));
      if (page.traces[0]?.state === 'complete')
        void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true });
    },
  );
  const q = useSuspenseQuery({ ...options, refetchInterval: complete ? false : live.refetchInterval });
  const balancesForExport = useBalanceChangesForExport(id);
  const wire = q.data.page.traces[0];
  // on a sandbox ledger, the names of the trace's test (wrapper names, treasury seeds)
  const book = useNamedBook(q.data.page.addressBook, { trace_id: id });
  const trace = q.data.view;
  const letters = useMemo(() => (trace ? accountLetters(trace) : new Map<string, string>()), [trace]);
  // The header, the failure banner and the actions paint first; the graph (React Flow's layout and
  // its hundreds of elements) follows in a deferred, interruptible render, so the page's first
  // paint never waits for it and the main thread is never held for its whole mount at once.
  const graphTrace = useDeferredValue(trace, null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const selectedHash = search.tx ? canonicalHash(search.tx) : null;
  const selected = useMemo(() => {
    if (!trace || !selectedHash) return null;
    for (const h of trace.order) if (hashPath(h) === selectedHash) return h;
    return null;
  }, [trace, selectedHash]);

  const expand = useCallback((parent: string) => setExpanded((s) => (s.has(parent) ? s : new Set([...s, parent]))), []);

  const select = useCallback(
    (hash: string) => {
      // A node folded under "+N more" is unfolded when selected from the table or the keyboard.
      // Only then: a new expanded set re-lays out and rebuilds the whole graph.
      const parent = trace?.txs.get(hash)?.parent;
      if (parent && trace && isFoldedChild(trace, hash)) expand(parent);
      void navigate({ search: (prev) => ({ ...prev, tx: hashPath(hash) }), replace: true });
    },
    [navigate, trace, expand],
  );

  const deselect = useCallback(
    () => void navigate({ search: (prev) => ({ ...prev, tx: undefined }), replace: true }),
    [navigate],
  );

  useTraceKeys(trace, selected, select, deselect);

  // TON Center has no balanceChanges: the page then shows what the trace's own transactions say
  const metadata = q.data.page.metadata;
  const balanceOffers = useMemo(
    () =>
      trace
        ? {
            ...BALANCE_CHANGES,
            instead: <DerivedBalanceChanges trace={trace} book={book} metadata={metadata} letters={letters} />,
          }
        : BALANCE_CHANGES,
    [trace, book, metadata, letters],
  );

  if (!wire || !trace) return <AwaitingTrace id={id} paused={live.paused} />;

  const failed = firstFailure(trace);
  const sel = selected ? (trace.txs.get(selected) ?? null) : null;
  const view = search.view ?? 'graph';
  const iface = (raw: string) => labelOf(book[raw]);

  return (
    <Page>
      <TraceHeader id={id} wire={wire} trace={trace} livePaused={live.paused} />

      {failed && (
        <FailureBanner
          failed={failed}
          letter={letters.get(failed.account)}
          iface={iface(failed.account)}
          onShow={() => select(failed.hash)}
        />
      )}

      <Section id="actions-title" title="What happened">
        {wire.isIncomplete && !wire.actions ? (
          // TON Center's index (and ours, following it) lists no actions for a trace over its cap
          <p className="text-sm text-muted" data-testid="cut-trace-actions">
            Actions are not listed for a trace cut at {trace?.txs.size ?? 0} of its {wire.transactionCount}{' '}
            transactions.
          </p>
        ) : (
          <ActionList
            actions={wire.actions ?? []}
            trace={trace}
            book={book}
            metadata={q.data.page.metadata}
            letters={letters}
          />
        )}
      </Section>

      <Section id="balances-title" title="Balance changes">
        {complete ? (
          <Deferred label="Loading balance changes" resetKey={id} offers={balanceOffers}>
            <BalanceChangesPanel traceId={id} book={book} metadata={q.data.page.metadata} letters={letters} />
          </Deferred>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">Computed once the trace is complete.</p>
        )}
      </Section>

      <TraceToolbar
        id={id}
        view={view}
        onView={(v) => void navigate({ search: (p) => ({ ...p, view: v === 'graph' ? undefined : v }), replace: true })}
        wholePage={q.data.whole}
        trace={trace}
        letters={letters}
        iface={iface}
        balancesForExport={balancesForExport}
      />

      <TraceViews
        view={view}
        trace={trace}
        graphTrace={graphTrace}
        book={book}
        letters={letters}
        addressForm={addressForm}
        theme={theme}
        selected={selected}
        onSelect={select}
        expanded={expanded}
        onExpand={expand}
        detailsOpen={sel !== null}
        details={
          <TraceDetails tx={sel} overGraph={view === 'graph'} book={book} letters={letters} onClose={deselect} />
        }
      />
    </Page>
  );
}

/**
 * The balance changes of a trace the API has just served: a 404 then says the API has no
 * `balanceChanges` at all (TON Center's published contract has none).
 */
const BALANCE_CHANGES = { what: 'balance changes', endpoint: 'balanceChanges', testId: 'balance-changes-unoffered' };
