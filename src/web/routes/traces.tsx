import { useState, type FormEvent } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { LedgerClient } from '../../api/client';
import type { TracesRequest } from '../../api/request-params';
import { useApi } from '../lib/router-context';
import { pageOf } from '../lib/pagination';
import { pageSearch } from '../lib/use-page-search';
import { Deferred } from '../components/route-states';
import { tracePageQuery } from '../model/queries';
import { ListPending, Pager } from '../components/pager';
import { TraceList } from '../features/traces/trace-list';
import { Page, PageTitle } from '../components/page';

const text = z.optional(z.string());
const num = z.optional(z.catch(z.coerce.number(), undefined as unknown as number));

/** The page's filters: parameters of the traces operation (the compiler holds the keys to it). */
const filters = {
  account: text,
  trace_id: text,
  tx_hash: text,
  msg_hash: text,
  mc_seqno: num,
  start_utime: num,
  end_utime: num,
  start_lt: text,
  end_lt: text,
} satisfies Partial<Record<keyof TracesRequest, unknown>>;

export const Route = createFileRoute('/traces')({
  validateSearch: z.object({
    ...filters,
    sort: z.optional(z.catch(z.enum(['asc', 'desc']), 'desc')),
    ...pageSearch(10),
  }),
  loaderDeps: ({ search }) => search,
  // The filters are the page's first content and stay usable while the list loads, or when the API
  // refuses a filter (the list's own error box says why): the list is prefetched, not awaited.
  loader: ({ context: { queryClient, api }, deps }) => void queryClient.prefetchQuery(listQuery(api, deps)),
  component: TracesPage,
});

type TracesParams = { [K in keyof typeof filters]?: z.output<(typeof filters)[K]> };

const FIELDS: Array<{ key: keyof TracesParams; label: string; hint: string }> = [
  { key: 'account', label: 'Account', hint: 'address, any form' },
  { key: 'trace_id', label: 'Trace id', hint: 'hash' },
  { key: 'tx_hash', label: 'Transaction hash', hint: 'hash' },
  { key: 'msg_hash', label: 'Message hash', hint: 'hash or normalized external hash' },
  { key: 'mc_seqno', label: 'Masterchain seqno', hint: 'completed in this block' },
  { key: 'start_utime', label: 'From time', hint: 'unix seconds' },
  { key: 'end_utime', label: 'To time', hint: 'unix seconds' },
  { key: 'start_lt', label: 'From lt', hint: 'end_lt >=' },
  { key: 'end_lt', label: 'To lt', hint: 'end_lt <=' },
];

type TracesSearch = ReturnType<typeof Route.useSearch>;

/** The page's query: the filters of the URL that are set, the sort, and one row more than a page. */
function listQuery(api: LedgerClient, search: TracesSearch) {
  const { limit = 10, offset = 0 } = search;
  const params: TracesParams = {};
  for (const f of FIELDS) {
    const v = search[f.key as keyof typeof search];
    if (v !== undefined && v !== '') (params as Record<string, unknown>)[f.key] = v;
  }
  return tracePageQuery(api, { ...params, sort: search.sort }, limit, offset);
}

function TracesPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(FIELDS.map((f) => [f.key, String(search[f.key as keyof typeof search] ?? '')])),
  );
  const onPage = (p: { limit?: number; offset?: number }) => void navigate({ search: (s) => ({ ...s, ...p }) });

  function submit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string | number | undefined> = {};
    for (const f of FIELDS) {
      const v = draft[f.key]?.trim();
      next[f.key] = v
        ? ['mc_seqno', 'start_utime', 'end_utime'].includes(f.key) && /^\d+$/.test(v)
          ? Number(v)
          : v
        : undefined;
    }
    void navigate({ search: (s) => ({ ...s, ...next, offset: 0 }) });
  }

  return (
    <Page>
      <PageTitle>Traces</PageTitle>
      <form onSubmit={submit} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Trace filters">
        {FIELDS.map((f) => (
          <label key={f.key} className="text-sm">
            <span className="block font-medium">
              {f.label} <span className="font-normal text-muted">({f.hint})</span>
            </span>
            <input
              name={f.key}
              value={draft[f.key] ?? ''}
              onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))}
              className="mono mt-0.5 w-full rounded border border-slate-300 px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
            />
          </label>
        ))}
        <label className="text-sm">
          <span className="block font-medium">Order</span>
          <select
            value={search.sort ?? 'desc'}
            onChange={(e) =>
              void navigate({ search: (s) => ({ ...s, sort: e.target.value as 'asc' | 'desc', offset: 0 }) })
            }
            className="mt-0.5 w-full rounded border border-slate-300 px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
          >
            <option value="desc">newest first</option>
            <option value="asc">oldest first</option>
          </select>
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className="rounded bg-teal-700 px-3 py-1 text-sm text-white">
            Apply
          </button>
          <button
            type="button"
            onClick={() => {
              setDraft({});
              void navigate({ search: (s) => ({ api: (s as { api?: string }).api }) });
            }}
            className="rounded border border-slate-300 px-3 py-1 text-sm dark:border-slate-700"
          >
            Clear
          </button>
        </div>
      </form>
      <Deferred
        label="Loading traces"
        resetKey={JSON.stringify(search)}
        fallback={<ListPending limit={search.limit ?? 10} label="Traces" />}
      >
        <Results search={search} onPage={onPage} />
      </Deferred>
    </Page>
  );
}

function Results({
  search,
  onPage,
}: {
  search: TracesSearch;
  onPage: (p: { limit?: number; offset?: number }) => void;
}) {
  const { limit = 10, offset = 0 } = search;
  const q = useSuspenseQuery(listQuery(useApi(), search));
  const page = pageOf(q.data.traces, limit, offset);
  return (
    <>
      <TraceList
        traces={page.rows}
        book={q.data.addressBook}
        caption="Traces matching the filters"
        empty={`No completed trace matches these filters${offset > 0 ? ' on this page' : ''}.`}
      />
      <Pager page={page} limit={limit} label="Traces" onChange={onPage} />
    </>
  );
}
