import http from 'node:http';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { testLedgerPath } from '../../ledger/test-support/test-ledger';
import { openSqliteStore, type SqliteLedgerStore } from '../../store/sqlite/open-sqlite-store';
import { createServer } from '../app';
import { startPgTestLedger } from '../../store/postgres/test-support/pg-test-ledger';
import { defaultLimits, type ServiceLimits } from '../limits';
import { apiOperationOf } from '../../api/operations/registry';
import { v2Error } from '../../api/operations/v2-shapes';
import { v3Error } from '../../api/operations/v3-shapes';
import { checkContract } from './contract';

/**
 * Every API answer a test receives is checked against the response schemas of src/api: a 200 against
 * its operation's schema, anything else against the dialect's error envelope; and against TON
 * Center's published contract (src/api/test-support/ton-center-contract). A mismatch throws with the issues, failing the
 * test that made the request.
 */
export function checkAgainstSchemas(path: string, status: number, body: unknown): void {
  const route = path.split('?')[0]!;
  if (!route.startsWith('/api/')) return;
  checkContract(path, status, body);
  const schema = status === 200 ? apiOperationOf(route)?.response : route.startsWith('/api/v2/') ? v2Error : v3Error;
  if (!schema) return;
  const r = schema.safeParse(body);
  if (!r.success)
    throw new Error(
      `response of ${path.slice(0, 200)} (${status}) does not match its schema: ${JSON.stringify(r.error.issues).slice(0, 1000)}`,
    );
}

/**
 * A GET on a connection of its own. The test server runs in the test's process, so a test that
 * holds the event loop for seconds (checking a whole ledger's answers) lets the server's keep-alive
 * timer and the client's expire together; a kept-alive socket reused then is closed by the server
 * before it reads the request (ECONNRESET). A client in another process has no such race.
 */
export function getOnNewConnection(url: string): Promise<{ status: number; text: string; headers: Headers }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) headers.append(name, v);
          resolve({ status: res.statusCode!, text: Buffer.concat(parts).toString('utf8'), headers });
        });
      })
      .on('error', reject);
  });
}

/** The per-trace cap a test server runs with unless a test sets its own (API_TRACE_MAX_TXS's default). */
export const TEST_TRACE_MAX_TXS = defaultLimits().traceMaxTxs;

export interface TestServer {
  base: string;
  app: FastifyInstance;
  store: SqliteLedgerStore;
  /** Direct SQL on the same ledger, to check answers against the store. */
  sql: Database.Database;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, checked by the tests field by field and by the zod schemas
  get(path: string): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/**
 * The real server, listening on a free port, over a generated ledger (fixed seed, no live
 * production); `limits` overrides the service's bounds (workers, budget, trace cap...).
 */
export async function startTestServer(limits: Partial<ServiceLimits> = {}): Promise<TestServer> {
  const path = await testLedgerPath();
  const store = openSqliteStore(path, { readonly: true });
  // LEDGER_TEST_ENGINE=postgres: the same suites against the same seed's ledger in PostgreSQL, the
  // SQLite file of that seed still the oracle they check answers against
  const pg = process.env.LEDGER_TEST_ENGINE === 'postgres' ? await startPgTestLedger() : null;
  // The suite checks answers, not speed: on a loaded CI machine a big page may take longer than the
  // production budget, and a cut body would fail a test that is not about the budget. Tests of
  // the budget set their own.
  const app = await createServer({ location: pg?.url ?? path, limits: { queryTimeoutMs: 120_000, ...limits } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const sql = new Database(path, { readonly: true });
  sql.defaultSafeIntegers(true);
  return {
    base,
    app,
    store,
    sql,
    async get(p: string) {
      const res = await getOnNewConnection(base + p);
      const text = res.text;
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text for the assertion message
      }
      // HEAD has no body to check
      if (res.headers.get('content-type')?.startsWith('application/json')) checkAgainstSchemas(p, res.status, body);
      return { status: res.status, body, headers: res.headers };
    },
    async close() {
      await app.close();
      sql.close();
      store.close();
      pg?.cluster.destroy();
    },
  };
}
