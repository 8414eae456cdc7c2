import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useSettings } from '../lib/settings';
import { useApi } from '../lib/router-context';
import { traceRouteParams } from '../lib/route-params';
import { traceBalanceChangesQuery, traceQuery } from '../model/queries';
import { canonicalHash, formatTime, hashPath, shortHash } from '../lib/format';
import { Loading } from '../components/states';
import { Deferred, RouteNotFound } from '../components/route-states';
import { CopyButton } from '../components/copy-button';
import { fromApiTrace, firstFailure, failureOf } from '../model/trace-view';
import { accountLetters } from '../model/account-labels';
import { TraceTable } from '../features/trace-graph/trace-table';
import { TraceLanes } from '../features/trace-lanes/trace-lanes';
import { TxPanel } from '../features/trace-graph/tx-panel';
import { ActionList } from '../features/trace-graph/action-list';
import { download, svgToPng, traceToSvg } from '../features/trace-graph/trace-export';
import { describeExitCode } from '../../ton/exit-codes';
import { loadTraceGraph, useTraceGraph } from '../features/trace-graph/load-trace-graph';
import { isFoldedChild } from '../features/trace-graph/graph-model';
import { SHORTCUTS, isTypingTarget, keyLabel, pressed } from '../lib/shortcuts';
import { BalanceChangesPanel, useBalanceChangesForExport } from '../features/balance-changes/balance-changes-panel';
import { useLiveStream } from '../features/live/live';
import { tracePageOf } from '../features/live/streamed-trace';

/** The one-line reminder above the graph; its keys come from the registry the handlers test. */
const first = (s: { keys: readonly string[] }) => keyLabel(s.keys[0]!);
const TRACE_KEYS_HINT =
  `Keys: ${first(SHORTCUTS.traceNext)}/${first(SHORTCUTS.tracePrevious)} next/previous, ` +
  `${first(SHORTCUTS.traceParent)}/${first(SHORTCUTS.traceChild)} parent/child, ${first(SHORTCUTS.traceFirstFailure)} first failure, ` +
  `${first(SHORTCUTS.traceClose)} close the details, ${first(SHORTCUTS.help)} all shortcuts`;

// Tailwind's lg breakpoint, from which the details float over the graph, and the width they cover
// there: lg:w-[22rem] plus lg:right-3 below.
const LG = '(min-width: 1024px)';
const DETAILS_OVER_GRAPH_PX = 22 * 16 + 12;

