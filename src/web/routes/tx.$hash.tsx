import { Link, createFileRoute } from '@tanstack/react-router';
import { BlockLink, McBlockLink, TraceLink } from '../components/entity-links';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { Transaction } from '../../api/model';
import { useApi } from '../lib/router-context';
import { missing, txRouteParams } from '../lib/route-params';
import {
  laterTracesQuery,
  rawTransactionQuery,
  transactionIn,
  transactionQuery,
} from '../features/transaction/queries';
import { nextTxIn } from '../model/account-history';
import { formatTime, formatTon, hashPath } from '../lib/format';
import { Deferred, RouteNotFound } from '../components/route-states';
import { CopyButton } from '../components/copy-button';
import { AddressLink } from '../components/entity-links';
import { DetailRow } from '../components/detail-row';
import { TonAmount } from '../components/ton-amount';
import { MessageCard } from '../features/message/message-card';
import { AbiBody, useAbiBodies } from '../features/sandbox/abi-fields';
import { PhaseCard } from '../features/transaction/phase-card';
import { AccountNeighbours } from '../features/transaction/account-neighbours';
import { txViewOf, type AddressBook } from '../model/trace-view';
import { OUTCOME_TONE, verdictOf } from '../model/outcome';
import { describeExitCode, describeResultCode } from '../../ton/exit-codes';
import { Page, PageHeader, Section } from '../components/page';
import { useIsSandboxLedger, useNamedBook } from '../model/run-names';
import { EmulateAgainLink } from '../features/emulate/emulate-again-link';

const NO_SUCH_TX = 'No transaction of this ledger has this hash.';

export const Route = createFileRoute('/tx/$hash')({
  params: txRouteParams,
  // The page needs the transaction (read with its trace); its raw BOC and the account's later
  // traces (for the next transaction) are fetched alongside and shown when they come.
  loader: async ({ context: { queryClient, api }, params: { hash } }) => {
    const found = transactionIn(await queryClient.ensureQueryData(transactionQuery(api, hash)), hash);
    if (!found) throw missing(`transaction ${hash}`, NO_SUCH_TX);
    void queryClient.prefetchQuery(rawTransactionQuery(api, found.tx));
    if (nextTxIn([found.trace], found.tx) === null) void queryClient.prefetchQuery(laterTracesQuery(api, found.tx));
  },
  notFoundComponent: RouteNotFound,
  component: TxPage,
});

