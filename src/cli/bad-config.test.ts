import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  PG_PASSWORD,
  PG_USER,
  startPgCluster,
  type PgCluster,
} from '../store/postgres/test-support/pg-cluster';
import { runMain } from './test-support/main-process';

// A ledgerscope pointed at a PostgreSQL it cannot use stops at once with one line that names the URL
// (password masked) and the cause: never a stack trace, never the password.

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
  cluster.createDatabase('empty');
  cluster.createDatabase('foreign');
  cluster.psql("CREATE TABLE recipes (name text); INSERT INTO recipes VALUES ('soup')", 'foreign');
});
afterAll(() => cluster?.destroy());

async function refused(env: Record<string, string>): Promise<string> {
  const p = runMain(env);
  const code = await p.exited;
  const err = p.stderr();
  expect(code, err).toBe(1);
  expect(err).not.toMatch(/\n\s+at /);
  expect(err).not.toContain(PG_PASSWORD);
  return err;
}

describe('bad LEDGER_DB / LEDGER_DB_READ', () => {
  it('nothing listens at the port: names the masked URL and the refused connection', async () => {
    const port = await freePort();
    const err = await refused({ LEDGER_DB: `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/ledger` });
    expect(err).toContain(`postgres://${PG_USER}:***@127.0.0.1:${port}/ledger`);
    expect(err).toMatch(/cannot connect: .*ECONNREFUSED/);
  });

  it('a host name that does not resolve', async () => {
    const err = await refused({ LEDGER_DB: `postgres://${PG_USER}:${PG_PASSWORD}@no-such-host.invalid:5432/ledger` });
    expect(err).toContain('no-such-host.invalid');
    expect(err).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });

  it('a wrong password', async () => {
    const err = await refused({ LEDGER_DB: `postgres://${PG_USER}:wrong-password@127.0.0.1:${cluster.port}/empty` });
    expect(err).toContain(`postgres://${PG_USER}:***@127.0.0.1:${cluster.port}/empty`);
    expect(err).toMatch(/password authentication failed/);
    expect(err).not.toContain('wrong-password');
  });

  it('a database that does not exist', async () => {
    const err = await refused({ LEDGER_DB: cluster.url('nope') });
    expect(err).toMatch(/database "nope" does not exist/);
  });

  it('a database of another application: refused, left untouched', async () => {
    const err = await refused({ LEDGER_DB: cluster.url('foreign') });
    expect(err).toMatch(/other tables but no ledgerscope ledger; refusing to touch it/);
    expect(
      cluster.psql("SELECT string_agg(tablename, ',') FROM pg_tables WHERE schemaname = 'public'", 'foreign'),
    ).toBe('recipes');
  });

  it('an API process on a database the producer has not filled yet', async () => {
    const err = await refused({ LEDGER_ROLE: 'api', LEDGER_DB: cluster.url('empty') });
    expect(err).toMatch(/holds no ledger yet/);
    expect(cluster.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", 'empty')).toBe('0');
  });

  it('a replica URL that cannot be reached', async () => {
    const port = await freePort();
    const err = await refused({
      LEDGER_ROLE: 'api',
      LEDGER_DB: cluster.url('empty'),
      LEDGER_DB_READ: `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/ledger`,
    });
    expect(err).toContain(`postgres://${PG_USER}:***@127.0.0.1:${port}/ledger`);
    expect(err).toMatch(/ECONNREFUSED/);
  });

  it('a URL that does not parse', async () => {
    const err = await refused({ LEDGER_DB: `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:port/ledger` });
    expect(err).toMatch(/LEDGER_DB is not a valid URL: postgres:\/\/ledgerscope:\*\*\*@127\.0\.0\.1:port\/ledger/);
  });
});
