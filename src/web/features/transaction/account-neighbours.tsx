import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { Trace, Transaction } from '../../../api/model';
import { tracesQuery } from '../../../api/queries';
import { hashPath, shortHash } from '../../lib/format';
import { DetailRow } from '../../components/detail-row';
import { nextTxIn, previousTxOf } from '../account/account-history';

/**
 * How many traces ending after this transaction are searched for the account's next one. The
 * successor's trace ends after it, so it is among the first traces (by end) that end after this
 * transaction; on the test ledgers it is always the first or the second. Traces can be large (a
 * fan-out is 241 transactions), so the search stays short and an unfound successor is left out.
 */
const NEXT_SEARCH = 4;

function TxLink({ hash, lt, testId }: { hash: string; lt: string; testId: string }) {
  return (
    <>
      <Link to="/tx/$hash" params={{ hash: hashPath(hash) }} className="mono text-teal-700 hover:underline dark:text-teal-400" data-testid={testId}>
        {shortHash(hash)}
      </Link>
      <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">lt {lt}</span>
    </>
  );
}

/**
 * The same account's previous and next transactions. The previous one the record names itself.
 * The next one nothing names (the chain only links backwards): it is looked for in this trace (a
 * bounce comes back to its sender in the same trace), then in the account's traces that end after
 * this transaction; shown only when found, or stated absent when the search saw every such trace.
 */
export function AccountNeighbours({ tx, trace, apiBase }: { tx: Transaction; trace: Trace; apiBase: string }) {
  const prev = previousTxOf(tx);
  const inTrace = nextTxIn([trace], tx);
  const later = useQuery({
    ...tracesQuery(apiBase, { account: tx.account, start_lt: (BigInt(tx.lt) + 1n).toString(), sort: 'asc', limit: NEXT_SEARCH }),
    enabled: inTrace === null,
  });
  const next = inTrace ?? (later.data ? nextTxIn(later.data.traces, tx) : null);
  const noneLater = !next && later.data !== undefined && later.data.traces.length < NEXT_SEARCH;
  return (
    <>
      <DetailRow k="Previous tx">
        {prev ? <TxLink hash={prev.hash} lt={prev.lt} testId="prev-tx" /> : <span className="text-slate-500 dark:text-slate-400">none: the account&apos;s first transaction</span>}
      </DetailRow>
      {(next || noneLater) && (
        <DetailRow k="Next tx">
          {next ? <TxLink hash={next.hash} lt={next.lt} testId="next-tx" /> : <span className="text-slate-500 dark:text-slate-400" data-testid="no-next-tx">none yet: the account&apos;s latest transaction on this ledger</span>}
        </DetailRow>
      )}
    </>
  );
}
