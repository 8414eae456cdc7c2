/** The streaming endpoints' bounds (README's configuration table and docs/api.md say what each does). */
export interface StreamingLimits {
  /** Streaming connections open at once, SSE and WebSocket together (`STREAM_MAX_CONNECTIONS`): past it, 429. */
  maxConnections: number;
  /** Of those, from one client address (`STREAM_MAX_CONNECTIONS_PER_IP`): past it, 429. */
  maxConnectionsPerIp: number;
  /** Addresses (and, apart, trace hashes) in one subscription (`STREAM_MAX_ADDRESSES`): past it, 400. */
  maxAddresses: number;
  /** Notifications written to a client and not yet taken by its socket (`STREAM_CLIENT_BUFFER`): past it, the client is dropped. */
  clientBuffer: number;
  /** Bytes waiting in a client's socket buffer (`STREAM_CLIENT_BUFFER_BYTES`): past it, the client is dropped. */
  clientBufferBytes: number;
  /** Idle time before an SSE `: keepalive` comment; the period of WebSocket pings, each to be answered before the next (`STREAM_KEEPALIVE_MS`). */
  keepaliveMs: number;
  /** How often the follower looks for new blocks written by another process (`STREAM_POLL_MS`). */
  pollMs: number;
  /** Subscription changes (`subscribe`, `unsubscribe`) one WebSocket connection may make per minute (`STREAM_RESUBSCRIBES_PER_MINUTE`): past it, an error answer. */
  resubscribesPerMinute: number;
  /** Messages and ping frames one WebSocket connection may send per second, on average over a few seconds (`STREAM_MESSAGES_PER_SECOND`): past it, the connection is closed (1008). */
  messagesPerSecond: number;
}

export function defaultStreamingLimits(overrides: Partial<StreamingLimits> = {}): StreamingLimits {
  return {
    maxConnections: 10_000,
    maxConnectionsPerIp: 100,
    maxAddresses: 1000,
    // TON Center keeps 16 notifications per SSE client
    clientBuffer: 16,
    clientBufferBytes: 8 * 1024 * 1024,
    keepaliveMs: 15_000,
    pollMs: 20,
    resubscribesPerMinute: 60,
    messagesPerSecond: 20,
    ...overrides,
  };
}

/**
 * The largest subscription body (SSE) or WebSocket message worth reading, from the address cap: a
 * full subscription is `maxAddresses` addresses and as many trace hashes, each at most ~70 characters
 * quoted (a raw address `-1:` + 64 hex; a user-friendly one 48), plus the fields. Anything longer
 * cannot be a valid subscription, so it is refused by its size (413, or WebSocket close 1009) before
 * a byte of it is parsed.
 */
export function maxSubscriptionBytes(limits: Pick<StreamingLimits, 'maxAddresses'>): number {
  return 16 * 1024 + limits.maxAddresses * 2 * 96;
}

/**
 * A token bucket: `take()` succeeds while the average rate stays within `perSecond`, allowing
 * bursts of `burst`. One per connection and purpose; time from a monotonic clock.
 */
export class RateBucket {
  private tokens: number;
  private at = performance.now();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }

  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
