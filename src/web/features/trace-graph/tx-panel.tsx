import { AddressLink, BlockLink, McBlockLink, TxLink } from '../../components/entity-links';
import { CopyButton } from '../../components/copy-button';
import { formatOpcode, formatTime, formatTon, hashPath } from '../../lib/format';
import { hashBase64 } from '../../../ton/hash';
import type { AddressBook, TxView } from '../../model/trace-view';
import { OUTCOME_MARK, OUTCOME_TONE, verdictOf } from '../../model/outcome';

/** The selected transaction beside the graph. */
export function TxPanel({ tx, book, letter }: { tx: TxView; book: AddressBook; letter: string }) {
  const verdict = verdictOf(tx);
  return (
    <section
      aria-labelledby="tx-panel-title"
      className="space-y-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
      data-testid="tx-panel"
    >
      <h2 id="tx-panel-title" className="font-semibold">
        Transaction {letter}{' '}
        <TxLink
          hash={tx.hash}
          className="mono text-xs font-normal text-teal-700 hover:underline dark:text-teal-400"
          data-testid="tx-panel-link"
        >
          {hashPath(tx.hash).slice(0, 16)}…
        </TxLink>
        <CopyButton text={hashBase64(tx.hash) ?? tx.hash} label="transaction hash" />
      </h2>
      <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-2 gap-y-1">
        <dt className="text-muted">Account</dt>
        <dd className="min-w-0">
          <AddressLink raw={tx.account} book={book} />
        </dd>
        <dt className="text-muted">Result</dt>
        <dd className={OUTCOME_TONE[verdict.outcome]} data-outcome={verdict.outcome}>
          {OUTCOME_MARK[verdict.outcome]} {verdict.text}
        </dd>
        {verdict.meaning && (
          <>
            <dt className="text-muted">Meaning</dt>
            <dd>{verdict.meaning}</dd>
          </>
        )}
        {tx.inMsg && (
          <>
            <dt className="text-muted">Inbound</dt>
            <dd>
              {tx.inMsg.source === null ? (
                'external message'
              ) : (
                <>
                  {formatTon(tx.inMsg.value)} from <AddressLink raw={tx.inMsg.source} book={book} />
                </>
              )}
              {tx.inMsg.bounced && (
                <span className="ml-1 font-semibold text-orange-700 dark:text-orange-300">↩ bounced</span>
              )}
              <div className="text-xs text-muted">
                op {formatOpcode(tx.inMsg.opcode)}
                {tx.inMsg.comment !== null && <> · “{tx.inMsg.comment}”</>}
              </div>
            </dd>
          </>
        )}
        <dt className="text-muted">Sent</dt>
        <dd>
          {tx.outMsgs.length} message{tx.outMsgs.length === 1 ? '' : 's'}
        </dd>
        <dt className="text-muted">Fees</dt>
        <dd>{formatTon(tx.totalFees, { maxFraction: 9 })}</dd>
        <dt className="text-muted">Time · lt</dt>
        <dd>
          {formatTime(tx.now)} · {tx.lt}
        </dd>
        {tx.blockRef && (
          <>
            <dt className="text-muted">Block</dt>
            <dd>
              <BlockLink block={tx.blockRef} className="text-teal-700 hover:underline dark:text-teal-400" />
              {tx.mcSeqno !== null && (
                <>
                  {' '}
                  in <McBlockLink seqno={tx.mcSeqno}>mc {tx.mcSeqno}</McBlockLink>
                </>
              )}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
