import { Readable } from 'node:stream';

/**
 * A response body arriving from a reader worker in pieces. Each piece is acknowledged to the worker
 * once the socket side has room for it (at once, or when the stream is read again), so the worker
 * never runs more than a few pieces ahead of the client: a slow reader of a 50 MB answer holds a few
 * hundred kilobytes here, not the answer.
 */
export class BodyStream extends Readable {
  private unacked = 0;

  constructor(
    private readonly onAck: () => void,
    /** The stream ended early: the client went away, or the request was stopped. */
    private readonly onDestroy: () => void,
  ) {
    super({ highWaterMark: 64 * 1024 });
  }

  /** Pieces received and not yet acknowledged: the worker is held back by this stream's reader. */
  get heldBack(): boolean {
    return this.unacked > 0;
  }

  add(chunk: Buffer): void {
    if (this.push(chunk)) this.onAck();
    else this.unacked += 1;
  }

  override _read(): void {
    for (; this.unacked > 0; this.unacked--) this.onAck();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.onDestroy();
    callback(error);
  }
}

/** An operation's answer body whole, whether it came as bytes or streamed. */
export async function whole(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
