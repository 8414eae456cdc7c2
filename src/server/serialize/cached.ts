import type { LedgerReader } from '../../store/interface';
import type { TransactionRecord } from '../../store/records';
import { FragmentCache, fragmentOf, type Fragment } from './json-cache';
import { transactionFragment, type TransactionFragment } from './v3';
import { rawTransaction } from './v2';

/** A transaction is final once every message it sent to an account has been received. */
export function isFinal(t: TransactionRecord): boolean {
  return t.outMsgs.every((m) => m.destination === null || m.inMsgTxHash !== null);
}

/** v3 and v2 JSON of transactions by hash, from the cache or the store. */
export class TransactionFragments {
  private readonly v3 = new FragmentCache<TransactionFragment>(20_000, 16 * 1024 * 1024);
  private readonly v2 = new FragmentCache(20_000, 16 * 1024 * 1024);

  private async load<F extends Fragment>(
    reader: LedgerReader,
    hashes: Buffer[],
    cache: FragmentCache<F>,
    render: (t: TransactionRecord) => F,
  ): Promise<F[]> {
    const keys = hashes.map((h) => h.toString('hex'));
    const missing = hashes.filter((_, i) => cache.get(keys[i]!) === undefined);
    const loaded = new Map(
      (missing.length > 0 ? await reader.getTransactions(missing) : []).map((t) => [t.hash.toString('hex'), t]),
    );
    return keys.map((k) =>
      cache.through(k, () => {
        const t = loaded.get(k)!;
        return { fragment: render(t), final: isFinal(t) };
      }),
    );
  }

  v3Json(reader: LedgerReader, hashes: Buffer[]): Promise<TransactionFragment[]> {
    return this.load(reader, hashes, this.v3, transactionFragment);
  }

  /** The v3 JSON of a transaction already read (a trace's), from the cache where it holds it. */
  v3Of(t: TransactionRecord): TransactionFragment {
    return this.v3.through(t.hash.toString('hex'), () => ({ fragment: transactionFragment(t), final: isFinal(t) }));
  }

  v2Json(reader: LedgerReader, hashes: Buffer[]): Promise<Fragment[]> {
    return this.load(reader, hashes, this.v2, (t) => fragmentOf(rawTransaction(t)));
  }
}
