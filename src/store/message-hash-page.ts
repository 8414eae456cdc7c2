import { compareAccounts } from './account-key';
import type { Page } from './interface';

/** A message row's transaction: what a lookup by message hash reads (SQLite keeps the account as its key, account-key.ts). */
export type MessageTransactionRow = { tx_lt: bigint; tx_account: string | Buffer; tx_hash: Buffer };

/**
 * A page of the transactions of the rows a message hash matched (its sent and received rows, and
 * the few external messages sharing its normalized hash), each transaction once, in the order of
 * the general message query: lt, then account, then transaction hash. Both engines fetch those few
 * rows by two index lookups and order them here rather than in SQL.
 */
export function messageHashPage(rows: readonly MessageTransactionRow[], page: Page): Buffer[] {
  const unique = new Map<string, MessageTransactionRow>();
  for (const r of rows) unique.set(r.tx_hash.toString('hex'), r);
  const sign = page.sort === 'asc' ? 1 : -1;
  // accounts in each engine's order (its index's); hashes compare as bytes, as BLOBs do
  const ordered = [...unique.values()].sort(
    (a, b) =>
      sign *
      (a.tx_lt !== b.tx_lt
        ? a.tx_lt < b.tx_lt
          ? -1
          : 1
        : compareAccounts(a.tx_account, b.tx_account) || Buffer.compare(a.tx_hash, b.tx_hash)),
  );
  return ordered.slice(page.offset, page.offset + page.limit).map((r) => r.tx_hash);
}
