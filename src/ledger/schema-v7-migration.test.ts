// Schema version 6 -> 7 (src/store/sqlite/sqlite-schema-v7.ts): the generated test ledger written
// back in version 6's layout (messages and account cells as WITHOUT ROWID tables, a message's
// accounts as text, the producer's accounts, message contents and account cells as plain BOCs) is
// migrated when opened for writing, and then holds exactly the rows the producer wrote, table by
// table, under the schema of a new file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { testLedgerPath } from './test-support/test-ledger';
import { SCHEMA_VERSION } from '../store/sqlite/sqlite-schema';
import { asVersion6 } from './test-support/version-6-file';
import { openSqliteStore } from '../store/sqlite/open-sqlite-store';
import { tableDump } from '../store/sqlite/test-support/table-dump';

let source: string;
let v6Path: string;

beforeAll(async () => {
  source = await testLedgerPath();
  v6Path = join(mkdtempSync(join(tmpdir(), 'ledgerscope-v7-')), 'v6.db');
  asVersion6(source, v6Path);
}, 600_000);

describe('schema version 6 -> 7', () => {
  it('the version 6 file keeps accounts as text and the producer’s accounts as plain BOCs', () => {
    const v6 = new Database(v6Path, { readonly: true });
    expect(v6.pragma('user_version', { simple: true })).toBe(6);
    expect(v6.prepare('SELECT typeof(tx_account) FROM messages LIMIT 1').pluck().get()).toBe('text');
    const boc = v6.prepare('SELECT shard_account FROM producer_accounts LIMIT 1').pluck().get() as Buffer;
    expect(boc.subarray(0, 4).toString('hex')).toBe('b5ee9c72');
    v6.close();
  });

  it('migrated, it holds every row the producer wrote, table by table', () => {
    const original = new Database(source, { readonly: true });
    const want = tableDump(original);
    original.close();
    const store = openSqliteStore(v6Path);
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(store.db.prepare('SELECT typeof(tx_account) FROM messages LIMIT 1').pluck().get()).toBe('blob');
      expect(tableDump(store.db)).toEqual(want);
    } finally {
      store.close();
    }
  });

  it('migrated, its schema is a new file’s: the same tables and indexes, each with the same SQL', () => {
    const schema = (db: Database.Database) =>
      db
        .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_autoindex%' ORDER BY name")
        .all();
    const migrated = new Database(v6Path, { readonly: true });
    const fresh = new Database(source, { readonly: true });
    try {
      expect(schema(migrated)).toEqual(schema(fresh));
    } finally {
      migrated.close();
      fresh.close();
    }
  });
});
