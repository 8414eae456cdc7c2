import { useSuspenseQuery } from '@tanstack/react-query';
import type { Trace, Transaction } from '../../../api/model';
import { TxLink } from '../../components/entity-links';
import { DetailRow } from '../../components/detail-row';
import { errorMessage } from '../../components/states';
import { Deferred } from '../../components/route-states';
import { useApi } from '../../lib/router-context';
import { nextTxIn, previousTxOf } from '../../model/account-history';
import { NEXT_SEARCH, laterTracesQuery } from './queries';

function Neighbour({ hash, lt, testId }: { hash: string; lt: string; testId: string }) {
  return (
    <>
      <TxLink hash={hash} data-testid={testId} />
      <span className="ml-2 text-xs text-muted">lt {lt}</span>
    </>
  );
}

/**
 * The same account's previous and next transactions. The previous one the record names itself.
 * The next one nothing names (the chain only links backwards): it is looked for in this trace (a
 * bounce comes back to its sender in the same trace), then in the account's traces that end after
 * this transaction; shown only when found, or stated absent when the search saw every such trace.
 */
export function AccountNeighbours({ tx, trace }: { tx: Transaction; trace: Trace }) {
  const prev = previousTxOf(tx);
  const inTrace = nextTxIn([trace], tx);
  return (
    <>
      <DetailRow k="Previous tx">
        {prev ? (
          <Neighbour hash={prev.hash} lt={prev.lt} testId="prev-tx" />
        ) : (
          <span className="text-muted">none: the account&apos;s first transaction</span>
        )}
      </DetailRow>
      {inTrace ? (
        <DetailRow k="Next tx">
          <Neighbour hash={inTrace.hash} lt={inTrace.lt} testId="next-tx" />
        </DetailRow>
      ) : (
        <Deferred
          label="Looking for the next transaction"
          resetKey={tx.hash}
          fallback={
            <DetailRow k="Next tx">
              <span className="text-muted">looking…</span>
            </DetailRow>
          }
          failed={(error, retry) => (
            <DetailRow k="Next tx">
              <span className="text-muted">not looked up: {errorMessage(error).title}</span>{' '}
              <button type="button" onClick={retry} className="text-teal-700 hover:underline dark:text-teal-400">
                Retry
              </button>
            </DetailRow>
          )}
        >
          <NextInLaterTraces tx={tx} />
        </Deferred>
      )}
    </>
  );
}

function NextInLaterTraces({ tx }: { tx: Transaction }) {
  const { data } = useSuspenseQuery(laterTracesQuery(useApi(), tx));
  const next = nextTxIn(data.traces, tx);
  if (!next && data.traces.length >= NEXT_SEARCH) return null;
  return (
    <DetailRow k="Next tx">
      {next ? (
        <Neighbour hash={next.hash} lt={next.lt} testId="next-tx" />
      ) : (
        <span className="text-muted" data-testid="no-next-tx">
          none yet: the account&apos;s latest transaction on this ledger
        </span>
      )}
    </DetailRow>
  );
}
