import { TransactionFragments } from './cached';
import { FragmentCache } from './json-cache';

/**
 * The finished JSON a reader keeps between requests (each reader worker has its own): transactions
 * in v2 and v3 form, and completed traces. Bounded in entries and in bytes, so that a worker's
 * memory stays flat whatever the requests (a trace of 4,000 transactions is ~50 MB: the traces'
 * bound keeps one beside the smaller ones).
 */
export class ReadCaches {
  readonly transactions = new TransactionFragments();
  /** A completed trace never changes: its JSON is kept, per choice of actions. */
  readonly traces = new FragmentCache(5_000, 64 * 1024 * 1024);
}