function TxPage() {
  const { hash: hex } = Route.useParams();
  const q = useSuspenseQuery(transactionQuery(useApi(), hex));
  const found = transactionIn(q.data, hex);
  // on a sandbox ledger, the names its test gave the accounts
  const book: AddressBook = useNamedBook(q.data.addressBook, found ? { trace_id: found.trace.traceId } : null);
  const sandbox = useIsSandboxLedger();
  const abiBodies = useAbiBodies(hex, sandbox);
  if (!found) throw missing(`transaction ${hex}`, NO_SUCH_TX);
  const { trace, tx } = found;
  const view = txViewOf(tx, book);
  const verdict = verdictOf(view);
  const d = tx.description;
  const c = d.compute;
  const wallet = view.interfaces.some((i) => i.startsWith('wallet'));
  const gasFees = c && !c.skipped ? (c.gasFees ?? '0') : '0';
  const storageFees = d.storage?.feesCollected ?? '0';
  const actionFees = d.action?.totalActionFees ?? '0';
  return (
    <Page>
      <PageHeader title="Transaction">
        <p className="mono break-all text-sm">
          {hex}
          <CopyButton text={hex} label="hash (hex)" />
          <span className="ml-2 text-muted">{tx.hash}</span>
          <CopyButton text={tx.hash} label="hash (base64)" />
        </p>
        <p
          className={`text-sm font-semibold ${OUTCOME_TONE[verdict.outcome]}`}
          data-testid="tx-status"
          data-outcome={verdict.outcome}
        >
          {verdict.outcome === 'success'
            ? '✓ Success'
            : verdict.outcome === 'failed'
              ? `✕ Failed: ${verdict.text}`
              : `⊘ S${verdict.text.slice(1)}: ${verdict.meaning}`}
        </p>
      </PageHeader>
      <dl className="grid grid-cols-[9rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <DetailRow k="Account">
          <AddressLink raw={tx.account} book={book} full />
        </DetailRow>
        <AccountNeighbours tx={tx} trace={trace} />
        <DetailRow k="Trace">
          <TraceLink traceId={trace.traceId} tx={hex} className="text-teal-700 hover:underline dark:text-teal-400">
            open in trace ({Object.keys(trace.transactions).length} tx)
          </TraceLink>
        </DetailRow>
        {tx.inMsg?.source === null && (
          <DetailRow k="Emulate">
            <EmulateAgainLink msg={tx.inMsg} />
          </DetailRow>
        )}
        {sandbox && (
          <DetailRow k="Test run">
            <Link
              to="/sandbox-tx/$hash"
              params={{ hash: hex }}
              className="text-teal-700 hover:underline dark:text-teal-400"
              data-testid="sandbox-tx-link"
            >
              VM log, storage before/after, debug output
            </Link>
          </DetailRow>
        )}
        <DetailRow k="Block">
          <BlockLink block={tx.block} />
        </DetailRow>
        <DetailRow k="Masterchain">
          {tx.mcSeqno !== null ? <McBlockLink seqno={tx.mcSeqno} /> : 'not yet committed by a masterchain block'}
        </DetailRow>
        <DetailRow k="Time">{formatTime(tx.now)}</DetailRow>
        <DetailRow k="lt">
          <span className="mono">{tx.lt}</span>
        </DetailRow>
        <DetailRow k="Status">
          {tx.origStatus} → {tx.endStatus}
        </DetailRow>
        <DetailRow k="Type">
          {d.type}
          {d.aborted ? ' · aborted' : ''}
        </DetailRow>
        <DetailRow k="Total fees">
          {formatTon(tx.totalFees, { maxFraction: 9 })}
          <span className="ml-2 text-xs text-muted">
            storage {formatTon(storageFees, { maxFraction: 9 })} · gas {formatTon(gasFees, { maxFraction: 9 })} ·
            actions {formatTon(actionFees, { maxFraction: 9 })}
          </span>
        </DetailRow>
        {tx.stateBefore?.balance != null && (
          <DetailRow k="Balance before">
            <TonAmount nano={tx.stateBefore.balance} />
          </DetailRow>
        )}
        {tx.stateAfter?.balance != null && (
          <DetailRow k="Balance after">
            <TonAmount nano={tx.stateAfter.balance} />
          </DetailRow>
        )}
      </dl>
      <Section id="phases" title="Phases" className="space-y-2">
        <div className="grid gap-2 md:grid-cols-2">
          <PhaseCard title="Storage" data={d.storage ?? undefined} />
          <PhaseCard title="Credit" data={d.credit ?? undefined} />
          <PhaseCard title="Compute" data={c ?? undefined}>
            {c && !c.skipped && (
              <p className="mb-1" data-testid="exit-code">
                Exit code <strong>{c.exitCode}</strong>: {describeExitCode(c.exitCode, { wallet }).name} —{' '}
                {describeExitCode(c.exitCode, { wallet }).description}
              </p>
            )}
            {c?.skipped && <p className="mb-1 font-medium">Skipped: {c.reason}</p>}
          </PhaseCard>
          <PhaseCard title="Action" data={d.action ?? undefined}>
            {d.action && (
              <p className="mb-1">
                Result code <strong>{d.action.resultCode}</strong>:{' '}
                {describeResultCode(d.action.resultCode).description}
              </p>
            )}
          </PhaseCard>
          <PhaseCard title="Bounce" data={d.bounce ?? undefined} />
        </div>
      </Section>
      <section aria-labelledby="states" className="grid gap-2 md:grid-cols-2">
        <h2 id="states" className="sr-only">
          Account state
        </h2>
        <PhaseCard title="State before" data={tx.stateBefore ?? undefined} />
        <PhaseCard title="State after" data={tx.stateAfter ?? undefined} />
      </section>
      <Section id="msgs" title="Messages" className="space-y-2">
        {tx.inMsg ? (
          <MessageCard m={tx.inMsg} book={book} title="Inbound" metadata={q.data.metadata}>
            <AbiBody m={abiBodies.get(tx.inMsg.hash)} />
          </MessageCard>
        ) : (
          <p className="text-sm text-muted">No inbound message (tick-tock or system transaction).</p>
        )}
        {tx.outMsgs.map((m, i) => (
          <MessageCard key={m.hash} m={m} book={book} title={`Outbound ${i + 1}`} metadata={q.data.metadata}>
            <AbiBody m={abiBodies.get(m.hash)} />
          </MessageCard>
        ))}
      </Section>
      <Section id="raw" title="Raw transaction (BOC, base64)">
        <Deferred label="Loading the raw transaction" resetKey={hex}>
          <RawTransaction tx={tx} hex={hex} />
        </Deferred>
      </Section>
    </Page>
  );
}

/** The transaction's own BOC, from v2's block listing (v3 does not send it). */
function RawTransaction({ tx, hex }: { tx: Transaction; hex: string }) {
  const { data } = useSuspenseQuery(rawTransactionQuery(useApi(), tx));
  const raw = data.transactions[0];
  if (!raw || hashPath(raw.hash) !== hex)
    return <p className="text-sm text-muted">The block listing did not return this transaction.</p>;
  return (
    <>
      {/* a long BOC scrolls within the box: focusable, so a keyboard can scroll it too */}
      <pre
        tabIndex={0}
        aria-labelledby="raw"
        className="mono mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs dark:bg-slate-900"
        data-testid="raw-boc"
      >
        {raw.data}
      </pre>
      <CopyButton text={raw.data} label="transaction BOC" />
    </>
  );
}