export const Route = createFileRoute('/trace/$traceId')({
  params: traceRouteParams,
  validateSearch: z.object({
    tx: z.optional(z.string()),
    view: z.optional(z.catch(z.enum(['graph', 'table', 'lanes']), 'graph')),
  }),
  // React Flow's chunk and the balance changes start with the route, in parallel with the trace the
  // page needs to render at all. The page waits for the balance changes too (never for a failure of
  // them: prefetchQuery does not throw, and the panel then offers a retry): the panel sits above the
  // graph, and filled in after the first paint it pushed the graph down (Lighthouse: CLS 0.12).
  loader: async ({ context: { queryClient, api }, params: { traceId } }) => {
    void loadTraceGraph();
    const balances = queryClient.prefetchQuery(traceBalanceChangesQuery(api, traceId));
    // A trace still in flight is not in `traces` (completed ones only): the page then waits for
    // it on the stream (AwaitingTrace) rather than saying not found; it has no balance changes yet.
    const page = await queryClient.ensureQueryData(traceQuery(api, traceId));
    if (page.traces[0]) await balances;
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
  const known = useSuspenseQuery(options).data.traces[0];
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
      queryClient.setQueryData(options.queryKey, page);
      if (page.traces[0]?.state === 'complete')
        void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true });
    },
  );
  const q = useSuspenseQuery({ ...options, refetchInterval: complete ? false : live.refetchInterval });
  const balancesForExport = useBalanceChangesForExport(id);
  const TraceGraph = useTraceGraph();
  const wire = q.data.traces[0];
  const book = q.data.addressBook;
  const trace = useMemo(() => (wire ? fromApiTrace(wire, book) : null), [wire, book]);
  const letters = useMemo(() => (trace ? accountLetters(trace) : new Map<string, string>()), [trace]);
  // The header, the failure banner and the actions paint first; the graph (React Flow's layout and
  // its hundreds of elements) follows in a deferred, interruptible render, so the page's first
  // paint never waits for it and the main thread is never held for its whole mount at once.
  const graphTrace = useDeferredValue(trace, null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [twinOpen, setTwinOpen] = useState(false);
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

  useEffect(() => {
    if (!trace) return;
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target)) return;
      const i = selected ? trace.order.indexOf(selected) : -1;
      const cur = selected ? trace.txs.get(selected) : null;
      let next: string | null | undefined;
      // The keys are SHORTCUTS' entries, which the `?` help lists.
      if (pressed(SHORTCUTS.traceNext, e)) next = trace.order[Math.min(trace.order.length - 1, i + 1)];
      else if (pressed(SHORTCUTS.tracePrevious, e)) next = trace.order[Math.max(0, i - 1)];
      else if (pressed(SHORTCUTS.traceParent, e)) next = cur?.parent ?? null;
      else if (pressed(SHORTCUTS.traceChild, e)) next = cur?.children[0] ?? null;
      else if (pressed(SHORTCUTS.traceFirstFailure, e)) next = firstFailure(trace)?.hash ?? null;
      else if (pressed(SHORTCUTS.traceClose, e) && selected) return deselect();
      else return;
      if (next) {
        e.preventDefault();
        select(next);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [trace, selected, select, deselect]);

  if (!wire || !trace) return <AwaitingTrace id={id} paused={live.paused} />;

  const failed = firstFailure(trace);
  const failedMeaning =
    failed?.exitCode != null
      ? describeExitCode(failed.exitCode, { wallet: failed.interfaces.some((i) => i.startsWith('wallet')) })
      : null;
  const failures = [...trace.txs.values()].filter((t) => !t.success).length;
  const bounces = [...trace.txs.values()].filter((t) => t.inMsg?.bounced).length;
  const actions = wire.actions ?? [];
  const sel = selected ? trace.txs.get(selected) : null;
  const view = search.view ?? 'graph';
  const iface = (raw: string) => book[raw]?.interfaces?.[0];

  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="flex flex-wrap items-baseline gap-2 text-xl font-semibold">
          Trace <span className="mono text-base font-normal">{shortHash(id, 10)}</span>
          <CopyButton text={wire.traceId} label="trace id" />
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <span data-testid="trace-tx-count">{trace.txs.size} transactions</span> · {formatTime(trace.startUtime)}
          {trace.endUtime > trace.startUtime
            ? ` → ${formatTime(trace.endUtime)} (${trace.endUtime - trace.startUtime}s)`
            : ''}
          {failures > 0 && (
            <span className="ml-2 font-semibold text-red-700 dark:text-red-400">✕ {failures} failed</span>
          )}
          {bounces > 0 && (
            <span className="ml-2 font-semibold text-orange-700 dark:text-orange-300">↩ {bounces} bounced</span>
          )}
        </p>
        {wire.state === 'pending' && (
          <p
            role="status"
            className="text-sm font-medium text-amber-800 dark:text-amber-300"
            data-testid="trace-pending"
          >
            Pending — {wire.pendingMessages} {wire.pendingMessages === 1 ? 'message' : 'messages'} in flight;{' '}
            {live.paused ? 'live updates are paused' : 'the trace grows here as its blocks arrive'}.
          </p>
        )}
        {trace.isIncomplete && (
          <p role="status" className="text-sm text-amber-700">
            Incomplete: {trace.warning ?? 'the trace is larger than the API returns.'}
          </p>
        )}
      </header>

      {failed && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-lg border-2 border-red-600 bg-red-50 p-3 text-sm text-red-950 dark:bg-red-950 dark:text-red-50"
          data-testid="failure-banner"
        >
          <span aria-hidden="true" className="text-lg">
            ⚠
          </span>
          <span>
            <strong>
              {letters.get(failed.account)} ({iface(failed.account) ?? 'account'}) failed: {failureOf(failed)}.
            </strong>{' '}
            {failedMeaning?.description}
            {failed.computeSkipped &&
              failed.computeSkipReason === 'no_state' &&
              ' The destination has no code (not deployed); the value was bounced back.'}
          </span>
          <button
            type="button"
            onClick={() => select(failed.hash)}
            className="ml-auto rounded border border-red-600 px-2 py-0.5 font-medium hover:bg-red-100 dark:hover:bg-red-900"
          >
            Show the first failure (f)
          </button>
        </div>
      )}

      <section aria-labelledby="actions-title">
        <h2 id="actions-title" className="mb-1 font-semibold">
          What happened
        </h2>
        <ActionList actions={actions} book={book} metadata={q.data.metadata} letters={letters} />
      </section>

      <section aria-labelledby="balances-title">
        <h2 id="balances-title" className="mb-1 font-semibold">
          Balance changes
        </h2>
        {complete ? (
          <Deferred label="Loading balance changes" resetKey={id}>
            <BalanceChangesPanel traceId={id} book={book} metadata={q.data.metadata} letters={letters} />
          </Deferred>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">Computed once the trace is complete.</p>
        )}
      </section>

      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Trace view">
        <div
          role="tablist"
          aria-label="View"
          className="inline-flex rounded-md border border-slate-300 dark:border-slate-700"
        >
          {(['graph', 'table', 'lanes'] as const).map((v) => (
            <button
              key={v}
              role="tab"
              type="button"
              aria-selected={view === v}
              onClick={() =>
                void navigate({ search: (p) => ({ ...p, view: v === 'graph' ? undefined : v }), replace: true })
              }
              className={`px-3 py-1 text-sm capitalize ${view === v ? 'bg-teal-700 text-white' : ''}`}
            >
              {v}
            </button>
          ))}
        </div>
        <span className="text-xs text-slate-500 dark:text-slate-400">{TRACE_KEYS_HINT}</span>
        <span className="ml-auto flex gap-2">
          <button
            type="button"
            className="rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-700"
            onClick={() =>
              void balancesForExport().then((balanceChanges) =>
                download(
                  `trace-${id}.json`,
                  new Blob([JSON.stringify({ ...q.data, balanceChanges }, null, 2)], { type: 'application/json' }),
                ),
              )
            }
          >
            Export JSON
          </button>
          <button
            type="button"
            className="rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-700"
            onClick={() =>
              download(`trace-${id}.svg`, new Blob([traceToSvg(trace, letters, iface)], { type: 'image/svg+xml' }))
            }
          >
            Export SVG
          </button>
          <button
            type="button"
            className="rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-700"
            onClick={() => void svgToPng(traceToSvg(trace, letters, iface)).then((b) => download(`trace-${id}.png`, b))}
          >
            Export PNG
          </button>
        </span>
      </div>

      {/* In the graph view the details float over the graph's right edge, and only while a
          transaction is selected: a permanent column beside the graph took a third of its width
          and halved the zoom a trace could open at. The table keeps the column. */}
      <div className={view === 'graph' ? 'relative' : 'grid gap-4 lg:grid-cols-[1fr_22rem]'}>
        <div className="min-w-0">
          {view === 'graph' ? (
            TraceGraph && graphTrace === trace ? (
              <div className="rounded-lg border border-slate-200 dark:border-slate-800">
                <TraceGraph
                  trace={trace}
                  book={book}
                  letters={letters}
                  addressForm={addressForm}
                  theme={theme}
                  selected={selected}
                  onSelect={select}
                  expanded={expanded}
                  onExpand={expand}
                  coveredRight={
                    sel && typeof matchMedia === 'function' && matchMedia(LG).matches ? DETAILS_OVER_GRAPH_PX : 0
                  }
                />
              </div>
            ) : (
              // the graph's own box, so that nothing below moves when it arrives
              <div className="rounded-lg border border-slate-200 dark:border-slate-800">
                <div className="h-[60vh] min-h-80 w-full p-3">
                  <Loading label="Loading the graph" />
                </div>
              </div>
            )
          ) : view === 'lanes' ? (
            <TraceLanes trace={trace} letters={letters} selected={selected} />
          ) : (
            <TraceTable
              trace={trace}
              book={book}
              letters={letters}
              addressForm={addressForm}
              selected={selected}
              onSelect={select}
            />
          )}
        </div>
        {sel ? (
          <aside
            aria-label="Selected transaction"
            className={`relative ${view === 'graph' ? 'mt-4 lg:absolute lg:top-3 lg:right-3 lg:mt-0 lg:max-h-[calc(100%-1.5rem)] lg:w-[22rem] lg:overflow-y-auto lg:rounded-lg lg:bg-white lg:shadow-xl lg:dark:bg-slate-950' : ''}`}
          >
            <button
              type="button"
              onClick={deselect}
              aria-label="Close the details (Esc)"
              title="Close (Esc)"
              className="absolute top-2 right-2 rounded px-1.5 text-lg leading-none text-slate-500 dark:text-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              ×
            </button>
            <TxPanel tx={sel} book={book} letter={letters.get(sel.account) ?? '?'} />
          </aside>
        ) : (
          <p className={`text-sm text-slate-500 dark:text-slate-400 ${view === 'graph' ? 'mt-2' : ''}`}>
            Select a transaction (click a node, or press j) to see its details.
          </p>
        )}
      </div>
      {view === 'graph' && (
        <details onToggle={(e) => setTwinOpen((e.target as HTMLDetailsElement).open)}>
          <summary className="cursor-pointer text-sm font-medium">The same trace as a table</summary>
          {/* rendered only when opened: a 1000-row table would double the page's first render */}
          {twinOpen && (
            <div className="mt-2">
              <TraceTable
                trace={trace}
                book={book}
                letters={letters}
                addressForm={addressForm}
                selected={selected}
                onSelect={select}
              />
            </div>
          )}
        </details>
      )}
    </div>
  );
}

/** A trace id that `traces` does not list: in flight (it arrives with its next block) or unknown. */
function AwaitingTrace({ id, paused }: { id: string; paused: boolean }) {
  return (
    <div className="space-y-2">
      <h1 className="text-xl font-semibold">
        Trace <span className="mono text-base font-normal">{shortHash(id, 10)}</span>
      </h1>
      <p role="status" className="text-sm" data-testid="trace-awaiting">
        No completed trace has this id yet. A trace still in flight appears here with its next block
        {paused ? ' once live updates resume' : ''}; if the hash names a transaction or message, try the search.
      </p>
    </div>
  );
}
