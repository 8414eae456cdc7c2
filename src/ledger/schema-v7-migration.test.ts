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
import { accountOfKey } from '../store/account-key';
import { decodeBoc } from '../store/compact';
import { MIGRATIONS, SCHEMA_VERSION } from '../store/sqlite/sqlite-schema';
import { openSqliteStore } from '../store/sqlite/open-sqlite-store';
import { tableDump } from '../store/sqlite/test-support/table-dump';

let source: string;
let v6Path: string;

/** The ledger at `from` (version 7) as version 6 stored it, in a new file at `path`. */
function asVersion6(from: string, path: string): void {
  const v6 = new Database(path);
  v6.exec('PRAGMA page_size = 4096');
  v6.transaction(() => {
    for (const step of MIGRATIONS.slice(0, 6)) {
      if (typeof step === 'string') v6.exec(step);
      else step(v6);
    }
  })();
  v6.function('account_text', (k: unknown) => (k === null ? null : accountOfKey(k as Buffer)));
  v6.function('plain_boc', (b: unknown) => decodeBoc(b as Buffer));
  v6.exec(`ATTACH '${from}' AS v7`);
  const tables = v6
    .prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];
  v6.transaction(() => {
    for (const t of tables) {
      if (t === 'messages') {
        v6.exec(`INSERT INTO messages SELECT tx_hash, direction, position, msg_hash, hash_norm, tx_lt, account_text(tx_account),
          account_text(source), account_text(destination), value, value_extra, fwd_fee, ihr_fee, import_fee, created_lt, created_at, opcode, bounce,
          bounced, ihr_disabled, body_hash, init_state_hash, comment FROM v7.messages`);
      } else if (t === 'producer_accounts') {
        v6.exec(
          'INSERT INTO producer_accounts SELECT account, state_hash, plain_boc(shard_account) FROM v7.producer_accounts',
        );
      } else if (t === 'message_contents' || t === 'account_cells') {
        v6.exec(`INSERT INTO ${t} SELECT hash, plain_boc(boc) FROM v7.${t}`);
      } else {
        v6.exec(`INSERT INTO main."${t}" SELECT * FROM v7."${t}"`);
      }
    }
  })();
  v6.exec('DETACH v7');
  v6.pragma('application_id = 0x4c534350');
  v6.pragma('user_version = 6');
  v6.close();
}

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
