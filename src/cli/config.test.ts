import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config';
import { defaultStreamingLimits } from '../server/streaming/limits';

describe('readConfig', () => {
  it('has the documented defaults', () => {
    const workers = availableParallelism();
    const maxInflight = Math.max(16, 4 * workers);
    const limits = {
      workers,
      lightWorkers: 1,
      queryTimeoutMs: 3000,
      maxInflight,
      maxInflightLight: 64,
      traceMaxTxs: 4000,
      answerCacheBytes: 64 * 1024 * 1024,
      answerStalenessMs: 5,
      maxHeavyPerClient: Math.floor(maxInflight / 2),
      heavyWorkersPerClient: Math.max(1, Math.floor(workers / 2)),
      maxConnections: 20_000,
      maxConnectionsPerClient: 256,
      idleTimeoutMs: 10_000,
    };
    expect(readConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      role: 'all',
      dbPath: 'data/ledger.db',
      readLocation: null,
      partitionSpan: 100_000,
      seed: 42,
      live: true,
      txs: 3000,
      limits,
      streaming: defaultStreamingLimits(),
      trustProxy: false,
      send: true,
      traffic: true,
      instantBlocks: true,
      sendKey: null,
      sendsPerSecond: 20,
      faucetMaxTon: 1000,
      faucetTonPerHour: 10_000,
    });
  });

  it('reads every variable', () => {
    expect(
      readConfig({
        PORT: '9000',
        HOST: '0.0.0.0',
        LEDGER_DB: '/tmp/x.db',
        LEDGER_SEED: '7',
        LEDGER_LIVE: 'OFF',
        LEDGER_TXS: '500',
      }),
    ).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      role: 'all',
      dbPath: '/tmp/x.db',
      readLocation: null,
      partitionSpan: 100_000,
      seed: 7,
      live: false,
      txs: 500,
    });
    const api = {
      API_WORKERS: '3',
      API_LIGHT_WORKERS: '2',
      API_QUERY_TIMEOUT_MS: '250',
      API_MAX_INFLIGHT: '5',
      API_MAX_INFLIGHT_LIGHT: '9',
      API_TRACE_MAX_TXS: '40',
      API_MAX_HEAVY_PER_CLIENT: '3',
      API_HEAVY_WORKERS_PER_CLIENT: '2',
      API_MAX_CONNECTIONS: '900',
      API_MAX_CONNECTIONS_PER_CLIENT: '30',
      API_IDLE_TIMEOUT_MS: '7000',
      API_ANSWER_CACHE_MB: '0',
      API_ANSWER_STALENESS_MS: '0',
    };
    expect(readConfig(api).limits).toEqual({
      workers: 3,
      lightWorkers: 2,
      queryTimeoutMs: 250,
      maxInflight: 5,
      maxInflightLight: 9,
      traceMaxTxs: 40,
      maxHeavyPerClient: 3,
      heavyWorkersPerClient: 2,
      maxConnections: 900,
      maxConnectionsPerClient: 30,
      idleTimeoutMs: 7000,
      answerCacheBytes: 0,
      answerStalenessMs: 0,
    });
    // the bound on heavy work follows the number of workers unless it is set, the per-client bounds
    // follow it, and the idle timeout follows the budget
    expect(readConfig({ API_WORKERS: '8' }).limits).toMatchObject({
      maxInflight: 32,
      maxHeavyPerClient: 16,
      heavyWorkersPerClient: 4,
    });
    expect(readConfig({ API_MAX_INFLIGHT: '100' }).limits.maxHeavyPerClient).toBe(50);
    expect(readConfig({ API_QUERY_TIMEOUT_MS: '60000' }).limits.idleTimeoutMs).toBe(65_000);
    expect(
      readConfig({
        STREAM_MAX_CONNECTIONS: '50',
        STREAM_MAX_CONNECTIONS_PER_IP: '5',
        STREAM_MAX_ADDRESSES: '10',
        STREAM_CLIENT_BUFFER: '4',
        STREAM_CLIENT_BUFFER_BYTES: '65536',
        STREAM_KEEPALIVE_MS: '1000',
        STREAM_POLL_MS: '5',
        STREAM_RESUBSCRIBES_PER_MINUTE: '6',
        STREAM_MESSAGES_PER_SECOND: '3',
      }).streaming,
    ).toEqual({
      maxConnections: 50,
      maxConnectionsPerIp: 5,
      maxAddresses: 10,
      clientBuffer: 4,
      clientBufferBytes: 65536,
      keepaliveMs: 1000,
      pollMs: 5,
      resubscribesPerMinute: 6,
      messagesPerSecond: 3,
    });
    expect(readConfig({ API_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ API_TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
    expect(() => readConfig({ API_TRUST_PROXY: 'yes please' })).toThrow(
      /API_TRUST_PROXY must be true, false or a list/,
    );
  });

  it('reads the roles and a replica to read from', () => {
    const c = readConfig({
      LEDGER_ROLE: 'API',
      LEDGER_DB: 'postgres://u:p@primary:5432/ledger',
      LEDGER_DB_READ: 'postgresql://u:p@replica:5433/ledger',
      LEDGER_PG_PARTITION_SPAN: '500',
    });
    expect(c).toMatchObject({
      role: 'api',
      dbPath: 'postgres://u:p@primary:5432/ledger',
      readLocation: 'postgresql://u:p@replica:5433/ledger',
      partitionSpan: 500,
    });
  });

  it('never repeats a password it refuses', () => {
    expect(() => readConfig({ LEDGER_DB: 'postgres://u:hunter2@h:x/l' })).toThrow(/^(?!.*hunter2)/s);
    expect(() => readConfig({ LEDGER_DB: 'postgres://u@h:x/l?password=hunter2' })).toThrow(
      /^(?!.*hunter2).*password=\*\*\*/s,
    );
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be an integer from 0 to 65535, got "abc"/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '-1' }, /PORT/],
    [{ LEDGER_SEED: '1.5' }, /LEDGER_SEED must be an integer/],
    [{ LEDGER_TXS: '0' }, /LEDGER_TXS must be an integer from 1/],
    [{ LEDGER_LIVE: 'yes' }, /LEDGER_LIVE must be on or off, got "yes"/],
    [{ LEDGER_SEND: 'yes' }, /LEDGER_SEND must be on or off, got "yes"/],
    [{ LEDGER_TRAFFIC: '0' }, /LEDGER_TRAFFIC must be on or off, got "0"/],
    [{ LEDGER_BLOCK_PACE: 'fast' }, /LEDGER_BLOCK_PACE must be instant or interval, got "fast"/],
    [{ API_SEND_KEY: 'short' }, /API_SEND_KEY must be 8 to 256 printable characters/],
    [{ API_SENDS_PER_SECOND: '0' }, /API_SENDS_PER_SECOND must be an integer from 1/],
    [{ FAUCET_MAX_TON: '0.5' }, /FAUCET_MAX_TON must be an integer/],
    [{ API_WORKERS: '0' }, /API_WORKERS must be an integer from 1/],
    [{ API_QUERY_TIMEOUT_MS: '3s' }, /API_QUERY_TIMEOUT_MS must be an integer/],
    [{ API_MAX_INFLIGHT: '0' }, /API_MAX_INFLIGHT must be an integer from 1/],
    [{ API_TRACE_MAX_TXS: '-5' }, /API_TRACE_MAX_TXS must be an integer/],
    [{ API_ANSWER_CACHE_MB: 'lots' }, /API_ANSWER_CACHE_MB must be an integer/],
    [{ API_ANSWER_STALENESS_MS: '2.5' }, /API_ANSWER_STALENESS_MS must be an integer from 0 to 10000, got "2.5"/],
    [{ API_ANSWER_STALENESS_MS: '60000' }, /API_ANSWER_STALENESS_MS must be an integer from 0/],
    [{ STREAM_MAX_ADDRESSES: '0' }, /STREAM_MAX_ADDRESSES must be an integer from 1/],
    [{ STREAM_KEEPALIVE_MS: '10' }, /STREAM_KEEPALIVE_MS must be an integer from 100/],
    [{ LEDGER_ROLE: 'reader' }, /LEDGER_ROLE must be all, producer or api, got "reader"/],
    [
      { LEDGER_DB: 'postgres://u:hunter2@db.example:port/ledger' },
      /^LEDGER_DB is not a valid URL: postgres:\/\/u:\*\*\*@db.example:port\/ledger/,
    ],
    [
      { LEDGER_DB: 'postgres://u:hunter2@db.example:5432/' },
      /LEDGER_DB names no database: postgres:\/\/u:\*\*\*@db.example:5432\//,
    ],
    [
      { LEDGER_DB: 'data/x.db', LEDGER_DB_READ: 'postgres://u:p@r:5432/ledger' },
      /both it and LEDGER_DB must be postgres:\/\/ URLs/,
    ],
    [
      { LEDGER_ROLE: 'producer', LEDGER_DB: 'postgres://u:p@h:5432/l', LEDGER_DB_READ: 'postgres://u:p@r:5432/l' },
      /not for a producer/,
    ],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});
