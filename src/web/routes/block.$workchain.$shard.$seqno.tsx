import { useMemo } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { isNotFound } from '../../api/client';
import type { V2Transaction } from '../../api/model';
import { useApi } from '../lib/router-context';
import { blockRouteParams, missing } from '../lib/route-params';
import { PAGE_SIZES, clampLimit } from '../lib/pagination';
import { formatTon } from '../lib/format';
import { Age } from '../components/age';
import { DataTable, type Column } from '../components/data-table';
import { Deferred, RouteNotFound } from '../components/route-states';
import { AddressLink, BlockLink, McBlockLink, TxLink } from '../components/entity-links';
import { Inbound, Result } from '../features/transaction/tx-list';
import { summarizeV2Transaction, type V2TxSummary } from '../features/transaction/v2-transaction';
import { shardBlockQuery } from '../features/blocks/queries';
import { transactionIn, transactionQuery } from '../features/transaction/queries';
import { hashPath } from '../lib/format';
import { Page, PageHeader } from '../components/page';

const COUNT = 40;

// v2 pages by cursor, not offset: (lt, account) of the last row seen. The cursors of the pages
// already passed are kept in the URL (`after`), so a deep link reopens the same page and
// "previous" works without history.
export const Route = createFileRoute('/block/$workchain/$shard/$seqno')({
  params: blockRouteParams,
  validateSearch: z.object({
    count: z.optional(z.catch(z.coerce.number(), COUNT)),
    after: z.optional(z.catch(z.array(z.string()), [])),
  }),
  loaderDeps: ({ search }) => ({ count: clampLimit(search.count, COUNT), after: search.after?.at(-1) }),
  loader: async ({ context: { queryClient, api }, params, deps: { count, after } }) => {
    try {
      await queryClient.ensureQueryData(shardBlockQuery(api, params, count, after));
    } catch (e) {
      if (isNotFound(e))
        throw missing(`block ${params.workchain}:${params.shard}:${params.seqno}`, 'This ledger has no such block.');
      throw e;
    }
  },
  notFoundComponent: RouteNotFound,
  component: BlockPage,
});

interface Row {
  tx: V2Transaction;
  summary: V2TxSummary;
}

const COLUMNS: Column<Row>[] = [
  { header: 'Transaction', cell: ({ tx }) => <TxLink hash={tx.hash} /> },
  { header: 'Account', className: 'max-w-[12rem]', cell: ({ tx }) => <AddressLink raw={tx.account ?? tx.address} /> },
  {
    header: 'Inbound',
    className: 'hidden md:table-cell',
    testId: 'tx-inbound',
    cell: ({ summary }) => <Inbound inMsg={summary.inMsg} type={summary.type} />,
  },
  { header: 'Result', testId: 'tx-result', cell: ({ summary }) => <Result verdict={summary.verdict} /> },
  { header: 'lt', className: 'mono hidden text-xs sm:table-cell', cell: ({ tx }) => tx.lt },
  { header: 'Fee', cell: ({ tx }) => formatTon(tx.fee) },
  { header: 'Time', className: 'hidden whitespace-nowrap sm:table-cell', cell: ({ tx }) => <Age unix={tx.utime} /> },
];

function BlockPage() {
  const block = Route.useParams();
  const search = Route.useSearch();
  const count = clampLimit(search.count, COUNT);
  const after = search.after ?? [];
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: r } = useSuspenseQuery(shardBlockQuery(useApi(), block, count, after.at(-1)));
  // each row's BOC decoded once per answer, not on every render of the page
  const rows = useMemo(() => r.transactions.map((tx) => ({ tx, summary: summarizeV2Transaction(tx) })), [r]);
  const id = `${block.workchain}:${block.shard}:${block.seqno}`;
  const last = r.transactions.at(-1);
  return (
    <Page>
      <PageHeader
        title={
          <>
            Block <span className="mono">{id}</span>
          </>
        }
      >
        <p className="mono break-all text-xs text-muted">
          root {r.block.rootHash} · file {r.block.fileHash}
        </p>
        {block.workchain === -1 ? (
          <McBlockLink seqno={block.seqno} className="text-sm text-teal-700 hover:underline dark:text-teal-400">
            Masterchain block {block.seqno}
          </McBlockLink>
        ) : (
          r.transactions[0] && (
            <Deferred
              label="Finding the masterchain block"
              resetKey={r.transactions[0].hash}
              fallback={null}
              failed={() => null}
            >
              <CommittingMcBlock txHash={r.transactions[0].hash} />
            </Deferred>
          )
        )}
        {block.seqno > 0 && (
          <BlockLink
            block={{ ...block, seqno: block.seqno - 1 }}
            className="ml-3 text-sm text-teal-700 hover:underline dark:text-teal-400"
          >
            ← previous block of this shard
          </BlockLink>
        )}
        <BlockLink
          block={{ ...block, seqno: block.seqno + 1 }}
          className="ml-3 text-sm text-teal-700 hover:underline dark:text-teal-400"
        >
          next block →
        </BlockLink>
      </PageHeader>
      {/* getBlockTransactionsExt orders by account (raw address, ascending), then lt: a block's
          own order, which readers of the lt-ordered masterchain list would not expect. */}
      <DataTable
        caption={
          <>
            Transactions of block {id} in the block&apos;s own order: by account address, then lt within an account (not
            by lt across the block).
          </>
        }
        showCaption
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.tx.hash}
        rowTestId="tx-row"
        empty={after.length === 0 ? 'This block has no transactions.' : undefined}
      />
      <nav aria-label="Transactions pages" className="flex flex-wrap items-center gap-3 text-sm">
        <button
          type="button"
          disabled={after.length === 0}
          onClick={() => void navigate({ search: (s) => ({ ...s, after: after.slice(0, -1) }) })}
          className="rounded border border-slate-300 px-3 py-1 disabled:opacity-40 dark:border-slate-700"
        >
          ← Previous
        </button>
        <span>page {after.length + 1}</span>
        <button
          type="button"
          disabled={!r.incomplete || !last}
          onClick={() =>
            last &&
            void navigate({
              search: (s) => ({ ...s, after: [...after, `${last.lt}_${last.account ?? last.address}`] }),
            })
          }
          className="rounded border border-slate-300 px-3 py-1 disabled:opacity-40 dark:border-slate-700"
        >
          Next →
        </button>
        <label className="ml-auto inline-flex items-center gap-1">
          Rows per page
          <select
            value={count}
            onChange={(e) => void navigate({ search: (s) => ({ ...s, count: Number(e.target.value), after: [] }) })}
            className="rounded border border-slate-300 bg-white px-1 dark:border-slate-700 dark:bg-slate-900"
          >
            {[...new Set([...PAGE_SIZES, COUNT, count])]
              .sort((a, b) => a - b)
              .map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
          </select>
        </label>
      </nav>
    </Page>
  );
}

/**
 * v2 does not say which masterchain block committed a shard block; the v3 record of any of its
 * transactions does.
 */
function CommittingMcBlock({ txHash }: { txHash: string }) {
  const hex = hashPath(txHash);
  const { data } = useSuspenseQuery(transactionQuery(useApi(), hex));
  const mcSeqno = transactionIn(data, hex)?.tx.mcSeqno ?? null;
  return mcSeqno === null ? null : (
    <McBlockLink seqno={mcSeqno} className="text-sm text-teal-700 hover:underline dark:text-teal-400">
      Masterchain block {mcSeqno}
    </McBlockLink>
  );
}
