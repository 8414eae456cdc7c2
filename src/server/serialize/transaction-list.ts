import type { ReadContext, BodySink } from '../execution/operation';
import { addressBookJson } from './address-book';
import { writeList, type Fragment } from './json-cache';

/**
 * A v3 answer listing transactions (`transactions`, `transactionsByMessage`, the masterchain block
 * lists...): `{"transactions": [...], "address_book": {...}, ...rest}`, each transaction's JSON
 * from the worker's cache or made once, the address book of every address printed. `lead`: made
 * transactions printed before the stored ones (a pending message's emulated transactions).
 */
export async function writeTransactionList(
  { reader, caches }: Pick<ReadContext, 'reader' | 'caches'>,
  hashes: Buffer[],
  out: BodySink,
  rest: Record<string, unknown> = {},
  lead: Fragment[] = [],
): Promise<void> {
  const stored = await caches.transactions.v3Json(reader, hashes);
  const txs = lead.length === 0 ? stored : [...lead, ...stored];
  await writeList(out, 'transactions', txs, async (addresses) => ({
    address_book: await addressBookJson({ reader, book: caches.book }, addresses),
    ...rest,
  }));
}
