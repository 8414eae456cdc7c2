import { useEffect } from 'react';
import { isNotFound } from '../../api/client';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useApi } from '../lib/router-context';
import { mcRouteParams, missing } from '../lib/route-params';
import { pageOf } from '../lib/pagination';
import { pageSearch } from '../lib/use-page-search';
import { formatTime } from '../lib/format';
import { Pager } from '../components/pager';
import { RouteNotFound } from '../components/route-states';
import { BlockLink, McBlockNav } from '../components/entity-links';
import { TxList } from '../features/transaction/tx-list';
import { mcBlockQuery } from '../features/blocks/queries';
import { SHORTCUTS, isTypingTarget, pressed } from '../lib/shortcuts';
import { Page, PageTitle, Section } from '../components/page';

const PAGE = 25;

export const Route = createFileRoute('/mc/$seqno')({
  params: mcRouteParams,
  validateSearch: z.object(pageSearch(PAGE)),
  loaderDeps: ({ search: { limit = PAGE, offset = 0 } }) => ({ limit, offset }),
  loader: async ({ context: { queryClient, api }, params: { seqno }, deps: { limit, offset } }) => {
    try {
      await queryClient.ensureQueryData(mcBlockQuery(api, seqno, limit, offset));
    } catch (e) {
      if (isNotFound(e))
        throw missing(`masterchain block ${seqno}`, `This ledger has no masterchain block ${seqno} (yet).`);
      throw e;
    }
  },
  notFoundComponent: RouteNotFound,
  component: McBlockPage,
});

function McBlockPage() {
  const { seqno: n } = Route.useParams();
  const { limit = PAGE, offset = 0 } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const q = useSuspenseQuery(mcBlockQuery(useApi(), n, limit, offset));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target)) return;
      if (pressed(SHORTCUTS.mcPrevious, e) && n > 0)
        void navigate({
          to: '/mc/$seqno',
          params: { seqno: n - 1 },
          search: (p) => ({ api: (p as { api?: string }).api }),
        });
      if (pressed(SHORTCUTS.mcNext, e))
        void navigate({
          to: '/mc/$seqno',
          params: { seqno: n + 1 },
          search: (p) => ({ api: (p as { api?: string }).api }),
        });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [n, navigate]);

  const page = pageOf(q.data.transactions, limit, offset);
  const blocks = q.data.blocks;
  return (
    <Page>
      <header className="flex flex-wrap items-center gap-3">
        <PageTitle>Masterchain block {n}</PageTitle>
        <McBlockNav seqno={n} />
        {blocks[0]?.genUtime && <span className="text-sm text-muted">{formatTime(blocks[0].genUtime)}</span>}
        <Link
          to="/traces"
          search={{ mc_seqno: n }}
          className="text-sm text-teal-700 hover:underline dark:text-teal-400"
        >
          Traces completed here
        </Link>
      </header>
      <Section id="blocks-title" title="Blocks">
        <ul className="flex flex-wrap gap-2 text-sm">
          {blocks.map((b) => (
            <li key={`${b.workchain}:${b.shard}:${b.seqno}`}>
              <BlockLink
                block={b}
                className="mono inline-block rounded border border-slate-300 px-2 py-1 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
                data-testid="block-link"
              >
                {b.workchain}:{b.shard}:{b.seqno}
                {b.txCount !== null && <span className="ml-1 text-xs text-muted">{b.txCount} tx</span>}
              </BlockLink>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="txs-title" title="Transactions">
        <TxList
          txs={page.rows}
          book={q.data.addressBook}
          caption={`Transactions of masterchain block ${n}`}
          empty={
            offset === 0 ? 'No transactions were committed in this masterchain block.' : 'No transactions on this page.'
          }
        />
        <Pager
          page={page}
          limit={limit}
          label="Transactions"
          onChange={(p) => void navigate({ search: (s) => ({ ...s, ...p }) })}
        />
      </Section>
    </Page>
  );
}
