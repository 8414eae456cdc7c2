import { BookCache } from './address-book';
import { TransactionFragments } from './cached';
import { FragmentCache } from './json-cache';

/**
 * What a reader keeps between requests (each reader worker has its own), reached by an operation
 * through its ReadContext and nowhere else: the finished JSON of transactions in v2 and v3 form and
 * of completed traces, the address book as of the last masterchain block read, and a count of its
 * v2 answers. Bounded in entries and in bytes, so that a worker's
 * memory stays flat whatever the requests (a trace of 4,000 transactions is ~50 MB: the traces'
 * bound keeps one beside the smaller ones).
 */
export class ReadCaches {
  readonly transactions = new TransactionFragments();
  /** A completed trace never changes: its JSON is kept, per choice of actions. */
  readonly traces = new FragmentCache(5_000, 64 * 1024 * 1024);
  readonly book = new BookCache();
  /** v2 answers made, a part of their opaque `@extra`. */
  v2Answers = 0;
}
