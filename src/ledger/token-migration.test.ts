// Schema version 4 -> 5 on both engines: the generated test ledger with its jetton and NFT tables
// taken away (a version 4 ledger: what it stored then is all the migration has) is migrated, and
// each table holds exactly what the producer wrote into it while building that ledger.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testLedgerPath } from './test-support/test-ledger';
import { asVersion6 } from './test-support/version-6-file';
import { openSqliteStore } from '../store/sqlite/open-sqlite-store';
import { openPgStore } from '../store/postgres/open-pg-store';
import { startPgTestLedger } from '../store/postgres/test-support/pg-test-ledger';
import type { PgCluster } from '../store/postgres/test-support/pg-cluster';
import { TOKEN_TABLES, tokenRowFromRow, type TokenTableKey } from '../store/token-tables';
import type { Row } from '../store/row-records';

const KEYS = Object.keys(TOKEN_TABLES) as TokenTableKey[];
// a version 4 ledger had neither the token tables nor version 6's inbound queue
const DROP = [...KEYS.map((k) => `DROP TABLE ${TOKEN_TABLES[k].name};`), 'DROP TABLE inbound_messages;'].join('\n');

/** Every row of every token table, as records (the engines' own types made one). */
async function tokenTables(all: (sql: string) => Promise<Row[]>) {
  const out: Record<string, unknown[]> = {};
  for (const k of KEYS) {
    const t = TOKEN_TABLES[k];
    out[k] = (await all(`SELECT * FROM ${t.name} ORDER BY ${t.cols[0]![0]}`)).map((r) => tokenRowFromRow(k, r));
  }
  return out;
}

let written: Record<string, unknown[]>;
let source: string;
let cluster: PgCluster | undefined;

beforeAll(async () => {
  source = await testLedgerPath();
  const db = new Database(source, { readonly: true });
  db.defaultSafeIntegers(true);
  written = await tokenTables(async (sql) => db.prepare(sql).all() as Row[]);
  db.close();
}, 600_000);
afterAll(() => cluster?.destroy());

describe('schema version 4 -> 5', () => {
  it('the producer wrote every table: wallets, masters, collections, items, a sale, transfers and burns', () => {
    for (const k of KEYS) expect(written[k]!.length, k).toBeGreaterThan(0);
  });

  it('SQLite: a version 4 file gets the tables the producer wrote, derived from its transactions', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ledgerscope-v5-')), 'v4.db');
    // this build's file holds version 7's layout: written back in version 6's, then cut to 4's
    asVersion6(source, path);
    const v4 = new Database(path);
    v4.exec(DROP);
    v4.pragma('user_version = 4');
    v4.close();
    const store = openSqliteStore(path);
    const migrated = await tokenTables(async (sql) => store.db.prepare(sql).safeIntegers(true).all() as Row[]);
    store.close();
    expect(migrated).toEqual(written);
  }, 300_000);

  it('PostgreSQL: a version 4 database gets the same tables', async () => {
    const ledger = await startPgTestLedger();
    cluster = ledger.cluster;
    const client = new pg.Client({ connectionString: ledger.url });
    await client.connect();
    await client.query(`${DROP} UPDATE schema_version SET version = 4;`);
    await client.end();
    const store = await openPgStore(ledger.url);
    const migrated = await tokenTables(async (sql) => (await store.pool.query(sql)).rows as Row[]);
    await store.close();
    expect(migrated).toEqual(written);
  }, 600_000);
});
