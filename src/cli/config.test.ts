import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config';
import { defaultLimits } from '../server/limits';
import { defaultStreamingLimits } from '../server/streaming/limits';

describe('readConfig', () => {
  it('has the documented defaults', () => {
    expect(readConfig({})).toEqual({ port: 8080, host: '127.0.0.1', dbPath: 'data/ledger.db', seed: 42, live: true, txs: 3000, limits: defaultLimits(), streaming: defaultStreamingLimits() });
  });

  it('reads every variable', () => {
    expect(readConfig({ PORT: '9000', HOST: '0.0.0.0', LEDGER_DB: '/tmp/x.db', LEDGER_SEED: '7', LEDGER_LIVE: 'OFF', LEDGER_TXS: '500' }))
      .toMatchObject({ port: 9000, host: '0.0.0.0', dbPath: '/tmp/x.db', seed: 7, live: false, txs: 500 });
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
    [{ STREAM_MAX_ADDRESSES: '0' }, /STREAM_MAX_ADDRESSES must be an integer from 1/],
    [{ STREAM_KEEPALIVE_MS: '10' }, /STREAM_KEEPALIVE_MS must be an integer from 100/],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});
