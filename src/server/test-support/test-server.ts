import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { testLedgerPath } from '../../ledger/test-ledger';
import { openLedgerStore, type LedgerStore } from '../store/open-store';
import { createServer } from '../app';

export interface TestServer {
  base: string;
  app: FastifyInstance;
  store: LedgerStore;
  /** Direct SQL on the same ledger, to check answers against the store. */
  sql: Database.Database;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, checked by the tests field by field and by the zod schemas
  get(path: string): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/** The real server, listening on a free port, over a generated ledger (fixed seed, no live production). */
export async function startTestServer(): Promise<TestServer> {
  const path = await testLedgerPath();
  const store = openLedgerStore(path, { readonly: true });
  const app = await createServer({ reader: store.reader });
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
      const res = await fetch(base + p);
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text for the assertion message
      }
      return { status: res.status, body, headers: res.headers };
    },
    async close() {
      await app.close();
      sql.close();
      store.close();
    },
  };
}
