import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeAction, decodeBoc, decodeDescription } from '../compact';
import { openSqliteStore, type SqliteLedgerStore } from './open-sqlite-store';
import { MIGRATIONS, SCHEMA_VERSION } from './sqlite-schema';
import { MESSAGE_PAYLOAD_COLUMNS } from '../message-payload';
import { syntheticBatches } from '../test-support/synthetic-ledger';
import { tableDump } from './test-support/table-dump';
import { beginCell, Cell } from '@ton/core';
import { activeShardAccountBoc } from '../test-support/shard-account';
import { accountOfKey } from '../account-key';

// A ledger of schema version 1 (what the first builds wrote) opened by this build is migrated to
// version 2 and answers exactly as a ledger written by this build. The version 1 file is made the
// way version 1 stored things: descriptions, BOCs and actions as plain JSON and bytes, both copies
// of each message whole, transactions and actions as WITHOUT ROWID tables (MIGRATIONS[0]).

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-migration-'));
let written: SqliteLedgerStore;
let migrated: SqliteLedgerStore;
let v1Facts: { version: number; wholeInRows: number; firstDescription: string };

/** Writes `from`'s data in version 1's layout into a new file. */
function asVersion1(from: Database.Database, path: string): void {
  const v1 = new Database(path);
  v1.exec(MIGRATIONS[0] as string);
  v1.pragma('application_id = 0x4c534350');
  v1.pragma('user_version = 1');
  v1.function('plain_description', (b: unknown) => JSON.stringify(decodeDescription(b as Buffer)));
  v1.function('plain_boc', (b: unknown) => decodeBoc(b as Buffer));
  for (const part of ['transactions', 'accounts', 'details'] as const) {
    v1.function(`action_${part}`, (b: unknown) => JSON.stringify(decodeAction(b as Buffer)[part]));
  }
  // version 7 keeps a message's accounts as keys and message contents deflated; version 1 as text and plain
  v1.function('account_text', (k: unknown) => (k === null ? null : accountOfKey(k as Buffer)));
  v1.exec(`ATTACH '${from.name}' AS v2`);
  v1.exec(`
    INSERT INTO transactions SELECT hash, lt, account, workchain, shard, block_seqno, mc_seqno, now, orig_status, end_status,
      total_fees, total_fees_extra, plain_description(description), plain_boc(boc), prev_trans_hash, prev_trans_lt,
      state_before, state_after, trace_id, trace_external_hash FROM v2.transactions;
    INSERT INTO actions SELECT action_id, trace_id, position, type, parent_action_id, success, start_lt, end_lt, start_utime, end_utime,
      action_transactions(body), action_accounts(body), action_details(body) FROM v2.actions;
    INSERT INTO messages SELECT tx_hash, direction, position, msg_hash, hash_norm, tx_lt, account_text(tx_account),
      account_text(source), account_text(destination), value, value_extra, fwd_fee, ihr_fee, import_fee, created_lt,
      created_at, opcode, bounce, bounced, ihr_disabled, body_hash, init_state_hash, comment FROM v2.messages;
    INSERT INTO message_contents SELECT hash, plain_boc(boc) FROM v2.message_contents;
    UPDATE messages AS m SET (${MESSAGE_PAYLOAD_COLUMNS.join(', ')}) =
      (SELECT ${MESSAGE_PAYLOAD_COLUMNS.join(', ')} FROM v2.messages o WHERE o.msg_hash = m.msg_hash AND o.direction = 'out')
      WHERE m.direction = 'in' AND m.source IS NOT NULL;
  `);
  for (const t of ['blocks', 'shard_state', 'account_states', 'traces', 'trace_accounts', 'accounts', 'token_info']) {
    v1.exec(`INSERT INTO ${t} SELECT * FROM v2.${t}`);
  }
  v1.exec("INSERT INTO ledger_meta SELECT * FROM v2.ledger_meta WHERE key != 'producer_position'");
  v1.exec('DETACH v2');
  v1.close();
}

beforeAll(async () => {
  written = openSqliteStore(join(dir, 'written.db'));
  for (const batch of syntheticBatches({ batches: 8, txPerBatch: 40, accounts: 20, pendingEvery: 3 }))
    await written.writer!.writeBatch(batch);
  written.db.pragma('wal_checkpoint(TRUNCATE)');
  asVersion1(written.db, join(dir, 'v1.db'));
  const v1 = new Database(join(dir, 'v1.db'), { readonly: true });
  v1Facts = {
    version: v1.pragma('user_version', { simple: true }) as number,
    wholeInRows: v1
      .prepare(
        "SELECT count(*) FROM messages WHERE direction = 'in' AND source IS NOT NULL AND destination IS NOT NULL",
      )
      .pluck()
      .get() as number,
    firstDescription: v1.prepare('SELECT description FROM transactions LIMIT 1').pluck().get() as string,
  };
  v1.close();
  migrated = openSqliteStore(join(dir, 'v1.db'));
});

