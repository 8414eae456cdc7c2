import type { LedgerSnapshots } from '../../store/interface';
import type { BodySink, Operation, ReadContext } from './operation';

/** A body sink that also learns, before the first piece, which masterchain block the answer reflects. */
export interface ResponseSink extends BodySink {
  begin(seqno: number | null): void;
}

/**
 * One request's reads on one snapshot: the latest masterchain seqno first (the `X-Ledger-Seqno` of
 * the answer: every block up to it is visible to the reads that follow, none after it), then the
 * operation's body into the sink.
 */
export async function runOperation<P>(
  ledger: LedgerSnapshots,
  ctx: Omit<ReadContext, 'reader' | 'mcSeqno'>,
  op: Operation<P>,
  params: P,
  out: ResponseSink,
): Promise<void> {
  await ledger.readSnapshot(async (reader) => {
    const seqno = await reader.latestMasterchainSeqno();
    ctx.caches.book.follow(seqno);
    out.begin(seqno);
    await op.run({ ...ctx, reader, mcSeqno: seqno }, params, out);
  });
}

/**
 * Pieces of a body gathered into chunks before they are emitted: an operation writes JSON in small
 * pieces (a comma, a fragment), the transport wants few large messages. The first chunk is held
 * until the body reaches `firstChunk` bytes, so an answer up to that size is sent whole or not at
 * all (out of time, it becomes a clean error answer, never a cut one); the rest go in `chunkSize`.
 */
export abstract class ChunkingSink implements ResponseSink {
  private parts: Buffer[] = [];
  private size = 0;
  private threshold: number;

  constructor(
    firstChunk = 1024 * 1024,
    private readonly chunkSize = 64 * 1024,
  ) {
    this.threshold = firstChunk;
  }

  abstract begin(seqno: number | null): void;
  /** Sends one chunk on; `last` on the final one (which may be empty). */
  protected abstract emit(chunk: Buffer, last: boolean): Promise<void>;

  write(chunk: Buffer): Promise<void> {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size < this.threshold) return Promise.resolve();
    return this.emitFull();
  }

  /**
   * Emits what is gathered in chunks of the threshold's size (a view each, no copy), the rest kept
   * for later: one piece written may be a whole trace of tens of megabytes, and it leaves in 64 KB
   * chunks like any other body (a chunk in flight is what the receiving thread holds per answer).
   */
  private async emitFull(): Promise<void> {
    const all = this.take();
    let at = 0;
    while (all.length - at >= this.threshold) {
      const size = this.threshold;
      this.threshold = this.chunkSize;
      await this.emit(all.subarray(at, at + size), false);
      at += size;
    }
    if (at < all.length) {
      this.parts = [all.subarray(at)];
      this.size = all.length - at;
    }
  }

  end(): Promise<void> {
    return this.emit(this.take(), true);
  }

  private take(): Buffer {
    const chunk = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    return chunk;
  }
}
