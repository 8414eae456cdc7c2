import type { LedgerClient } from '../../../api/client';
import type { Trace, TracesPage, Transaction } from '../../../api/model';
import { blockTransactionsQuery, tracesQuery, transactionsByMessageQuery } from '../../../api/queries';
import type { TransactionsByMessageRequest } from '../../../api/request-params';
import { fetchLimit } from '../../lib/pagination';
import { hashPath } from '../../lib/format';

// The transaction and message pages' queries: the loaders ensure them, the pages read them with
// the same options.

/** A transaction is read with its trace (the API has no lookup of one transaction by hash). */
export const transactionQuery = (api: LedgerClient, hex: string) => tracesQuery(api, { tx_hash: hex, limit: 1 });

/** The transaction of `hex` in its trace's answer, or null when the ledger has none. */
export function transactionIn(page: TracesPage, hex: string): { trace: Trace; tx: Transaction } | null {
  const trace = page.traces[0];
  const tx = trace ? Object.values(trace.transactions).find((t) => hashPath(t.hash) === hex) : undefined;
  return trace && tx ? { trace, tx } : null;
}

/**
 * The raw transaction BOC is only in v2: the block's page that starts right at this transaction
 * (the cursor (account, lt - 1) is exclusive, so the first row is this one).
 */
export const rawTransactionQuery = (api: LedgerClient, tx: Transaction) =>
  blockTransactionsQuery(api, {
    workchain: tx.block.workchain,
    shard: tx.block.shard,
    seqno: tx.block.seqno,
    count: 1,
    after_lt: (BigInt(tx.lt) - 1n).toString(),
    after_hash: tx.account,
  });

/**
 * How many traces ending after a transaction are searched for the account's next one. The
 * successor's trace ends after it, so it is among the first traces (by end) that end after this
 * transaction; on the test ledgers it is always the first or the second. Traces can be large (a
 * fan-out is 241 transactions), so the search stays short and an unfound successor is left out.
 */
export const NEXT_SEARCH = 4;

/** The account's first traces ending after this transaction, where its next transaction must be. */
export const laterTracesQuery = (api: LedgerClient, tx: Transaction) =>
  tracesQuery(api, { account: tx.account, start_lt: (BigInt(tx.lt) + 1n).toString(), sort: 'asc', limit: NEXT_SEARCH });

/** The transactions that sent and received a message (by its hash, or an external's normalized hash). */
export const messageQuery = (api: LedgerClient, hex: string) =>
  transactionsByMessageQuery(api, { msg_hash: hex, limit: 10 });

/** A page of transactions whose messages match the filters, with one row more than the page. */
export const messagePageQuery = (
  api: LedgerClient,
  filters: Omit<TransactionsByMessageRequest, 'limit' | 'offset'>,
  limit: number,
  offset: number,
) => transactionsByMessageQuery(api, { ...filters, limit: fetchLimit(limit), offset });