describe('schema version 1 -> 2', () => {
  it('made a real version 1 file: plain descriptions, and both copies of each message whole', () => {
    expect(v1Facts.version).toBe(1);
    expect(v1Facts.wholeInRows).toBeGreaterThan(0);
    expect(v1Facts.firstDescription.startsWith('{"type":')).toBe(true);
  });

  it('migrates to the current version, table by table the ledger this build writes', () => {
    expect(migrated.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const { producer_accounts: _a, ledger_meta: _m, ...migratedTables } = tableDump(migrated.db);
    const { producer_accounts: _b, ledger_meta: _n, ...writtenTables } = tableDump(written.db);
    expect(migratedTables).toEqual(writtenTables);
  });

  it('answers as before: every transaction, trace and action', async () => {
    const hashes = written.db.prepare('SELECT hash FROM transactions ORDER BY lt').pluck().all() as Buffer[];
    expect(hashes.length).toBeGreaterThan(100);
    expect(await migrated.reader.getTransactions(hashes)).toEqual(await written.reader.getTransactions(hashes));
    const page = { limit: 1000, offset: 0, sort: 'desc' as const };
    const traces = await written.reader.findTraces({}, page);
    expect(await migrated.reader.findTraces({}, page)).toEqual(traces);
    const ids = traces.map((t) => t.traceId);
    expect(await migrated.reader.getActions(ids)).toEqual(await written.reader.getActions(ids));
    expect((await migrated.reader.getActions(ids)).length).toBeGreaterThan(0);
  });
});

describe('schema version 2 -> 3', () => {
  it('keeps the code and data cells of the producer saved accounts', () => {
    const path = join(dir, 'v2.db');
    const v2 = new Database(path);
    v2.exec(MIGRATIONS[0] as string);
    (MIGRATIONS[1] as (db: Database.Database) => void)(v2);
    v2.pragma('application_id = 0x4c534350');
    v2.pragma('user_version = 2');
    const code = beginCell().storeUint(0xc0de, 16).endCell();
    const data = beginCell().storeUint(42, 32).endCell();
    v2.prepare("INSERT INTO producer_accounts VALUES ('0:07', ?, ?)").run(
      Buffer.alloc(32, 1),
      activeShardAccountBoc(code, data),
    );
    v2.close();
    const store = openSqliteStore(path);
    const cells = store.db.prepare('SELECT hash, boc FROM account_cells ORDER BY hash').all() as {
      hash: Buffer;
      boc: Buffer;
    }[];
    store.close();
    expect(cells.map((c) => c.hash.toString('hex'))).toEqual(
      [code.hash().toString('hex'), data.hash().toString('hex')].sort(),
    );
    // deflated since version 7
    for (const c of cells) expect(Cell.fromBoc(decodeBoc(c.boc))[0]!.hash()).toEqual(c.hash);
  });
});

describe('schema version 3 -> 4', () => {
  it('lists each message once, by its sender or (external-in) its receiver, on a version 3 file', async () => {
    const path = join(dir, 'v3.db');
    const v3 = new Database(path);
    v3.exec(MIGRATIONS[0] as string);
    (MIGRATIONS[1] as (db: Database.Database) => void)(v3);
    (MIGRATIONS[2] as (db: Database.Database) => void)(v3);
    v3.pragma('application_id = 0x4c534350');
    v3.pragma('user_version = 3');
    const h = (n: number) => Buffer.alloc(32, n);
    const insert = v3.prepare(
      `INSERT INTO messages (tx_hash, direction, position, msg_hash, tx_lt, tx_account, source, destination,
        value_extra, created_lt, created_at, opcode, body_hash) VALUES (?, ?, 0, ?, ?, '0:AA', ?, ?, '{}', ?, ?, 7, ?)`,
    );
    // an external-in message received at lt 10, the internal one it made (created at lt 11), received at lt 20
    insert.run(h(1), 'in', h(5), 10, null, '0:AA', null, null, h(8));
    insert.run(h(1), 'out', h(6), 10, '0:AA', '0:BB', 11, 100, h(8));
    insert.run(h(2), 'in', h(6), 20, '0:AA', null, null, null, h(8));
    v3.close();
    const store = openSqliteStore(path);
    expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const page = { limit: 10, offset: 0, sort: 'asc' as const };
    expect(await store.reader.findMessages({}, page)).toEqual([
      { msgHash: h(5), txHash: h(1) },
      { msgHash: h(6), txHash: h(1) },
    ]);
    expect(await store.reader.findMessages({ source: null }, page)).toEqual([{ msgHash: h(5), txHash: h(1) }]);
    expect(await store.reader.findMessages({ direction: 'in', startLt: 11n }, page)).toEqual([
      { msgHash: h(6), txHash: h(1) },
    ]);
    store.close();
  });
});
