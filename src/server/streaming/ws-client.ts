import type { WebSocket } from 'ws';
import type { StreamClient, StreamHub } from './hub';
import { RateBucket, type StreamingLimits } from './limits';
import {
  actionsVersionHeader,
  describeInput,
  idOf,
  parseSubscription,
  SubscriptionError,
  type Subscription,
} from './subscription';
import { rawAddress } from '../../ton/address';
import { hashToBase64, parseHash } from '../../ton/hash';
import { TonInputError } from '../../ton/errors';

/** WebSocket close code for a client dropped for not keeping up, or for flooding (1008: policy violation). */
export const SLOW_CONSUMER_CLOSE = 1008;
/** How long a dropped client's socket may take to take its close frame before it is cut. */
const DROP_GRACE_MS = 2000;

/**
 * One WebSocket subscriber in TON Center's v2 dialect: every message is a JSON envelope
 * `{id?, operation, ...}`; `subscribe` replaces the whole subscription (the fields of the SSE body),
 * `unsubscribe` removes addresses or trace hashes from it, `ping` answers `pong`. Answers are
 * `{id?, status}` or `{id?, error}`; notifications are the same JSON as SSE's `data`.
 *
 * What the client sends never reaches the process as an exception: each message is handled inside
 * one try/catch, and a failure answers that client alone. What the client makes the server hold is
 * bounded: every frame written (notifications, answers, pongs) is counted against the buffer bounds
 * as it is written; messages and ping frames are rate-limited; a ping every `keepaliveMs` must be
 * answered before the next, or the connection (half-open, or a peer that stopped reading) is cut.
 */
export class WsClient implements StreamClient {
  subscription: Subscription | null = null;
  /** Messages handed to the socket whose write has not completed yet. */
  private unflushed = 0;
  private step = -1;
  private readonly keepalive: NodeJS.Timeout;
  private awaitingPong = false;
  private ended = false;
  private readonly defaultSupported: string[];
  private readonly messages: RateBucket;
  private readonly resubscribes: RateBucket;

  constructor(
    readonly ip: string,
    private readonly ws: WebSocket,
    private readonly hub: StreamHub,
    private readonly limits: StreamingLimits,
    actionsVersion: string | string[] | undefined,
    private readonly onEnd: (client: WsClient) => void,
  ) {
    this.defaultSupported = actionsVersionHeader(actionsVersion);
    this.messages = new RateBucket(limits.messagesPerSecond, limits.messagesPerSecond * 5);
    this.resubscribes = new RateBucket(
      limits.resubscribesPerMinute / 60,
      Math.max(1, Math.min(10, limits.resubscribesPerMinute)),
    );
    // a ping keeps proxies from closing the connection; one still unanswered at the next finds a
    // dead peer (or one that stopped reading) and frees its slot
    this.keepalive = setInterval(() => this.contain(() => this.heartbeat()), limits.keepaliveMs);
    ws.on('message', (data, isBinary) => this.contain(() => this.receive(isBinary ? null : data.toString())));
    ws.on('ping', () => this.contain(() => this.pinged()));
    ws.on('pong', () => {
      this.awaitingPong = false;
    });
    ws.on('close', () => this.finish());
    ws.on('error', () => this.finish());
  }

  send(json: string, step: number): void {
    if (this.ended) return;
    // one step's notifications are written together; a client is slow when a new step finds more
    // than the count bound still waiting, or at any write that would pass the byte bound
    if (step !== this.step && (this.step = step) >= 0 && this.unflushed > this.limits.clientBuffer) {
      this.drop(
        'slow consumer',
        `slow consumer: ${this.unflushed} notifications (${this.ws.bufferedAmount} bytes) still waiting for the connection to take them; closing`,
      );
      return;
    }
    this.write(json);
  }

  close(): void {
    this.finish();
    this.ws.close(1001, 'server shutting down');
  }

