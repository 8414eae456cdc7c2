import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config';

describe('readConfig', () => {
  it('has the documented defaults', () => {
    expect(readConfig({})).toEqual({ port: 8080, host: '127.0.0.1', role: 'all', dbPath: 'data/ledger.db', readLocation: null, partitionSpan: 100_000, seed: 42, live: true, txs: 3000, limits });
  });

  it('reads every variable', () => {
    expect(readConfig({ PORT: '9000', HOST: '0.0.0.0', LEDGER_DB: '/tmp/x.db', LEDGER_SEED: '7', LEDGER_LIVE: 'OFF', LEDGER_TXS: '500' }))
      .toMatchObject({ port: 9000, host: '0.0.0.0', role: 'all', dbPath: '/tmp/x.db', readLocation: null, partitionSpan: 100_000, seed: 7, live: false, txs: 500 });
  });

  it('reads the roles and a replica to read from', () => {
    const c = readConfig({ LEDGER_ROLE: 'API', LEDGER_DB: 'postgres://u:p@primary:5432/ledger', LEDGER_DB_READ: 'postgresql://u:p@replica:5433/ledger', LEDGER_PG_PARTITION_SPAN: '500' });
    expect(c).toMatchObject({ role: 'api', dbPath: 'postgres://u:p@primary:5432/ledger', readLocation: 'postgresql://u:p@replica:5433/ledger', partitionSpan: 500 });
  });

  it('never repeats a password it refuses', () => {
    expect(() => readConfig({ LEDGER_DB: 'postgres://u:hunter2@h:x/l' })).toThrow(/^(?!.*hunter2)/s);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be an integer from 0 to 65535, got "abc"/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '-1' }, /PORT/],
    [{ LEDGER_SEED: '1.5' }, /LEDGER_SEED must be an integer/],
    [{ LEDGER_TXS: '0' }, /LEDGER_TXS must be an integer from 1/],
    [{ LEDGER_LIVE: 'yes' }, /LEDGER_LIVE must be on or off, got "yes"/],
    [{ LEDGER_ROLE: 'reader' }, /LEDGER_ROLE must be all, producer or api, got "reader"/],
    [{ LEDGER_DB: 'postgres://u:hunter2@db.example:port/ledger' }, /^LEDGER_DB is not a valid URL: postgres:\/\/u:\*\*\*@db.example:port\/ledger/],
    [{ LEDGER_DB: 'postgres://u:hunter2@db.example:5432/' }, /LEDGER_DB names no database: postgres:\/\/u:\*\*\*@db.example:5432\//],
    [{ LEDGER_DB: 'data/x.db', LEDGER_DB_READ: 'postgres://u:p@r:5432/ledger' }, /both it and LEDGER_DB must be postgres:\/\/ URLs/],
    [{ LEDGER_ROLE: 'producer', LEDGER_DB: 'postgres://u:p@h:5432/l', LEDGER_DB_READ: 'postgres://u:p@r:5432/l' }, /not for a producer/],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});
