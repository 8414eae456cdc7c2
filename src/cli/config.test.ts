import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config';
import { defaultStreamingLimits } from '../server/streaming/limits';

describe('readConfig', () => {
  it('has the documented defaults', () => {
    const workers = availableParallelism();
    const limits = { workers, lightWorkers: 1, queryTimeoutMs: 3000, maxInflight: Math.max(16, 4 * workers), maxInflightLight: 64, traceMaxTxs: 1000 };
    expect(readConfig({})).toEqual({ port: 8080, host: '127.0.0.1', dbPath: 'data/ledger.db', seed: 42, live: true, txs: 3000, limits, streaming: defaultStreamingLimits() });
  });

  it('reads every variable', () => {
    expect(readConfig({ PORT: '9000', HOST: '0.0.0.0', LEDGER_DB: '/tmp/x.db', LEDGER_SEED: '7', LEDGER_LIVE: 'OFF', LEDGER_TXS: '500' }))
      .toMatchObject({ port: 9000, host: '0.0.0.0', dbPath: '/tmp/x.db', seed: 7, live: false, txs: 500 });
    const api = { API_WORKERS: '3', API_LIGHT_WORKERS: '2', API_QUERY_TIMEOUT_MS: '250', API_MAX_INFLIGHT: '5', API_MAX_INFLIGHT_LIGHT: '9', API_TRACE_MAX_TXS: '40' };
    expect(readConfig(api).limits).toEqual({ workers: 3, lightWorkers: 2, queryTimeoutMs: 250, maxInflight: 5, maxInflightLight: 9, traceMaxTxs: 40 });
    // the bound on heavy work follows the number of workers unless it is set
    expect(readConfig({ API_WORKERS: '8' }).limits.maxInflight).toBe(32);
    expect(readConfig({
      STREAM_MAX_CONNECTIONS: '50', STREAM_MAX_CONNECTIONS_PER_IP: '5', STREAM_MAX_ADDRESSES: '10', STREAM_CLIENT_BUFFER: '4',
      STREAM_CLIENT_BUFFER_BYTES: '65536', STREAM_KEEPALIVE_MS: '1000', STREAM_POLL_MS: '5',
    }).streaming).toEqual({ maxConnections: 50, maxConnectionsPerIp: 5, maxAddresses: 10, clientBuffer: 4, clientBufferBytes: 65536, keepaliveMs: 1000, pollMs: 5 });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be an integer from 0 to 65535, got "abc"/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '-1' }, /PORT/],
    [{ LEDGER_SEED: '1.5' }, /LEDGER_SEED must be an integer/],
    [{ LEDGER_TXS: '0' }, /LEDGER_TXS must be an integer from 1/],
    [{ LEDGER_LIVE: 'yes' }, /LEDGER_LIVE must be on or off, got "yes"/],
    [{ API_WORKERS: '0' }, /API_WORKERS must be an integer from 1/],
    [{ API_QUERY_TIMEOUT_MS: '3s' }, /API_QUERY_TIMEOUT_MS must be an integer/],
    [{ API_MAX_INFLIGHT: '0' }, /API_MAX_INFLIGHT must be an integer from 1/],
    [{ API_TRACE_MAX_TXS: '-5' }, /API_TRACE_MAX_TXS must be an integer/],
    [{ STREAM_MAX_ADDRESSES: '0' }, /STREAM_MAX_ADDRESSES must be an integer from 1/],
    [{ STREAM_KEEPALIVE_MS: '10' }, /STREAM_KEEPALIVE_MS must be an integer from 100/],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});
