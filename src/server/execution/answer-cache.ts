import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import type { CommitCounter, CommitMark } from '../../store/interface';

/**
 * The encodings the service offers, in its order of preference: the compression plugin negotiates
 * with this list, and the answer cache keeps a variant for each it is asked for.
 */
export const ANSWER_ENCODINGS: ('br' | 'gzip' | 'deflate' | 'identity')[] = ['br', 'gzip', 'deflate', 'identity'];
type Compressed = 'br' | 'gzip' | 'deflate';
/** Bodies shorter than this go uncompressed (the plugin's threshold too). */
export const COMPRESS_THRESHOLD = 1024;

const compress: Record<Compressed, (body: Buffer) => Buffer> = {
  // the plugin's own settings, so an answer has the same bytes whether it was kept or made anew
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => gzipSync(body),
  deflate: (body) => deflateSync(body),
};

/** One kept answer: its body, its compressed variants as they are asked for, its `X-Ledger-Seqno`. */
export interface KeptAnswer {
  readonly url: string;
  readonly seqno: number | null;
  readonly body: Buffer;
  readonly variants: Partial<Record<Compressed, Buffer>>;
}

/**
 * Answers kept as finished bytes, by request URL, for as long as nothing is committed to the
 * ledger. Correct by construction: an operation marked `cacheable` answers a function of its
 * parameters and the ledger's state alone, and every entry belongs to one commit count of the
 * ledger (`CommitCounter`), so the first commit after it (a new block, a pending trace that
 * completes, an account that gets deployed and changes the address book) drops them all. An
 * answer is kept only when the count was the same before the request went to its worker and
 * after it came back: then the worker's snapshot was the ledger at that count.
 *
 * Bounded: at most `maxBytes` of bodies and variants together, the least recently used dropped
 * first, and no single answer over an eighth of it (or 1 MB, the most a worker sends whole).
 */
export class AnswerCache {
  private readonly entries = new Map<string, KeptAnswer & { bytes: number }>();
  private bytes = 0;
  private commit: CommitMark;
  private readonly maxEntryBytes: number;
  /** The counter was read equal to `commit` during this turn of the event loop (see `get`). */
  private checkedThisTurn = false;
  private readonly endTurn = (): void => {
    this.checkedThisTurn = false;
  };

  constructor(
    private readonly counter: CommitCounter,
    private readonly maxBytes: number,
  ) {
    this.commit = counter.current();
    this.maxEntryBytes = Math.min(1024 * 1024, Math.floor(maxBytes / 8));
  }

  /** The ledger's commit count now: read before a request goes to a worker, given back to `put`. */
  now(): CommitMark {
    return this.counter.current();
  }

  /**
   * The counter has a new reading that was not made by this cache (PostgreSQL's, read by a round
   * trip for a request that just came: `WitnessedCommits`): the next lookup compares it, even in a
   * turn whose lookups took an older reading's word.
   */
  witnessed(): void {
    this.checkedThisTurn = false;
  }

  /** The answer kept for `url`, if the ledger has not changed since it was read. */
  get(url: string): KeptAnswer | undefined {
    if (!this.freshThisTurn()) return undefined;
    const entry = this.entries.get(url);
    if (entry === undefined) return undefined;
    // least recently used first: a hit moves to the end
    this.entries.delete(url);
    this.entries.set(url, entry);
    return entry;
  }

  /** Keeps the answer to `url` read at commit count `readAt`, if nothing was committed since. */
  put(url: string, readAt: CommitMark, seqno: number | null, body: Buffer): void {
    if (body.length > this.maxEntryBytes || !this.fresh() || readAt !== this.commit) return;
    const old = this.entries.get(url);
    if (old) this.drop(url, old);
    const entry = { url, seqno, body, variants: {}, bytes: body.length };
    this.entries.set(url, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  /** The kept answer's body in `encoding`, compressed once and kept with it. */
  variant(answer: KeptAnswer, encoding: Compressed): Buffer {
    const kept = answer.variants[encoding];
    if (kept) return kept;
    const made = compress[encoding](answer.body);
    answer.variants[encoding] = made;
    const entry = this.entries.get(answer.url);
    if (entry === answer) {
      entry.bytes += made.length;
      this.bytes += made.length;
      this.evict();
    }
    return made;
  }

  /** Bytes held (bodies and variants): what the bound applies to. */
  get size(): number {
    return this.bytes;
  }

  /**
   * `fresh`, read once per turn of the event loop. Under load one turn handles many requests that
   * were all read from their sockets in that turn, and the counter costs ~15 µs a read (a tenth of
   * a kept answer): the first lookup of the turn reads it, the others take its word. An answer is
   * then as of a moment in the turn its request was read in: a commit that lands later in that same
   * turn is seen from the next turn on (the turn's length: microseconds, a few ms under load), as if
   * the request had come that much earlier. A commit seen by `put` or `now` in the meantime still
   * drops everything at once, and both read the counter every time, so what is kept is never filed
   * under the wrong count.
   */
  private freshThisTurn(): boolean {
    if (this.checkedThisTurn) return true;
    if (!this.fresh()) return false;
    this.checkedThisTurn = true;
    setImmediate(this.endTurn);
    return true;
  }

  /** Drops everything when the ledger has changed; true when what is kept still holds. */
  private fresh(): boolean {
    const now = this.counter.current();
    if (now === this.commit) return true;
    this.entries.clear();
    this.bytes = 0;
    this.commit = now;
    return false;
  }

  private drop(url: string, entry: { bytes: number }): void {
    this.entries.delete(url);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    for (const [url, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(url, entry);
    }
  }
}
