// The whole service in front of a built explorer: the page's security headers, the API's own 404s
// beside the page's fallback, and an empty ledger (precompression itself: static-files.test.ts).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createServer } from './app';
import { openSqliteStore, type SqliteLedgerStore } from '../store/sqlite/open-sqlite-store';

let app: FastifyInstance;
let store: SqliteLedgerStore;
let base: string;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'ledgerscope-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><title>ledgerscope</title><script type="module" src="/assets/app-1a2b3c.js"></script>',
  );
  writeFileSync(join(root, 'assets', 'app-1a2b3c.js'), 'console.log("explorer")');
  store = openSqliteStore(join(root, 'empty.db'));
  app = await createServer({ location: store.path, webRoot: root });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
});
afterAll(async () => {
  await app.close();
  store.close();
});

describe('the service serving the explorer', () => {
  it('serves index.html for every explorer route, never cached, with a strict CSP', async () => {
    for (const path of ['/', '/tx/abc', '/trace/xyz?tx=1', '/mc/5', '/block/0/-9223372036854775808/4']) {
      const r = await fetch(base + path, { headers: { accept: 'text/html' } });
      expect(r.status, path).toBe(200);
      expect(await r.text()).toContain('<title>ledgerscope</title>');
      expect(r.headers.get('cache-control')).toBe('no-cache');
      const csp = r.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('never falls back to the page under /api, and answers a missing asset with 404', async () => {
    const api = await fetch(base + '/api/v3/unknown');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'no such endpoint: GET /api/v3/unknown' });
    expect((await fetch(base + '/assets/missing-000.js')).status).toBe(404);
  });

  it('answers 404 for a known endpoint on an empty ledger, and 200 for an empty list', async () => {
    expect((await fetch(base + '/api/v3/masterchainBlockShardState?seqno=0')).status).toBe(404);
    expect(await (await fetch(base + '/api/v3/traces')).json()).toEqual({ traces: [], address_book: {}, metadata: {} });
  });
});
