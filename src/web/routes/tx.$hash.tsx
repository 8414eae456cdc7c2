import type { ReactNode } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useSettings } from '../lib/settings';
import { blockTransactionsQuery, tracesQuery, type WireTx } from '../lib/ledger-api';
import { canonicalHash, formatTime, formatTon, hashPath } from '../lib/format';
import { ErrorState, Loading, NotFound } from '../components/states';
import { CopyButton } from '../components/copy-button';
import { AddressLink } from '../components/address-link';
import { MessageCard } from '../features/transaction/message-card';
import { failureOf, txViewOf, type AddressBook } from '../features/trace-graph/trace-model';
import { describeExitCode, describeResultCode } from '../../ton/exit-codes';

export const Route = createFileRoute('/tx/$hash')({ component: TxPage });

function Row({ k, children }: { k: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{k}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function Phase({ title, data, children }: { title: string; data: Record<string, unknown> | undefined; children?: ReactNode }) {
  if (!data) return null;
  return (
    <section className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800" aria-label={`${title} phase`}>
      <h3 className="mb-1 font-semibold">{title}</h3>
      {children}
      <dl className="grid grid-cols-[minmax(8rem,12rem)_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs">
        {Object.entries(data).map(([k, v]) => (
          <Row key={k} k={k}>
            <span className="mono break-all">{v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}</span>
          </Row>
        ))}
      </dl>
    </section>
  );
}

function TxPage() {
  const { hash } = Route.useParams();
  const { effectiveApiBase } = useSettings();
  const hex = canonicalHash(hash);
  const q = useQuery({ ...tracesQuery(effectiveApiBase, { tx_hash: hex ?? hash, limit: 1 }), enabled: hex !== null });
  const trace = q.data?.traces[0];
  const tx: WireTx | undefined = trace ? (Object.values(trace.transactions).find((t) => hashPath(t.hash) === hex) as WireTx | undefined) : undefined;
  // The raw transaction BOC is only in v2: ask for the block's page that starts right at this
  // transaction (the cursor (account, lt - 1) is exclusive, so the first row is this one).
  const boc = useQuery({
    ...blockTransactionsQuery(effectiveApiBase, {
      workchain: tx?.block_ref.workchain ?? 0, shard: tx?.block_ref.shard ?? '0', seqno: tx?.block_ref.seqno ?? 0, count: 1,
      after_lt: tx ? (BigInt(tx.lt) - 1n).toString() : undefined, after_hash: tx?.account,
    }),
    enabled: !!tx,
  });
  if (hex === null) return <NotFound what={`transaction ${hash}`}>A transaction hash is 64 hex digits or 44 base64 characters.</NotFound>;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Loading label="Loading transaction" />;
  if (!tx || !trace) return <NotFound what={`transaction ${hex}`}>No transaction of this ledger has this hash.</NotFound>;
  const book: AddressBook = q.data.address_book;
  const view = txViewOf(tx, book);
  const failure = failureOf({ ...view, parent: null, children: [], depth: 0 });
  const d = tx.description;
  const c = d.compute_ph;
  const wallet = view.interfaces.some((i) => i.startsWith('wallet'));
  const rawTx = boc.data?.result.transactions[0];
  const rawBoc = rawTx && hashPath(rawTx.transaction_id.hash) === hex ? (rawTx as unknown as { data?: string }).data : undefined;
  const gasFees = String(c?.gas_fees ?? '0');
  const storageFees = String(d.storage_ph?.storage_fees_collected ?? '0');
  const actionFees = String(d.action?.total_action_fees ?? '0');
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-xl font-semibold">Transaction</h1>
        <p className="mono break-all text-sm">
          {hex}
          <CopyButton text={hex} label="hash (hex)" />
          <span className="ml-2 text-slate-500">{tx.hash}</span>
          <CopyButton text={tx.hash} label="hash (base64)" />
        </p>
        <p className={`text-sm font-semibold ${failure ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}`} data-testid="tx-status">
          {failure ? `✕ Failed: ${failure}` : '✓ Success'}
        </p>
      </header>
      <dl className="grid grid-cols-[9rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <Row k="Account"><AddressLink raw={tx.account} book={book} full /></Row>
        <Row k="Trace"><Link to="/trace/$traceId" params={{ traceId: hashPath(trace.trace_id) }} search={{ tx: hex }} className="text-teal-700 hover:underline dark:text-teal-400">open in trace ({Object.keys(trace.transactions).length} tx)</Link></Row>
        <Row k="Block">
          <Link to="/block/$workchain/$shard/$seqno" params={{ workchain: String(tx.block_ref.workchain), shard: tx.block_ref.shard, seqno: String(tx.block_ref.seqno) }} className="mono text-teal-700 hover:underline dark:text-teal-400">
            {tx.block_ref.workchain}:{tx.block_ref.shard}:{tx.block_ref.seqno}
          </Link>
        </Row>
        <Row k="Masterchain"><Link to="/mc/$seqno" params={{ seqno: String(tx.mc_block_seqno) }} className="text-teal-700 hover:underline dark:text-teal-400">{tx.mc_block_seqno}</Link></Row>
        <Row k="Time">{formatTime(tx.now)}</Row>
        <Row k="lt"><span className="mono">{tx.lt}</span></Row>
        <Row k="Status">{tx.orig_status} → {tx.end_status}</Row>
        <Row k="Type">{d.type ?? 'ord'}{d.aborted ? ' · aborted' : ''}</Row>
        <Row k="Total fees">
          {formatTon(tx.total_fees, { maxFraction: 9 })}
          <span className="ml-2 text-xs text-slate-500">
            storage {formatTon(storageFees, { maxFraction: 9 })} · gas {formatTon(gasFees, { maxFraction: 9 })} · actions {formatTon(actionFees, { maxFraction: 9 })}
          </span>
        </Row>
        {tx.account_state_before && <Row k="Balance before">{formatTon(String(tx.account_state_before.balance ?? '0'), { maxFraction: 9 })}</Row>}
        {tx.account_state_after && <Row k="Balance after">{formatTon(String(tx.account_state_after.balance ?? '0'), { maxFraction: 9 })}</Row>}
      </dl>
      <section aria-labelledby="phases" className="space-y-2">
        <h2 id="phases" className="font-semibold">Phases</h2>
        <div className="grid gap-2 md:grid-cols-2">
          <Phase title="Storage" data={d.storage_ph} />
          <Phase title="Credit" data={d.credit_ph} />
          <Phase title="Compute" data={c}>
            {c && !c.skipped && typeof c.exit_code === 'number' && (
              <p className="mb-1" data-testid="exit-code">
                Exit code <strong>{c.exit_code}</strong>: {describeExitCode(c.exit_code, { wallet }).name} — {describeExitCode(c.exit_code, { wallet }).description}
              </p>
            )}
            {c?.skipped && <p className="mb-1 font-medium">Skipped: {String(c.reason ?? 'unknown reason')}</p>}
          </Phase>
          <Phase title="Action" data={d.action}>
            {typeof d.action?.result_code === 'number' && (
              <p className="mb-1">Result code <strong>{d.action.result_code}</strong>: {describeResultCode(d.action.result_code).description}</p>
            )}
          </Phase>
          <Phase title="Bounce" data={d.bounce} />
        </div>
      </section>
      <section aria-labelledby="states" className="grid gap-2 md:grid-cols-2">
        <h2 id="states" className="sr-only">Account state</h2>
        <Phase title="State before" data={tx.account_state_before ?? undefined} />
        <Phase title="State after" data={tx.account_state_after ?? undefined} />
      </section>
      <section aria-labelledby="msgs" className="space-y-2">
        <h2 id="msgs" className="font-semibold">Messages</h2>
        {tx.in_msg ? <MessageCard m={tx.in_msg} book={book} title="Inbound" /> : <p className="text-sm text-slate-500">No inbound message (tick-tock or system transaction).</p>}
        {tx.out_msgs.map((m, i) => (
          <MessageCard key={m.hash} m={m} book={book} title={`Outbound ${i + 1}`} />
        ))}
      </section>
      <section aria-labelledby="raw">
        <h2 id="raw" className="font-semibold">Raw transaction (BOC, base64)</h2>
        {rawBoc ? (
          <>
            <pre className="mono mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs dark:bg-slate-900" data-testid="raw-boc">{rawBoc}</pre>
            <CopyButton text={rawBoc} label="transaction BOC" />
          </>
        ) : boc.isError ? (
          <ErrorState error={boc.error} onRetry={() => void boc.refetch()} />
        ) : (
          <Loading label="Loading the raw transaction" />
        )}
      </section>
    </div>
  );
}
