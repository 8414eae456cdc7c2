import { useEffect } from 'react';
import { isNotFound } from '../../api/client';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useSettings } from '../lib/settings';
import { shardStateQuery } from '../../api/queries';
import { fetchLimit, pageOf } from '../lib/pagination';
import { pageSearch } from '../lib/use-page-search';
import { formatTime } from '../lib/format';
import { ErrorState, NotFound, Empty } from '../components/states';
import { Pager } from '../components/pager';
import { TxList } from '../features/transaction/tx-list';
import { SHORTCUTS, ariaKeys, isTypingTarget, pressed } from '../lib/shortcuts';

export const Route = createFileRoute('/mc/$seqno')({
  validateSearch: z.object(pageSearch(25)),
  component: McBlockPage,
});

function McBlockPage() {
  const { seqno } = Route.useParams();
  const { limit = 25, offset = 0 } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { effectiveApiBase } = useSettings();
  const n = /^\d{1,10}$/.test(seqno) ? Number(seqno) : null;
  const q = useQuery({ ...shardStateQuery(effectiveApiBase, { seqno: n ?? 0, limit: fetchLimit(limit), offset }), enabled: n !== null, placeholderData: (p) => p });

  useEffect(() => {
    if (n === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target)) return;
      if (pressed(SHORTCUTS.mcPrevious, e) && n > 0) void navigate({ to: '/mc/$seqno', params: { seqno: String(n - 1) }, search: (p) => ({ api: (p as { api?: string }).api }) });
      if (pressed(SHORTCUTS.mcNext, e)) void navigate({ to: '/mc/$seqno', params: { seqno: String(n + 1) }, search: (p) => ({ api: (p as { api?: string }).api }) });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [n, navigate]);

  if (n === null) return <NotFound what={`masterchain block ${seqno}`}>A masterchain seqno is a non-negative integer.</NotFound>;
  if (q.isError && isNotFound(q.error)) return <NotFound what={`masterchain block ${n}`}>This ledger has no masterchain block {n} (yet).</NotFound>;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const page = q.data ? pageOf(q.data.transactions, limit, offset) : null;
  const blocks = q.data?.blocks ?? [];
  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">Masterchain block {n}</h1>
        <nav aria-label="Neighbouring blocks" className="flex gap-2 text-sm">
          {n > 0 && <Link to="/mc/$seqno" params={{ seqno: String(n - 1) }} className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-700" aria-keyshortcuts={ariaKeys(SHORTCUTS.mcPrevious)}>← {n - 1}</Link>}
          <Link to="/mc/$seqno" params={{ seqno: String(n + 1) }} className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-700" aria-keyshortcuts={ariaKeys(SHORTCUTS.mcNext)}>{n + 1} →</Link>
        </nav>
        {blocks[0]?.genUtime && <span className="text-sm text-slate-500 dark:text-slate-400">{formatTime(blocks[0].genUtime)}</span>}
        <Link to="/traces" search={{ mc_seqno: n }} className="text-sm text-teal-700 hover:underline dark:text-teal-400">Traces completed here</Link>
      </header>
      <section aria-labelledby="blocks-title">
        <h2 id="blocks-title" className="mb-1 font-semibold">Blocks</h2>
        <ul className="flex flex-wrap gap-2 text-sm">
          {blocks.map((b) => (
            <li key={`${b.workchain}:${b.shard}:${b.seqno}`}>
              <Link to="/block/$workchain/$shard/$seqno" params={{ workchain: String(b.workchain), shard: b.shard, seqno: String(b.seqno) }} className="mono inline-block rounded border border-slate-300 px-2 py-1 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900" data-testid="block-link">
                {b.workchain}:{b.shard}:{b.seqno}
                {b.txCount !== null && <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">{b.txCount} tx</span>}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="txs-title">
        <h2 id="txs-title" className="mb-1 font-semibold">Transactions</h2>
        {page && page.rows.length === 0 && offset === 0 ? (
          <Empty>No transactions were committed in this masterchain block.</Empty>
        ) : (
          <TxList txs={page?.rows ?? []} book={q.data?.addressBook ?? {}} loading={!q.data} skeleton={Math.min(limit, 10)} caption={`Transactions of masterchain block ${n}`} />
        )}
        <Pager page={page} limit={limit} label="Transactions" onChange={(p) => void navigate({ search: (s) => ({ ...s, ...p }) })} />
      </section>
    </div>
  );
}
