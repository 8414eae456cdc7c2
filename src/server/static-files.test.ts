import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../build/precompress';
import { CONTENT_SECURITY_POLICY, registerExplorer } from './static-files';

// A built site in miniature: an index page and a hashed script large enough to be worth compressing.
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},label:"row ${i}"}`).join(',')}];\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<p>ledgerscope</p>'.repeat(80)}</body></html>`;

describe('the explorer is served precompressed', () => {
  const root = mkdtempSync(join(tmpdir(), 'ledgerscope-web-'));
  const app = Fastify();
  beforeAll(async () => {
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), html);
    writeFileSync(join(root, 'assets', 'app-abc123.js'), script);
    const written = await precompressDir(root);
    expect(written.map((w) => w.file.slice(root.length)).sort()).toEqual(['/assets/app-abc123.js', '/index.html']);
    await registerExplorer(app, root);
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends the brotli file to a browser that accepts br, with immutable caching and Vary', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
  });

  it('sends gzip -9 to a client without brotli, and the plain file to one without either', async () => {
    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never lets a stale page be used: index.html and deep links are no-cache', async () => {
    for (const url of ['/', '/trace/abc', '/index.html']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const body =
        res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
      expect(body, url).toBe(html);
    }
  });

  it('tells the explorer its API is this origin: an empty config.json, revalidated on every load', async () => {
    const res = await app.inject({ url: '/config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await app.inject({ url: '/assets/app-old999.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
  });
});

// Over a real socket, as a browser asks: whichever path answers with a page, the page carries the
// headers that keep it from being framed, so `/index.html` is no way around `/`'s.
describe('every HTML answer carries the page headers', () => {
  const root = mkdtempSync(join(tmpdir(), 'ledgerscope-web-'));
  const unbuilt = mkdtempSync(join(tmpdir(), 'ledgerscope-unbuilt-'));
  const app = Fastify();
  const bare = Fastify();
  let base = '';
  let bareBase = '';
  beforeAll(async () => {
    writeFileSync(join(root, 'index.html'), html);
    writeFileSync(join(root, 'other.html'), '<!doctype html><title>other</title>');
    await precompressDir(root);
    await registerExplorer(app, root);
    await registerExplorer(bare, unbuilt);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await bare.close();
  });

  const expectPageHeaders = (res: Response, what: string) => {
    expect(res.headers.get('content-security-policy'), what).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cache-control'), what).toBe('no-cache');
  };

  it('on /, /index.html (plain, brotli, gzip, with a query, HEAD), another .html file and a deep link', async () => {
    const asks: [string, RequestInit][] = [];
    for (const url of [
      '/',
      '/index.html',
      '/index.html?x',
      '/index.html?x=1&y',
      '/other.html',
      '/trace/abc',
      '/account/x?tab=nft',
    ]) {
      for (const encoding of ['identity', 'br', 'gzip']) asks.push([url, { headers: { 'accept-encoding': encoding } }]);
      asks.push([url, { method: 'HEAD' }]);
    }
    for (const [url, init] of asks) {
      const res = await fetch(base + url, init);
      const what = `${init.method ?? 'GET'} ${url} ${JSON.stringify(init.headers ?? {})}`;
      expect(res.status, what).toBe(200);
      expect(res.headers.get('content-type'), what).toMatch(/^text\/html/);
      expectPageHeaders(res, what);
    }
  });

  it('on the "not built" answer', async () => {
    const res = await fetch(bareBase + '/');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
    expectPageHeaders(res, '/ (not built)');
  });

  it('and not on what is not a page (an asset, the config)', async () => {
    const res = await fetch(base + '/config.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBeNull();
  });
});