  /** Runs one piece of this client's handling; whatever it throws ends this client, never the process. */
  private contain(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      process.stderr.write(
        `streaming: a WebSocket client's message failed: ${(error as Error).stack ?? String(error)}\n`,
      );
      this.drop('internal error', 'internal error handling this message; closing');
    }
  }

  /** Writes a frame unless it would take the bytes waiting past the bound, which drops the client. */
  private write(text: string): void {
    if (this.ended) return;
    if (this.ws.bufferedAmount + Buffer.byteLength(text) > this.limits.clientBufferBytes) {
      this.drop(
        'slow consumer',
        `slow consumer: ${this.ws.bufferedAmount} bytes still waiting for the connection to take them; closing`,
      );
      return;
    }
    this.unflushed += 1;
    this.ws.send(text, () => {
      this.unflushed -= 1;
    });
  }

  private heartbeat(): void {
    if (this.ended) return;
    if (this.awaitingPong) {
      // no close handshake: a peer that answers no ping would not answer that either
      this.finish();
      this.ws.terminate();
      return;
    }
    this.awaitingPong = true;
    this.ws.ping();
  }

  /** A ping frame: answered with a pong like any reply, within the rate and the buffer bound. */
  private pinged(): void {
    if (this.ended || !this.withinRate()) return;
    if (this.ws.bufferedAmount + 2 > this.limits.clientBufferBytes) {
      this.drop(
        'slow consumer',
        `slow consumer: ${this.ws.bufferedAmount} bytes still waiting for the connection to take them; closing`,
      );
      return;
    }
    this.ws.pong();
  }

  /** Counts one incoming message or ping; a client past the rate is closed. */
  private withinRate(): boolean {
    if (this.messages.take()) return true;
    this.drop(
      'message rate exceeded',
      `too many messages: at most ${this.limits.messagesPerSecond} per second; closing`,
    );
    return false;
  }

  /** Ends the client with an error frame and a close code, cutting the socket if it takes neither. */
  private drop(closeReason: string, error: string): void {
    if (this.ended) return;
    // the error frame is written past the bound: it is the last thing the client is sent
    this.ws.send(JSON.stringify({ error }));
    this.finish();
    this.ws.close(SLOW_CONSUMER_CLOSE, closeReason);
    setTimeout(() => this.ws.terminate(), DROP_GRACE_MS).unref();
  }

  private answer(id: string | undefined, body: { status: string } | { error: string }): void {
    if (this.ended) return;
    this.write(JSON.stringify(id === undefined ? body : { id, ...body }));
  }

  private receive(text: string | null): void {
    if (this.ended || !this.withinRate()) return;
    let envelope: unknown;
    try {
      if (text === null) throw new Error('binary messages are not accepted');
      envelope = JSON.parse(text);
    } catch (error) {
      this.answer(undefined, { error: `invalid request envelope: ${(error as Error).message}` });
      return;
    }
    const id = idOf(envelope);
    const op =
      envelope !== null && typeof envelope === 'object' ? (envelope as Record<string, unknown>).operation : undefined;
    try {
      switch (op) {
        case 'ping':
          this.answer(id, { status: 'pong' });
          return;
        case 'subscribe': {
          if (!this.resubscribeAllowed(id)) return;
          const sub = parseSubscription(envelope, {
            maxAddresses: this.limits.maxAddresses,
            defaultSupported: this.defaultSupported,
            extraFields: ['operation'],
          });
          this.hub.subscribe(this, sub);
          this.answer(id, { status: 'subscribed' });
          return;
        }
        case 'unsubscribe':
          if (!this.resubscribeAllowed(id)) return;
          this.unsubscribe(envelope as Record<string, unknown>, id);
          this.answer(id, { status: 'unsubscribed' });
          return;
        default:
          this.answer(id, {
            error:
              op === undefined
                ? 'operation is required: subscribe, unsubscribe or ping'
                : `unknown operation: ${describeInput(op)}; known: subscribe, unsubscribe, ping`,
          });
      }
    } catch (error) {
      if (error instanceof SubscriptionError) this.answer(id, { error: error.message });
      else throw error;
    }
  }

  private resubscribeAllowed(id: string | undefined): boolean {
    if (this.resubscribes.take()) return true;
    this.answer(id, {
      error: `too many subscription changes: at most ${this.limits.resubscribesPerMinute} per minute; the current subscription stays`,
    });
    return false;
  }

  /** Removes the named addresses and trace hashes from the subscription (the rest stays). */
  private unsubscribe(envelope: Record<string, unknown>, id: string | undefined): void {
    for (const key of Object.keys(envelope)) {
      if (!['id', 'operation', 'addresses', 'trace_external_hash_norms'].includes(key)) {
        throw new SubscriptionError(
          `unknown field ${describeInput(key)}; accepted: id, operation, addresses, trace_external_hash_norms`,
          id,
        );
      }
    }
    const list = (field: string, read: (s: string) => string): string[] => {
      const v = envelope[field];
      if (v === undefined || v === null) return [];
      if (!Array.isArray(v)) throw new SubscriptionError(`${field} must be a list of strings`, id);
      if (v.length > this.limits.maxAddresses)
        throw new SubscriptionError(`too many ${field}: ${v.length} > max ${this.limits.maxAddresses}`, id);
      return v.map((x, i) => {
        if (typeof x !== 'string') throw new SubscriptionError(`${field}[${i}] must be a string`, id);
        try {
          return read(x.trim());
        } catch (error) {
          if (error instanceof TonInputError) throw new SubscriptionError(`${field}[${i}]: ${error.message}`, id);
          throw error;
        }
      });
    };
    const addresses = list('addresses', rawAddress);
    const traces = list('trace_external_hash_norms', (s) => hashToBase64(parseHash(s)));
    if (addresses.length === 0 && traces.length === 0)
      throw new SubscriptionError('addresses or trace_external_hash_norms are required', id);
    const sub = this.subscription;
    if (!sub) return;
    const next: Subscription = { ...sub, addresses: new Set(sub.addresses), traces: new Set(sub.traces) };
    for (const a of addresses) next.addresses.delete(a);
    for (const t of traces) next.traces.delete(t);
    this.hub.subscribe(this, next);
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.keepalive);
    this.onEnd(this);
  }
}
