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
  /** Idle time before an SSE `: keepalive` comment or a WebSocket ping (`STREAM_KEEPALIVE_MS`). */
  keepaliveMs: number;
  /** How often the follower looks for new blocks written by another process (`STREAM_POLL_MS`). */
  pollMs: number;
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
    ...overrides,
  };
}
