import type { ServerResponse } from 'node:http';
import type { StreamClient } from './hub';
import type { StreamingLimits } from './limits';
import type { Subscription } from './subscription';

/** How long a dropped client's socket may take to take its last frame before it is cut. */
const DROP_GRACE_MS = 2000;

/**
 * One SSE subscriber, framed as TON Center's server frames it: `event: connected` first, then
 * `event: event` with each notification's JSON as `data:`, every frame ended by a blank line, and a
 * `: keepalive` comment after each idle interval. A client whose socket does not take what it is
 * sent (more than `clientBuffer` notifications or `clientBufferBytes` bytes waiting) is dropped
 * with an `event: error` frame rather than buffered without end.
 */
export class SseClient implements StreamClient {
  subscription: Subscription | null = null;
  /** Frames handed to the socket whose write has not completed yet. */
  private unflushed = 0;
  /** The step being sent, and what was still waiting from earlier ones when it began. */
  private step = -1;
  private readonly keepalive: NodeJS.Timeout;
  private ended = false;

  constructor(
    readonly ip: string,
    private readonly res: ServerResponse,
    private readonly limits: StreamingLimits,
    private readonly id: string | undefined,
    private readonly onEnd: (client: SseClient) => void,
  ) {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
      // a proxy that buffers responses (nginx) would hold events back
      'X-Accel-Buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    // a stream may be quiet for longer than the server's idle timeout for requests: its liveness is
    // the keepalive comment, and a peer that stops taking them is dropped by the buffer bounds
    res.socket?.setTimeout(0);
    this.keepalive = setInterval(() => {
      // a timer's failure is this client's alone: it ends the stream, never the process
      try {
        this.frame(': keepalive\n\n');
      } catch (error) {
        process.stderr.write(
          `streaming: an SSE client's keepalive failed: ${(error as Error).stack ?? String(error)}\n`,
        );
        this.close();
      }
    }, limits.keepaliveMs);
    res.on('close', () => this.finish());
    this.frame(
      `event: connected\ndata: ${JSON.stringify(id === undefined ? { status: 'subscribed' } : { id, status: 'subscribed' })}\n\n`,
    );
  }

  send(json: string, step: number): void {
    if (this.ended) return;
    // One step's notifications are written together; a client is slow when a new step finds
    // more than the bound still waiting from the earlier ones.
    if (step !== this.step) {
      this.step = step;
      if (this.tooSlow()) return;
    }
    this.write(`event: event\ndata: ${json}\n\n`);
  }

  /** Ends the stream (server shutdown). */
  close(): void {
    if (this.ended) return;
    this.finish();
    this.res.end();
  }

  private frame(text: string): void {
    if (this.ended || this.tooSlow()) return;
    this.write(text);
  }

  private write(text: string): void {
    // the byte bound holds at every write, not only between steps: one block's notifications for
    // a busy address could otherwise pile up without end in front of a client that does not read
    if (this.res.writableLength + Buffer.byteLength(text) > this.limits.clientBufferBytes) {
      this.dropSlow();
      return;
    }
    this.unflushed += 1;
    this.res.write(text, () => {
      this.unflushed -= 1;
    });
    this.keepalive.refresh();
  }

  /** Drops the client when its socket still holds more than the bound; says whether it did. */
  private tooSlow(): boolean {
    if (this.unflushed <= this.limits.clientBuffer && this.res.writableLength <= this.limits.clientBufferBytes)
      return false;
    this.dropSlow();
    return true;
  }

  private dropSlow(): void {
    this.drop(
      `slow consumer: ${this.unflushed} notifications (${this.res.writableLength} bytes) still waiting for the connection to take them; the stream is closed`,
    );
  }

  private drop(reason: string): void {
    const body = this.id === undefined ? { error: reason } : { id: this.id, error: reason };
    this.finish();
    this.res.end(`event: error\ndata: ${JSON.stringify(body)}\n\n`);
    // a socket that takes nothing may never finish ending: cut it
    setTimeout(() => this.res.destroy(), DROP_GRACE_MS).unref();
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.keepalive);
    this.onEnd(this);
  }
}
