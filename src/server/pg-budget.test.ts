// PostgreSQL stops with the budget: a request past its budget gets 504, and nothing of it keeps
// running in the database afterwards. The test holds a lock the request's query must wait for, so
// the query would run (wait) for as long as the test likes if nothing stopped it; PostgreSQL's
// pg_stat_activity tells whether the reader's backend is still at it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startPgTestLedger } from '../store/postgres/test-support/pg-test-ledger';
import type { PgCluster } from '../store/postgres/test-support/pg-cluster';
import { createServer } from './app';

const BUDGET_MS = 1500;
let cluster: PgCluster;
let url: string;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  ({ cluster, url } = await startPgTestLedger());
  app = await createServer({ location: url, limits: { workers: 1, lightWorkers: 0, queryTimeoutMs: BUDGET_MS } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
}, 300_000);
afterAll(async () => {
  await app?.close();
  cluster?.stop();
});

describe('a query past its budget on PostgreSQL', () => {
  it('gets 504, and its backend stops: pg_stat_activity shows no query of the service left running', async () => {
    // warm: the worker has connected and answers within the budget
    expect((await fetch(`${base}/api/v3/traces?limit=1`)).status).toBe(200);
    const holder = new pg.Client({ connectionString: url, application_name: 'lock-holder' });
    // apart from the holder: inside a transaction, pg_stat_activity is a snapshot taken at its first read
    const observer = new pg.Client({ connectionString: url, application_name: 'observer' });
    await holder.connect();
    await observer.connect();
    const running = async () =>
      (
        await observer.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'ledgerscope' AND state = 'active'",
        )
      ).rows[0]!.n;
    try {
      await holder.query('BEGIN');
      // every read of traces now waits for this transaction
      await holder.query('LOCK TABLE traces IN ACCESS EXCLUSIVE MODE');
      const answer = fetch(`${base}/api/v3/traces?limit=5`);
      // the reader's query is waiting on the lock
      await expect.poll(running, { timeout: BUDGET_MS }).toBe('1');
      const r = await answer;
      expect(r.status).toBe(504);
      expect(await r.json()).toEqual({ error: `query exceeded its time budget of ${BUDGET_MS} ms` });
      // the lock is still held (until the finally below): only the budget can have stopped the query,
      // which would otherwise wait as long as the test does
      await expect.poll(running, { timeout: 2000 }).toBe('0');
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
      await observer.end();
    }
    // the service answers as before, once the worker stopped for the query is replaced: on a busy
    // machine its replacement takes longer than this test's 1.5 s budget to start and connect, and
    // a request that waited for it got 504 (CI, with a ledger build beside it)
    await app.ledgerReaders.whenAllReady();
    expect((await fetch(`${base}/api/v3/traces?limit=1`)).status).toBe(200);
  }, 60_000);
});

describe('the public health check', () => {
  it('says unhealthy, and nothing of the cause (hosts, ports, driver messages): that goes to the log', async () => {
    const healthy = await fetch(`${base}/api/streaming/healthz`);
    expect(healthy.status).toBe(200);
    cluster.stop();
    await expect.poll(async () => (await fetch(`${base}/api/streaming/healthz`)).status, { timeout: 10_000 }).toBe(503);
    const text = await (await fetch(`${base}/api/streaming/healthz`)).text();
    const body = JSON.parse(text) as { ok: boolean; components: Record<string, Record<string, unknown>> };
    expect(body.ok).toBe(false);
    expect(body.components['ledger-follower']).not.toHaveProperty('error');
    expect(text).not.toMatch(new RegExp(`127\\.0\\.0\\.1|${cluster.port}|ECONN|refused|terminat|postgres|cannot`, 'i'));
  });
});
