import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config';

describe('readConfig', () => {
  it('has the documented defaults', () => {
    expect(readConfig({})).toEqual({ port: 8080, host: '127.0.0.1', dbPath: 'data/ledger.db', seed: 42, live: true, txs: 3000 });
  });

  it('reads every variable', () => {
    expect(readConfig({ PORT: '9000', HOST: '0.0.0.0', LEDGER_DB: '/tmp/x.db', LEDGER_SEED: '7', LEDGER_LIVE: 'OFF', LEDGER_TXS: '500' }))
      .toEqual({ port: 9000, host: '0.0.0.0', dbPath: '/tmp/x.db', seed: 7, live: false, txs: 500 });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be an integer from 0 to 65535, got "abc"/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '-1' }, /PORT/],
    [{ LEDGER_SEED: '1.5' }, /LEDGER_SEED must be an integer/],
    [{ LEDGER_TXS: '0' }, /LEDGER_TXS must be an integer from 1/],
    [{ LEDGER_LIVE: 'yes' }, /LEDGER_LIVE must be on or off, got "yes"/],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});
