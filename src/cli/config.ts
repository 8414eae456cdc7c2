// Configuration from the environment, checked once at start: a bad value stops with a message
// naming the variable rather than running with a surprise.

import { defaultLimits, type ServiceLimits } from '../server/limits';
import { defaultStreamingLimits, type StreamingLimits } from '../server/streaming/limits';
import { isPostgresUrl, maskUrl } from '../store/postgres/pg-location';

/**
 * What this process does: `all` (the default, `npm start`) produces and serves; `producer` only
 * writes the ledger; `api` only serves it, reading, so any number of them can share one ledger.
 */
export type Role = 'all' | 'producer' | 'api';

export interface Config {
  port: number;
  host: string;
  role: Role;
  /** LEDGER_DB: a SQLite file path or a `postgres://user:password@host:port/database` URL. */
  dbPath: string;
  /** LEDGER_DB_READ: where an API process reads (a PostgreSQL streaming replica); LEDGER_DB when unset. */
  readLocation: string | null;
  /** LEDGER_PG_PARTITION_SPAN: masterchain seqnos per partition of a new PostgreSQL ledger. */
  partitionSpan: number;
  seed: number;
  live: boolean;
  txs: number;
  /** Unix seconds the generated history ends at (LEDGER_EPOCH); unset: the ledger's first start. */
  epoch: number | undefined;
  limits: ServiceLimits;
  streaming: StreamingLimits;
  /** API_TRUST_PROXY: the API is behind a reverse proxy; client addresses come from X-Forwarded-For. */
  trustProxy: boolean | string[];
  /** LEDGER_SEND: the API accepts messages (a local network) and lists its pre-funded wallets. */
  send: boolean;
  /** LEDGER_TRAFFIC: live blocks carry the generated traffic (off: only what developers send). */
  traffic: boolean;
  /** LEDGER_BLOCK_PACE: `instant` (a block as soon as a message comes) or `interval` (every 3 s only). */
  instantBlocks: boolean;
  /** API_SEND_KEY: sending needs this API key (reads stay open); null: no key. */
  sendKey: string | null;
  /** API_SENDS_PER_SECOND: messages one client may send a second (bursts of twice that). */
  sendsPerSecond: number;
  /** FAUCET_MAX_TON: TON one faucet request may ask for. */
  faucetMaxTon: number;
  /** FAUCET_TON_PER_HOUR: TON the faucet pays one client an hour. */
  faucetTonPerHour: number;
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (raw === '') return fallback;
  if (raw !== 'on' && raw !== 'off')
    throw new ConfigError(`${name} must be on or off, got ${JSON.stringify(env[name])}`);
  return raw === 'on';
}

export class ConfigError extends Error {}

export function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return Number(raw);
}

/** LEDGER_EPOCH: unix seconds (2001 to 2096), or undefined when unset. */
export function readEpoch(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return env.LEDGER_EPOCH ? int(env, 'LEDGER_EPOCH', 0, 1_000_000_000, 4_000_000_000) : undefined;
}

/** A PostgreSQL URL that names a host and a database, with a numeric port if any. */
function postgresUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      `${name} is not a valid URL: ${maskUrl(value)} (expected postgres://user:password@host:port/database)`,
    );
  }
  if (!url.hostname)
    throw new ConfigError(
      `${name} names no host: ${maskUrl(value)} (expected postgres://user:password@host:port/database)`,
    );
  if (url.pathname.length <= 1)
    throw new ConfigError(
      `${name} names no database: ${maskUrl(value)} (expected postgres://user:password@host:port/database)`,
    );
  return value;
}

/**
 * `API_TRUST_PROXY`: unset or `false` (clients connect directly), `true` (the nearest address of
 * X-Forwarded-For is the client's), or the proxies' addresses and CIDR ranges, comma-separated.
 */
function trustProxy(value: string | undefined): boolean | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const item of list) {
    if (!/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(item))
      throw new ConfigError(
        `API_TRUST_PROXY must be true, false or a list of proxy addresses (CIDR allowed), got ${JSON.stringify(item)}`,
      );
  }
  return list;
}

function blockPace(value: string | undefined): boolean {
  const v = (value ?? '').toLowerCase();
  if (v === '' || v === 'instant') return true;
  if (v === 'interval') return false;
  throw new ConfigError(`LEDGER_BLOCK_PACE must be instant or interval, got ${JSON.stringify(value)}`);
}

