// Configuration from the environment, checked once at start: a bad value stops with a message
// naming the variable rather than running with a surprise.

import { defaultLimits, type ServiceLimits } from '../server/limits';
import { defaultStreamingLimits, type StreamingLimits } from '../server/streaming/limits';

export interface Config {
  port: number;
  host: string;
  dbPath: string;
  seed: number;
  live: boolean;
  txs: number;
  limits: ServiceLimits;
  streaming: StreamingLimits;
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return Number(raw);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const live = (env.LEDGER_LIVE ?? 'on').toLowerCase();
  if (live !== 'on' && live !== 'off') throw new ConfigError(`LEDGER_LIVE must be on or off, got ${JSON.stringify(env.LEDGER_LIVE)}`);
  const workers = int(env, 'API_WORKERS', defaultLimits().workers, 1, 256);
  const defaults = defaultLimits({ workers });
  const limits: ServiceLimits = {
    workers,
    lightWorkers: int(env, 'API_LIGHT_WORKERS', defaults.lightWorkers, 0, 64),
    queryTimeoutMs: int(env, 'API_QUERY_TIMEOUT_MS', defaults.queryTimeoutMs, 1, 3_600_000),
    maxInflight: int(env, 'API_MAX_INFLIGHT', defaults.maxInflight, 1, 100_000),
    maxInflightLight: int(env, 'API_MAX_INFLIGHT_LIGHT', defaults.maxInflightLight, 1, 100_000),
    traceMaxTxs: int(env, 'API_TRACE_MAX_TXS', defaults.traceMaxTxs, 1, 1_000_000),
  };
  const s = defaultStreamingLimits();
  const streaming: StreamingLimits = {
    maxConnections: int(env, 'STREAM_MAX_CONNECTIONS', s.maxConnections, 1, 1_000_000),
    maxConnectionsPerIp: int(env, 'STREAM_MAX_CONNECTIONS_PER_IP', s.maxConnectionsPerIp, 1, 1_000_000),
    maxAddresses: int(env, 'STREAM_MAX_ADDRESSES', s.maxAddresses, 1, 1_000_000),
    clientBuffer: int(env, 'STREAM_CLIENT_BUFFER', s.clientBuffer, 1, 100_000),
    clientBufferBytes: int(env, 'STREAM_CLIENT_BUFFER_BYTES', s.clientBufferBytes, 1024, 1024 * 1024 * 1024),
    keepaliveMs: int(env, 'STREAM_KEEPALIVE_MS', s.keepaliveMs, 100, 3_600_000),
    pollMs: int(env, 'STREAM_POLL_MS', s.pollMs, 1, 60_000),
  };
  return {
    limits,
    streaming,
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dbPath: env.LEDGER_DB || 'data/ledger.db',
    seed: int(env, 'LEDGER_SEED', 42, 0, 2 ** 31 - 1),
    live: live === 'on',
    txs: int(env, 'LEDGER_TXS', 3000, 1, 10_000_000),
  };
}
