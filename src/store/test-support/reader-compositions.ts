import type { LedgerReader, MessageFilter, Page } from '../interface';
import type { TransactionRecord } from '../records';

// Compositions of the reader's queries that the tests and benchmarks read through and the service
// does not.

/** One transaction's full record, `null` when unknown. */
export async function transactionByHash(reader: LedgerReader, hash: Buffer): Promise<TransactionRecord | null> {
  return (await reader.getTransactions([hash]))[0] ?? null;
}

/** `findTransactionHashesByMessage` with the full records. */
export async function transactionsByMessage(
  reader: LedgerReader,
  filter: MessageFilter,
  page: Page,
): Promise<TransactionRecord[]> {
  return reader.getTransactions(await reader.findTransactionHashesByMessage(filter, page));
}