/** API_SEND_KEY: printable, no spaces, 8 to 256 characters; unset or empty: no key. */
function sendKey(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!/^[\x21-\x7e]{8,256}$/.test(value))
    throw new ConfigError('API_SEND_KEY must be 8 to 256 printable characters without spaces');
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const live = (env.LEDGER_LIVE ?? 'on').toLowerCase();
  if (live !== 'on' && live !== 'off')
    throw new ConfigError(`LEDGER_LIVE must be on or off, got ${JSON.stringify(env.LEDGER_LIVE)}`);
  const role = (env.LEDGER_ROLE || 'all').toLowerCase();
  if (role !== 'all' && role !== 'producer' && role !== 'api') {
    throw new ConfigError(`LEDGER_ROLE must be all, producer or api, got ${JSON.stringify(env.LEDGER_ROLE)}`);
  }
  const dbPath = env.LEDGER_DB || 'data/ledger.db';
  if (isPostgresUrl(dbPath)) postgresUrl('LEDGER_DB', dbPath);
  let readLocation: string | null = null;
  if (env.LEDGER_DB_READ) {
    if (!isPostgresUrl(env.LEDGER_DB_READ) || !isPostgresUrl(dbPath)) {
      throw new ConfigError(
        'LEDGER_DB_READ points reads at a PostgreSQL replica: both it and LEDGER_DB must be postgres:// URLs',
      );
    }
    if (role === 'producer')
      throw new ConfigError('LEDGER_DB_READ is for processes that serve (LEDGER_ROLE=api or all), not for a producer');
    readLocation = postgresUrl('LEDGER_DB_READ', env.LEDGER_DB_READ);
  }
  const workers = int(env, 'API_WORKERS', defaultLimits().workers, 1, 256);
  const first = defaultLimits({ workers });
  const queryTimeoutMs = int(env, 'API_QUERY_TIMEOUT_MS', first.queryTimeoutMs, 1, 3_600_000);
  const maxInflight = int(env, 'API_MAX_INFLIGHT', first.maxInflight, 1, 100_000);
  // the per-client bounds and the idle timeout follow the lane's bound and the budget when unset
  const defaults = defaultLimits({ workers, queryTimeoutMs, maxInflight });
  const limits: ServiceLimits = {
    workers,
    lightWorkers: int(env, 'API_LIGHT_WORKERS', defaults.lightWorkers, 0, 64),
    queryTimeoutMs,
    maxInflight,
    maxInflightLight: int(env, 'API_MAX_INFLIGHT_LIGHT', defaults.maxInflightLight, 1, 100_000),
    maxHeavyPerClient: int(env, 'API_MAX_HEAVY_PER_CLIENT', defaults.maxHeavyPerClient, 1, 100_000),
    heavyWorkersPerClient: int(env, 'API_HEAVY_WORKERS_PER_CLIENT', defaults.heavyWorkersPerClient, 1, 256),
    maxConnections: int(env, 'API_MAX_CONNECTIONS', defaults.maxConnections, 1, 10_000_000),
    maxConnectionsPerClient: int(
      env,
      'API_MAX_CONNECTIONS_PER_CLIENT',
      defaults.maxConnectionsPerClient,
      1,
      10_000_000,
    ),
    idleTimeoutMs: int(env, 'API_IDLE_TIMEOUT_MS', defaults.idleTimeoutMs, 100, 3_600_000),
    traceMaxTxs: int(env, 'API_TRACE_MAX_TXS', defaults.traceMaxTxs, 1, 1_000_000),
    answerCacheBytes: int(env, 'API_ANSWER_CACHE_MB', defaults.answerCacheBytes / 1024 / 1024, 0, 65_536) * 1024 * 1024,
    answerStalenessMs: int(env, 'API_ANSWER_STALENESS_MS', defaults.answerStalenessMs, 0, 10_000),
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
    resubscribesPerMinute: int(env, 'STREAM_RESUBSCRIBES_PER_MINUTE', s.resubscribesPerMinute, 1, 1_000_000),
    messagesPerSecond: int(env, 'STREAM_MESSAGES_PER_SECOND', s.messagesPerSecond, 1, 1_000_000),
  };
  return {
    limits,
    streaming,
    trustProxy: trustProxy(env.API_TRUST_PROXY),
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    role,
    dbPath,
    readLocation,
    partitionSpan: int(env, 'LEDGER_PG_PARTITION_SPAN', 100_000, 1, 100_000_000),
    seed: int(env, 'LEDGER_SEED', 42, 0, 2 ** 31 - 1),
    live: live === 'on',
    txs: int(env, 'LEDGER_TXS', 3000, 1, 10_000_000),
    epoch: readEpoch(env),
    send: onOff(env, 'LEDGER_SEND', true),
    traffic: onOff(env, 'LEDGER_TRAFFIC', true),
    instantBlocks: blockPace(env.LEDGER_BLOCK_PACE),
    sendKey: sendKey(env.API_SEND_KEY),
    sendsPerSecond: int(env, 'API_SENDS_PER_SECOND', 20, 1, 1_000_000),
    faucetMaxTon: int(env, 'FAUCET_MAX_TON', 1000, 1, 1_000_000),
    faucetTonPerHour: int(env, 'FAUCET_TON_PER_HOUR', 10_000, 1, 100_000_000),
  };
}
