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
  /** Transactions printed per trace (`API_TRACE_MAX_TXS`); a longer trace is cut, by lt, and says so. */
  traceMaxTxs: number;
}

export function defaultLimits(overrides: Partial<ServiceLimits> = {}): ServiceLimits {
  const workers = overrides.workers ?? Math.max(1, availableParallelism());
  return {
    workers,
    lightWorkers: 1,
    queryTimeoutMs: 3000,
    // a client's burst of a few parallel pages is queued, not refused, even on one core
    maxInflight: Math.max(16, 4 * workers),
    maxInflightLight: 64,
    traceMaxTxs: 4000,
    ...overrides,
  };
}
