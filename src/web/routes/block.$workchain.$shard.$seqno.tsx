import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { BlockLink, McBlockLink } from '../components/entity-links';
import { isNotFound } from '../../api/client';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useSettings } from '../lib/settings';
import { blockTransactionsQuery, tracesQuery } from '../../api/queries';
import { PAGE_SIZES, clampLimit } from '../lib/pagination';
import { Age } from '../components/age';
import { formatTon } from '../lib/format';
import { ErrorState, NotFound, Empty, SkeletonRows } from '../components/states';
import { AddressLink } from '../components/address-link';
import { InboundCell, ResultCell, TxHashCell } from '../features/transaction/tx-list';
import { summarizeV2Transaction } from '../features/transaction/v2-transaction';

// v2 pages by cursor, not offset: (lt, account) of the last row seen. The cursors of the pages
// already passed are kept in the URL (`after`), so a deep link reopens the same page and
// "previous" works without history.
export const Route = createFileRoute('/block/$workchain/$shard/$seqno')({
  validateSearch: z.object({
    count: z.optional(z.catch(z.coerce.number(), 40)),
    after: z.optional(z.catch(z.array(z.string()), [])),
  }),
  component: BlockPage,
});

function BlockPage() {
  const { workchain, shard, seqno } = Route.useParams();
  const search = Route.useSearch();
  const count = clampLimit(search.count, 40);
  const after = search.after ?? [];
  const navigate = useNavigate({ from: Route.fullPath });
  const { effectiveApiBase } = useSettings();
  const valid = /^-?1$|^0$/.test(workchain) && /^-?\d{1,20}$/.test(shard) && /^\d{1,10}$/.test(seqno);
  const cursor = after.length ? after[after.length - 1]!.split('_') : null;
  const q = useQuery({
    ...blockTransactionsQuery(effectiveApiBase, { workchain: Number(workchain), shard, seqno: Number(seqno), count, ...(cursor ? { after_lt: cursor[0], after_hash: cursor[1] } : {}) }),
    enabled: valid,
    placeholderData: (p) => p,
  });
  // v2 does not say which masterchain block committed this one; the v3 record of any of its
  // transactions does.
  const firstHash = q.data?.transactions[0]?.hash;
  const mcQ = useQuery({ ...tracesQuery(effectiveApiBase, { tx_hash: firstHash ?? '', limit: 1 }), enabled: !!firstHash && Number(workchain) !== -1 });
  const mcOfTx = mcQ.data?.traces[0] && firstHash ? mcQ.data.traces[0].transactions[firstHash] : undefined;
  // each row's BOC decoded once per answer, not on every render of the page
  const summaries = useMemo(() => q.data?.transactions.map(summarizeV2Transaction) ?? [], [q.data]);
  const id = `${workchain}:${shard}:${seqno}`;
  if (!valid) return <NotFound what={`block ${id}`}>A block id is workchain (-1 or 0), shard (signed 64-bit decimal) and seqno.</NotFound>;
  if (q.isError && isNotFound(q.error)) return <NotFound what={`block ${id}`}>This ledger has no such block.</NotFound>;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const r = q.data;
  const txs = r?.transactions ?? [];
  const last = txs[txs.length - 1];
  // The masterchain block that committed this one is in every transaction's v3 record, but v2
  // does not carry it; for a masterchain block it is the block itself.
  const mcSeqno = Number(workchain) === -1 ? Number(seqno) : mcOfTx?.mcSeqno ?? null;
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-xl font-semibold">Block <span className="mono">{id}</span></h1>
        {r && (
          <p className="mono break-all text-xs text-slate-500 dark:text-slate-400">
            root {r.block.rootHash} · file {r.block.fileHash}
          </p>
        )}
        {mcSeqno !== null && <McBlockLink seqno={mcSeqno} className="text-sm text-teal-700 hover:underline dark:text-teal-400">Masterchain block {mcSeqno}</McBlockLink>}
        {Number(seqno) > 0 && (
          <BlockLink block={{ workchain: Number(workchain), shard, seqno: Number(seqno) - 1 }} className="ml-3 text-sm text-teal-700 hover:underline dark:text-teal-400">
            ← previous block of this shard
          </BlockLink>
        )}
        <BlockLink block={{ workchain: Number(workchain), shard, seqno: Number(seqno) + 1 }} className="ml-3 text-sm text-teal-700 hover:underline dark:text-teal-400">
          next block →
        </BlockLink>
      </header>
      {r && txs.length === 0 && after.length === 0 ? (
        <Empty>This block has no transactions.</Empty>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm">
            {/* getBlockTransactionsExt orders by account (raw address, ascending), then lt: a block's
                own order, which readers of the lt-ordered masterchain list would not expect. */}
            <caption className="caption-top border-b border-slate-200 px-3 py-1.5 text-left text-xs text-slate-500 dark:text-slate-400 dark:border-slate-800">
              Transactions of block {id} in the block&apos;s own order: by account address, then lt within an account (not by lt across the block).
            </caption>
            <thead className="bg-slate-50 text-xs uppercase text-slate-500 dark:text-slate-400 dark:bg-slate-900">
              <tr>
                <th scope="col" className="px-3 py-2">Transaction</th>
                <th scope="col" className="px-3 py-2">Account</th>
                <th scope="col" className="hidden px-3 py-2 md:table-cell">Inbound</th>
                <th scope="col" className="px-3 py-2">Result</th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">lt</th>
                <th scope="col" className="px-3 py-2">Fee</th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">Time</th>
              </tr>
            </thead>
            <tbody>
              {!r ? (
                <SkeletonRows rows={10} cols={7} />
              ) : (
                txs.map((t, i) => {
                  const v = summaries[i]!;
                  return (
                    <tr key={t.hash} className="border-t border-slate-100 dark:border-slate-800" data-testid="tx-row">
                      <TxHashCell hash={t.hash} />
                      <td className="max-w-[12rem] px-3 py-2"><AddressLink raw={t.account ?? t.address} /></td>
                      <InboundCell inMsg={v.inMsg} type={v.type} />
                      <ResultCell verdict={v.verdict} />
                      <td className="mono hidden px-3 py-2 text-xs sm:table-cell">{t.lt}</td>
                      <td className="px-3 py-2">{formatTon(t.fee)}</td>
                      <td className="hidden px-3 py-2 whitespace-nowrap sm:table-cell"><Age unix={t.utime} /></td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Transactions pages" className="flex flex-wrap items-center gap-3 text-sm">
        <button type="button" disabled={after.length === 0} onClick={() => void navigate({ search: (s) => ({ ...s, after: after.slice(0, -1) }) })} className="rounded border border-slate-300 px-3 py-1 disabled:opacity-40 dark:border-slate-700">
          ← Previous
        </button>
        <span>page {after.length + 1}</span>
        <button type="button" disabled={!r?.incomplete || !last} onClick={() => last && void navigate({ search: (s) => ({ ...s, after: [...after, `${last.lt}_${last.account ?? last.address}`] }) })} className="rounded border border-slate-300 px-3 py-1 disabled:opacity-40 dark:border-slate-700">
          Next →
        </button>
        <label className="ml-auto inline-flex items-center gap-1">
          Rows per page
          <select value={count} onChange={(e) => void navigate({ search: (s) => ({ ...s, count: Number(e.target.value), after: [] }) })} className="rounded border border-slate-300 bg-white px-1 dark:border-slate-700 dark:bg-slate-900">
            {[...new Set([...PAGE_SIZES, 40, count])].sort((a, b) => a - b).map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </select>
        </label>
      </nav>
    </div>
  );
}
