// A stand-in for a TON Center deployment, for the explorer's pages to read: each request it makes
// is answered with a response recorded from a real deployment (src/api/test-support/fixtures/ton-center, each
// with its source in SOURCES.md), chosen by what the request asks for (a trace of that transaction,
// the block of that seqno...). A request no recording answers gets the error TON Center's servers
// give an unknown object (v3 `{"error", "code"}`, v2 `{"ok": false, "error", "code"}`, status 404),
// so a page that asks for more than was recorded shows how it copes with a missing answer.
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Address } from '@ton/core';

const DIR = join(import.meta.dirname, '..', 'src', 'api', 'test-support', 'fixtures', 'ton-center');
export const recorded = <T = any>(file: string): T => JSON.parse(readFileSync(join(DIR, file), 'utf8')) as T; // eslint-disable-line @typescript-eslint/no-explicit-any -- recorded JSON, read field by field by the specs

/** A hash in any accepted spelling (hex, base64, base64url) as lower-case hex, or null. */
export function hashHex(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(value)) return value.replace(/^0x/, '').toLowerCase();
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/').replace(/ /g, '+'), 'base64');
  return bytes.length === 32 ? bytes.toString('hex') : null;
}

/** An address in any spelling as raw `<wc>:<HEX>`, or null. */
export function rawAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return Address.parse(value).toRawString().toUpperCase();
  } catch {
    return null;
  }
}

export interface Recording {
  /** API path, e.g. `/api/v3/traces`. */
  path: string;
  file: string;
  /**
   * An answer built by a spec (e2e/built-ton-center-traces.ts) rather than recorded: sent instead
   * of the file, which then only names it in `requests`.
   */
  body?: unknown;
  /** Does this recording answer the request's query? */
  answers(query: URLSearchParams): boolean;
}

export interface TonCenterFixtures {
  base: string;
  /** Every request received: path and query, with the recording that answered it (or null). */
  requests: { url: string; file: string | null }[];
  close(): Promise<void>;
}

export async function startTonCenterFixtures(recordings: Recording[]): Promise<TonCenterFixtures> {
  const requests: TonCenterFixtures['requests'] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixtures');
    // a POST with a JSON body (emulateTrace) is preflighted, as TON Center's CORS answers it
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': 'content-type, accept',
        })
        .end();
      return;
    }
    const hit = recordings.find((r) => r.path === url.pathname && r.answers(url.searchParams));
    requests.push({ url: url.pathname + url.search, file: hit?.file ?? null });
    const headers = { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' };
    if (hit) {
      res
        .writeHead(200, headers)
        .end(hit.body !== undefined ? JSON.stringify(hit.body) : readFileSync(join(DIR, hit.file)));
      return;
    }
    const body = url.pathname.startsWith('/api/v2/')
      ? { ok: false, error: 'not found', code: 404 }
      : { error: 'not found', code: 404 };
    res.writeHead(404, headers).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
