import { availableParallelism } from 'node:os';

/** The service's bounds (README's configuration table and docs/api.md say what each does). */
export interface ServiceLimits {
  /** Reader workers for any request (`API_WORKERS`). */
  workers: number;
  /** Reader workers kept for light requests only (`API_LIGHT_WORKERS`). */
  lightWorkers: number;
  /** A request's time budget (`API_QUERY_TIMEOUT_MS`): past it, 504. */
  queryTimeoutMs: number;
  /** Heavy requests running or waiting for a worker (`API_MAX_INFLIGHT`): past it, 503. */
  maxInflight: number;
  /** Light requests running or waiting (`API_MAX_INFLIGHT_LIGHT`): past it, 503. */
  maxInflightLight: number;
  /** Heavy requests one client address may have running or waiting (`API_MAX_HEAVY_PER_CLIENT`): past it, 429. */
  maxHeavyPerClient: number;
  /** Reader workers one client address's heavy requests may hold at once (`API_HEAVY_WORKERS_PER_CLIENT`); the rest wait. */
  heavyWorkersPerClient: number;
  /** HTTP connections open at once, streaming ones included (`API_MAX_CONNECTIONS`): past it, new ones are refused. */
  maxConnections: number;
  /** Of those, from one client address (`API_MAX_CONNECTIONS_PER_CLIENT`): past it, 429 and the connection is closed. */
  maxConnectionsPerClient: number;
  /** A connection that sends and takes nothing for this long is closed: idle, or a reader that stopped reading (`API_IDLE_TIMEOUT_MS`). */
  idleTimeoutMs: number;
  /** Transactions printed per trace (`API_TRACE_MAX_TXS`); a longer trace is cut, by lt, and says so. */
  traceMaxTxs: number;
  /** Bytes of answers kept until the next commit (`API_ANSWER_CACHE_MB`); 0 turns the cache off. */
  answerCacheBytes: number;
  /**
   * Where the witness of commits is a round trip (PostgreSQL): how long before a request came the
   * read of the mark it is looked up on may have begun (`API_ANSWER_STALENESS_MS`); 0, after it came.
   */
  answerStalenessMs: number;
}

export function defaultLimits(overrides: Partial<ServiceLimits> = {}): ServiceLimits {
  const workers = overrides.workers ?? Math.max(1, availableParallelism());
  const maxInflight = overrides.maxInflight ?? Math.max(16, 4 * workers);
  const queryTimeoutMs = overrides.queryTimeoutMs ?? 3000;
  return {
    workers,
    lightWorkers: 1,
    queryTimeoutMs,
    // a client's burst of a few parallel pages is queued, not refused, even on one core
    maxInflight,
    maxInflightLight: 64,
    // half the heavy lane per client (a page's burst of parallel requests is queued, not refused),
    // and half the workers: one client can neither fill the lane nor hold every worker, so another
    // client's heavy request always finds room
    maxHeavyPerClient: Math.max(1, Math.floor(maxInflight / 2)),
    heavyWorkersPerClient: Math.max(1, Math.floor(workers / 2)),
    maxConnections: 20_000,
    maxConnectionsPerClient: 256,
    // longer than a request may wait for its answer to start (its budget), with room to spare
    idleTimeoutMs: Math.max(10_000, queryTimeoutMs + 5000),
    traceMaxTxs: 4000,
    answerCacheBytes: 64 * 1024 * 1024,
    // a few event-loop turns under load (what SQLite's once-per-turn lookup may lag by), and far
    // below a block's interval: with the mark refreshed in the background past half of it, a busy
    // server makes a witness read every ~3 ms instead of one per kept answer
    answerStalenessMs: 5,
    ...overrides,
  };
}
