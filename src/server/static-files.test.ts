import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../build/precompress';
import { registerExplorer } from './static-files';

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
      const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
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
