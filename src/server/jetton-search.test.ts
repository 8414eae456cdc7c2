// Our jetton/search extension against the real server on the generated ledger. What each search
// must find is computed here from the ledger's own jetton masters (as jetton/masters lists them):
// the exact symbol first, then the symbols the text begins, then the names it begins, each group by
// its folded key and address. Every answer goes through our strict schema and the published
// JettonMaster shape (startTestServer's `get`).
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-support/test-server';
import { openSqliteStore } from '../store/sqlite/open-sqlite-store';
import { SCHEMA_VERSION } from '../store/sqlite/sqlite-schema';
import { jettonSearchPage } from '../store/token-snapshot';

let s: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, checked field by field
type Json = any;
let masters: Json[];

async function ok(path: string): Promise<Json> {
  const r = await s.get(path);
  expect(r.status, `${path}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
  return r.body;
}

/** ASCII letters to lower case, char by char (the rule docs/api.md states). */
function fold(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  let out = '';
  for (const c of v) out += c >= 'A' && c <= 'Z' ? String.fromCharCode(c.charCodeAt(0) + 32) : c;
  return out;
}
const byKeyThenAddress = (key: (m: Json) => string) => (a: Json, b: Json) =>
  key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.address < b.address ? -1 : a.address > b.address ? 1 : 0;

/** What a search for `text` must answer, from the masters themselves. */
function expected(text: string): Json[] {
  const q = fold(text.trim())!;
  const sym = (m: Json) => fold(m.jetton_content.symbol);
  const name = (m: Json) => fold(m.jetton_content.name);
  const exact = masters.filter((m) => sym(m) === q).sort(byKeyThenAddress(() => ''));
  const symbols = masters.filter((m) => sym(m)?.startsWith(q) && sym(m) !== q).sort(byKeyThenAddress((m) => sym(m)!));
  const names = masters
    .filter((m) => name(m)?.startsWith(q) && !sym(m)?.startsWith(q))
    .sort(byKeyThenAddress((m) => name(m)!));
  return [...exact, ...symbols, ...names];
}

const search = async (text: string, more = '') =>
  (await ok(`/api/v3/jetton/search?q=${encodeURIComponent(text)}${more}`)).jetton_masters;

beforeAll(async () => {
  s = await startTestServer();
  masters = (await ok('/api/v3/jetton/masters?limit=1000')).jetton_masters;
}, 300_000);
afterAll(() => s?.close());

describe('jetton/search', () => {
  it('the ledger has jetton masters with a symbol and a name to search', () => {
    expect(masters.length).toBeGreaterThan(0);
    for (const m of masters) {
      expect(typeof m.jetton_content.symbol).toBe('string');
      expect(typeof m.jetton_content.name).toBe('string');
    }
  });

  it('finds each master by its symbol, in any ASCII case, first among what it finds', async () => {
    for (const m of masters) {
      const symbol: string = m.jetton_content.symbol;
      for (const text of [symbol, symbol.toLowerCase(), symbol.toUpperCase(), ` ${symbol} `]) {
        const found = await search(text);
        expect(found, text).toEqual(expected(text));
        expect(found.map((f: Json) => fold(f.jetton_content.symbol))[0], text).toBe(fold(symbol));
        expect(found.map((f: Json) => f.address)).toContain(m.address);
      }
    }
  });

  it('finds the symbols and the names a text begins, after the exact symbols', async () => {
    for (const m of masters) {
      const { symbol, name } = m.jetton_content as { symbol: string; name: string };
      for (const text of [symbol.slice(0, 1), symbol.slice(0, 2), name.slice(0, 1), name.slice(0, 4), name]) {
        const found = await search(text);
        expect(found, text).toEqual(expected(text).slice(0, 10));
        expect(
          found.map((f: Json) => f.address),
          text,
        ).toContain(m.address);
      }
    }
  });

  it('answers an empty list for a text no symbol or name begins with', async () => {
    const text = `${masters.map((m) => m.jetton_content.symbol).join('')}~none`;
    expect(expected(text)).toEqual([]);
    expect(await search(text)).toEqual([]);
  });

  it('pages in one total order: pages of one make the whole list', async () => {
    const text = masters[0].jetton_content.symbol.slice(0, 1);
    const whole = await search(text, '&limit=1000');
    expect(whole).toEqual(expected(text));
    const paged: Json[] = [];
    for (let offset = 0; offset <= whole.length; offset++)
      paged.push(...(await search(text, `&limit=1&offset=${offset}`)));
    expect(paged).toEqual(whole);
  });

  it('each entry is the master as jetton/masters answers it, with its address book and metadata', async () => {
    const r = await ok(`/api/v3/jetton/search?q=${encodeURIComponent(masters[0].jetton_content.symbol)}`);
    for (const m of r.jetton_masters) {
      expect(m).toEqual(masters.find((x) => x.address === m.address));
      expect(r.address_book[m.address]).toBeDefined();
      expect(r.metadata[m.address].token_info[0].symbol).toBe(m.jetton_content.symbol);
    }
  });

  it('refuses bad parameters with a 422 naming the parameter', async () => {
    for (const [query, name] of [
      ['', 'q'],
      ['q=', 'q'],
      ['q=%20%20', 'q'],
      [`q=${'x'.repeat(65)}`, 'q'],
      ['q=a%01b', 'q'],
      ['q=a&q=b', 'q'],
      ['q=a&limit=0', 'limit'],
      ['q=a&limit=1001', 'limit'],
      ['q=a&offset=-1', 'offset'],
      ['q=a&symbol=a', 'symbol'],
    ]) {
      const r = await s.get(`/api/v3/jetton/search?${query}`);
      expect(r.status, query).toBe(422);
      expect(r.body.error, query).toMatch(new RegExp(`\\b${name}\\b`));
    }
  });
});

describe('a version 5 ledger written before the search indexes', () => {
  const SEARCH_INDEXES = ['jetton_masters_by_name_key', 'jetton_masters_by_symbol_key'];
  const indexesOf = (db: Database.Database) =>
    (
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'jetton_masters_by_%_key' ORDER BY name",
        )
        .all() as { name: string }[]
    ).map((r) => r.name);

  it('answers the same without them (read-only), and gets them, with no version bump, when opened writable', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ledgerscope-search-')), 'ledger.db');
    copyFileSync(s.store.path, path);
    const raw = new Database(path);
    for (const name of SEARCH_INDEXES) raw.exec(`DROP INDEX ${name}`);
    expect(indexesOf(raw)).toEqual([]);
    raw.close();
    const search = (store: ReturnType<typeof openSqliteStore>) =>
      store.readSnapshot(async (reader) => {
        const mc = (await reader.latestMasterchainSeqno())!;
        const out: string[][] = [];
        for (const m of masters) {
          const rows = await jettonSearchPage(reader, m.jetton_content.symbol, mc, { limit: 10, offset: 0 });
          out.push(rows.map((r) => r.address));
        }
        return out;
      });
    const before = openSqliteStore(path, { readonly: true });
    const withoutIndexes = await search(before);
    before.close();
    expect(withoutIndexes).toEqual(masters.map((m) => expected(m.jetton_content.symbol).map((x: Json) => x.address)));
    openSqliteStore(path).close();
    const after = new Database(path, { readonly: true });
    expect(indexesOf(after)).toEqual(SEARCH_INDEXES);
    expect(after.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    after.close();
    const reopened = openSqliteStore(path, { readonly: true });
    expect(await search(reopened)).toEqual(withoutIndexes);
    reopened.close();
  });
});
