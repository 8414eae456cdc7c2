import type { WebSocket } from 'ws';
import type { StreamClient, StreamHub } from './hub';
import type { StreamingLimits } from './limits';
import { actionsVersionHeader, idOf, parseSubscription, SubscriptionError, type Subscription } from './subscription';
import { rawAddress } from '../../ton/address';
import { hashToBase64, parseHash } from '../../ton/hash';
import { TonInputError } from '../../ton/errors';

/** WebSocket close code for a client dropped for not keeping up (1008: policy violation). */
export const SLOW_CONSUMER_CLOSE = 1008;

/**
 * One WebSocket subscriber in TON Center's v2 dialect: every message is a JSON envelope
 * `{id?, operation, ...}`; `subscribe` replaces the whole subscription (the fields of the SSE body),
 * `unsubscribe` removes addresses or trace hashes from it, `ping` answers `pong`. Answers are
 * `{id?, status}` or `{id?, error}`; notifications are the same JSON as SSE's `data`.
 */
export class WsClient implements StreamClient {
  subscription: Subscription | null = null;
  /** Messages handed to the socket whose write has not completed yet. */
  private unflushed = 0;
  private step = -1;
  private readonly keepalive: NodeJS.Timeout;
  private ended = false;
  private readonly defaultSupported: string[];

  constructor(
    readonly ip: string,
    private readonly ws: WebSocket,
    private readonly hub: StreamHub,
    private readonly limits: StreamingLimits,
    actionsVersion: string | string[] | undefined,
    private readonly onEnd: (client: WsClient) => void,
  ) {
    this.defaultSupported = actionsVersionHeader(actionsVersion);
    // a ping frame while idle keeps proxies from closing the connection and finds dead peers
    this.keepalive = setInterval(() => {
      if (!this.ended) this.ws.ping();
    }, limits.keepaliveMs);
    ws.on('message', (data, isBinary) => this.receive(isBinary ? null : data.toString()));
    ws.on('close', () => this.finish());
    ws.on('error', () => this.finish());
  }

  send(json: string, step: number): void {
    if (this.ended) return;
    // as over SSE: a new step that finds more than the bound still waiting drops the client
    if (step !== this.step && (this.step = step) >= 0 && (this.unflushed > this.limits.clientBuffer || this.ws.bufferedAmount > this.limits.clientBufferBytes)) {
      const reason = `slow consumer: ${this.unflushed} notifications (${this.ws.bufferedAmount} bytes) still waiting for the connection to take them; closing`;
      this.write(JSON.stringify({ error: reason }));
      this.finish();
      this.ws.close(SLOW_CONSUMER_CLOSE, 'slow consumer');
      setTimeout(() => this.ws.terminate(), 2000).unref();
      return;
    }
    this.write(json);
  }

  close(): void {
    this.finish();
    this.ws.close(1001, 'server shutting down');
  }

  private write(text: string): void {
    this.unflushed += 1;
    this.ws.send(text, () => {
      this.unflushed -= 1;
    });
    this.keepalive.refresh();
  }

  private answer(id: string | undefined, body: { status: string } | { error: string }): void {
    if (this.ended) return;
    this.write(JSON.stringify(id === undefined ? body : { id, ...body }));
  }

  private receive(text: string | null): void {
    if (this.ended) return;
    let envelope: unknown;
    try {
      if (text === null) throw new Error('binary messages are not accepted');
      envelope = JSON.parse(text);
    } catch (error) {
      this.answer(undefined, { error: `invalid request envelope: ${(error as Error).message}` });
      return;
    }
    const id = idOf(envelope);
    const op = envelope !== null && typeof envelope === 'object' ? (envelope as Record<string, unknown>).operation : undefined;
    try {
      switch (op) {
        case 'ping':
          this.answer(id, { status: 'pong' });
          return;
        case 'subscribe': {
          const sub = parseSubscription(envelope, { maxAddresses: this.limits.maxAddresses, defaultSupported: this.defaultSupported, extraFields: ['operation'] });
          this.hub.subscribe(this, sub);
          this.answer(id, { status: 'subscribed' });
          return;
        }
        case 'unsubscribe':
          this.unsubscribe(envelope as Record<string, unknown>, id);
          this.answer(id, { status: 'unsubscribed' });
          return;
        default:
          this.answer(id, { error: op === undefined ? 'operation is required: subscribe, unsubscribe or ping' : `unknown operation: ${JSON.stringify(op)}; known: subscribe, unsubscribe, ping` });
      }
    } catch (error) {
      if (error instanceof SubscriptionError) this.answer(id, { error: error.message });
      else throw error;
    }
  }

  /** Removes the named addresses and trace hashes from the subscription (the rest stays). */
  private unsubscribe(envelope: Record<string, unknown>, id: string | undefined): void {
    for (const key of Object.keys(envelope)) {
      if (!['id', 'operation', 'addresses', 'trace_external_hash_norms'].includes(key)) {
        throw new SubscriptionError(`unknown field ${JSON.stringify(key)}; accepted: id, operation, addresses, trace_external_hash_norms`, id);
      }
    }
    const list = (field: string, read: (s: string) => string): string[] => {
      const v = envelope[field];
      if (v === undefined || v === null) return [];
      if (!Array.isArray(v)) throw new SubscriptionError(`${field} must be a list of strings`, id);
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
    if (addresses.length === 0 && traces.length === 0) throw new SubscriptionError('addresses or trace_external_hash_norms are required', id);
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
