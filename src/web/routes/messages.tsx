import { useState, type FormEvent } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { LedgerClient } from '../../api/client';
import { z } from 'zod/mini';
import { useApi } from '../lib/router-context';
import { pageOf } from '../lib/pagination';
import { pageSearch } from '../lib/use-page-search';
import { Empty } from '../components/states';
import { Deferred } from '../components/route-states';
import { messagePageQuery } from '../features/transaction/queries';
import { ListPending, Pager } from '../components/pager';
import { TxList } from '../features/transaction/tx-list';
import { Page, PageTitle } from '../components/page';

export const Route = createFileRoute('/messages')({
  validateSearch: z.object({
    msg_hash: z.optional(z.string()),
    body_hash: z.optional(z.string()),
    opcode: z.optional(z.string()),
    direction: z.optional(z.catch(z.enum(['in', 'out']), undefined as unknown as 'in')),
    ...pageSearch(10),
  }),
  loaderDeps: ({ search }) => search,
  // Nothing to ask before a filter is given. As on /traces, the form stays usable while the results
  // load or when the API refuses a filter: they are prefetched, not awaited.
  loader: ({ context: { queryClient, api }, deps }) =>
    void (hasFilter(deps) && queryClient.prefetchQuery(resultsQuery(api, deps))),
  component: MessagesPage,
});

type MessagesSearch = ReturnType<typeof Route.useSearch>;

const hasFilter = (s: MessagesSearch) => !!(s.msg_hash || s.body_hash || s.opcode);

const resultsQuery = (api: LedgerClient, s: MessagesSearch) =>
  messagePageQuery(
    api,
    { msg_hash: s.msg_hash, body_hash: s.body_hash, opcode: s.opcode, direction: s.direction },
    s.limit ?? 10,
    s.offset ?? 0,
  );

function MessagesPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const any = hasFilter(search);
  const [draft, setDraft] = useState({
    msg_hash: search.msg_hash ?? '',
    body_hash: search.body_hash ?? '',
    opcode: search.opcode ?? '',
    direction: search.direction ?? '',
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    void navigate({
      search: (s) => ({
        ...s,
        msg_hash: draft.msg_hash.trim() || undefined,
        body_hash: draft.body_hash.trim() || undefined,
        opcode: draft.opcode.trim() || undefined,
        direction: (draft.direction || undefined) as 'in' | 'out' | undefined,
        offset: 0,
      }),
    });
  }
  return (
    <Page>
      <PageTitle>Messages</PageTitle>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Transactions that sent or received a message with this body hash or opcode (opcode as 0x… hex or signed
        decimal).
      </p>
      <form onSubmit={submit} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4" aria-label="Message filters">
        {(['msg_hash', 'body_hash', 'opcode'] as const).map((k) => (
          <label key={k} className="text-sm">
            <span className="block font-medium">{k.replace('_', ' ')}</span>
            <input
              name={k}
              value={draft[k]}
              onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))}
              className="mono mt-0.5 w-full rounded border border-slate-300 px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
            />
          </label>
        ))}
        <label className="text-sm">
          <span className="block font-medium">direction</span>
          <select
            value={draft.direction}
            onChange={(e) => setDraft((d) => ({ ...d, direction: e.target.value as '' }))}
            className="mt-0.5 w-full rounded border border-slate-300 px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
          >
            <option value="">both</option>
            <option value="in">in (received)</option>
            <option value="out">out (sent)</option>
          </select>
        </label>
        <div>
          <button type="submit" className="rounded bg-teal-700 px-3 py-1 text-sm text-white">
            Search
          </button>
        </div>
      </form>
      {any ? (
        <Deferred
          label="Loading transactions"
          resetKey={JSON.stringify(search)}
          fallback={<ListPending limit={search.limit ?? 10} label="Transactions" />}
        >
          <Results search={search} onPage={(p) => void navigate({ search: (s) => ({ ...s, ...p }) })} />
        </Deferred>
      ) : (
        <Empty>Enter a message hash, a body hash or an opcode.</Empty>
      )}
    </Page>
  );
}

function Results({
  search,
  onPage,
}: {
  search: MessagesSearch;
  onPage: (p: { limit?: number; offset?: number }) => void;
}) {
  const { limit = 10, offset = 0 } = search;
  const q = useSuspenseQuery(resultsQuery(useApi(), search));
  const page = pageOf(q.data.transactions, limit, offset);
  return (
    <>
      <TxList
        txs={page.rows}
        book={q.data.addressBook}
        caption="Transactions with matching messages"
        empty={`No transaction has a message matching these filters${offset > 0 ? ' on this page' : ''}.`}
      />
      <Pager page={page} limit={limit} label="Transactions" onChange={onPage} />
    </>
  );
}
