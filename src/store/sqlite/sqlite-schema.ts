// The ledger schema, in the shape of TON Center's indexer, and its versioned migrations.
//
// Choices worth knowing:
// - hashes are 32-byte BLOBs; shards are signed 64-bit INTEGERs (SQLite's INTEGER is exactly that);
// - lt is an INTEGER read back as a JS number: our producer's logical times grow by 10^6 per
//   transaction, so they stay far below 2^53 (9 * 10^9 transactions);
// - amounts are decimal TEXT (they can exceed 2^63 in principle and are never compared in SQL);
// - `messages` has one row per message and direction (the sender's `out` row and the receiver's `in`
//   row), so "who sent / who received this message" is one index lookup by `msg_hash`; the message's
//   own columns are kept once, on the sender's row (MESSAGE_PAYLOAD_COLUMNS);
// - large values (BOCs, descriptions, actions) are deflated against dictionaries (compact.ts);
// - every list the API serves has an index in its order, ties broken by hash (a total order, so
//   offset paging never repeats or skips a row).

import type Database from 'better-sqlite3';
import { cellsOfShardAccount } from '../account-cells';
import { encodeActionJson, encodeBoc, encodeDescriptionJson } from '../compact';
import { CHAIN_LIST_INDEXES } from '../chain-list-indexes';
import { MESSAGE_PAYLOAD_COLUMNS } from '../message-payload';
import { MESSAGE_LIST_INDEXES } from '../message-list';
import { BALANCE_DIGITS } from '../account-balances';
import { tokenTablesDdl, type TokenWrite } from '../token-tables';
import { deriveTokenTables } from '../token-migration';
import { inboundTableDdl } from '../inbound';
import { migrateToV7 } from './sqlite-schema-v7';

/** `PRAGMA application_id`: marks a SQLite file as a ledgerscope ledger ("LSCP"). */
export const APPLICATION_ID = 0x4c534350;

/** A migration: SQL, or a function run in the migration's transaction. */
export type Migration = string | ((db: Database.Database) => void);

export const MIGRATIONS: readonly Migration[] = [
  // version 1
  `
  CREATE TABLE ledger_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

  CREATE TABLE blocks (
    workchain INTEGER NOT NULL, shard INTEGER NOT NULL, seqno INTEGER NOT NULL,
    root_hash BLOB NOT NULL, file_hash BLOB NOT NULL, mc_seqno INTEGER NOT NULL,
    gen_utime INTEGER NOT NULL, start_lt INTEGER NOT NULL, end_lt INTEGER NOT NULL,
    tx_count INTEGER NOT NULL, global_id INTEGER NOT NULL, prev_blocks TEXT NOT NULL,
    after_split INTEGER NOT NULL, before_split INTEGER NOT NULL, after_merge INTEGER NOT NULL,
    want_split INTEGER NOT NULL, want_merge INTEGER NOT NULL, key_block INTEGER NOT NULL,
    PRIMARY KEY (workchain, shard, seqno)
  ) WITHOUT ROWID;
  CREATE INDEX blocks_by_mc ON blocks (mc_seqno, workchain, shard, seqno);

  -- the shard blocks each masterchain block commits (the newest of each shard)
  CREATE TABLE shard_state (
    mc_seqno INTEGER NOT NULL, workchain INTEGER NOT NULL, shard INTEGER NOT NULL, seqno INTEGER NOT NULL,
    PRIMARY KEY (mc_seqno, workchain, shard)
  ) WITHOUT ROWID;

  CREATE TABLE transactions (
    hash BLOB PRIMARY KEY, lt INTEGER NOT NULL, account TEXT NOT NULL,
    workchain INTEGER NOT NULL, shard INTEGER NOT NULL, block_seqno INTEGER NOT NULL, mc_seqno INTEGER NOT NULL,
    now INTEGER NOT NULL, orig_status TEXT NOT NULL, end_status TEXT NOT NULL,
    total_fees TEXT NOT NULL, total_fees_extra TEXT NOT NULL, description TEXT NOT NULL, boc BLOB NOT NULL,
    prev_trans_hash BLOB NOT NULL, prev_trans_lt INTEGER NOT NULL,
    state_before BLOB NOT NULL, state_after BLOB NOT NULL,
    trace_id BLOB NOT NULL, trace_external_hash BLOB
  ) WITHOUT ROWID;
  CREATE INDEX transactions_by_block ON transactions (workchain, shard, block_seqno, account, lt);
  CREATE INDEX transactions_by_mc ON transactions (mc_seqno, lt, account, hash);
  CREATE INDEX transactions_by_trace ON transactions (trace_id, lt, hash);
  CREATE INDEX transactions_by_account ON transactions (account, lt);

  CREATE TABLE messages (
    tx_hash BLOB NOT NULL, direction TEXT NOT NULL CHECK (direction IN ('in', 'out')), position INTEGER NOT NULL,
    msg_hash BLOB NOT NULL, hash_norm BLOB, tx_lt INTEGER NOT NULL, tx_account TEXT NOT NULL,
    source TEXT, destination TEXT, value TEXT, value_extra TEXT NOT NULL,
    fwd_fee TEXT, ihr_fee TEXT, import_fee TEXT, created_lt INTEGER, created_at INTEGER,
    opcode INTEGER, bounce INTEGER, bounced INTEGER, ihr_disabled INTEGER,
    body_hash BLOB NOT NULL, init_state_hash BLOB, comment TEXT,
    PRIMARY KEY (tx_hash, direction, position)
  ) WITHOUT ROWID;
  CREATE INDEX messages_by_hash ON messages (msg_hash, direction);
  CREATE INDEX messages_by_norm ON messages (hash_norm) WHERE hash_norm IS NOT NULL;
  CREATE INDEX messages_by_body ON messages (body_hash, tx_lt, tx_account, tx_hash);
  CREATE INDEX messages_by_opcode ON messages (opcode, tx_lt, tx_account, tx_hash);

  -- message bodies and init states, each distinct cell once
  CREATE TABLE message_contents (hash BLOB PRIMARY KEY, boc BLOB NOT NULL) WITHOUT ROWID;

  CREATE TABLE account_states (
    hash BLOB PRIMARY KEY, account TEXT NOT NULL, balance TEXT NOT NULL, status TEXT NOT NULL,
    code_hash BLOB, data_hash BLOB, frozen_hash BLOB, last_trans_lt INTEGER
  ) WITHOUT ROWID;

  CREATE TABLE traces (
    trace_id BLOB PRIMARY KEY, external_hash BLOB, external_hash_norm BLOB,
    start_lt INTEGER NOT NULL, end_lt INTEGER NOT NULL, start_utime INTEGER NOT NULL, end_utime INTEGER NOT NULL,
    mc_seqno_start INTEGER NOT NULL, mc_seqno_end INTEGER NOT NULL,
    transactions INTEGER NOT NULL, messages INTEGER NOT NULL, pending_messages INTEGER NOT NULL,
    state TEXT NOT NULL, classification_state TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX traces_by_end_lt ON traces (state, end_lt, trace_id);
  CREATE INDEX traces_by_end_utime ON traces (state, end_utime, trace_id);
  CREATE INDEX traces_by_mc ON traces (state, mc_seqno_end, end_lt, trace_id);
  CREATE INDEX traces_by_external ON traces (external_hash);
  CREATE INDEX traces_by_external_norm ON traces (external_hash_norm);

  -- completed traces per account, in the order traces?account= lists them
  CREATE TABLE trace_accounts (
    account TEXT NOT NULL, end_lt INTEGER NOT NULL, trace_id BLOB NOT NULL, end_utime INTEGER NOT NULL,
    PRIMARY KEY (account, end_lt, trace_id)
  ) WITHOUT ROWID;
  CREATE INDEX trace_accounts_by_trace ON trace_accounts (trace_id);

  CREATE TABLE actions (
    action_id BLOB PRIMARY KEY, trace_id BLOB NOT NULL, position INTEGER NOT NULL, type TEXT NOT NULL,
    parent_action_id BLOB, success INTEGER NOT NULL,
    start_lt INTEGER NOT NULL, end_lt INTEGER NOT NULL, start_utime INTEGER NOT NULL, end_utime INTEGER NOT NULL,
    transactions TEXT NOT NULL, accounts TEXT NOT NULL, details TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX actions_by_trace ON actions (trace_id, position);

  -- the address book: what is known of each account (interfaces by code hash)
  CREATE TABLE accounts (
    account TEXT PRIMARY KEY, code_hash BLOB, interfaces TEXT NOT NULL, status TEXT NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE token_info (
    account TEXT NOT NULL, type TEXT NOT NULL, name TEXT, symbol TEXT, decimals INTEGER,
    description TEXT, image TEXT, extra TEXT NOT NULL,
    PRIMARY KEY (account, type)
  ) WITHOUT ROWID;
  `,
  // version 2: nothing stored twice (docs/architecture.md, "Storage"), and the producer's position
  migrateToV2,
  // version 3: account states readable (v2 getAddressInformation, runGetMethod, v3 accountStates), and
  // the chain lists of TON Center's v3 (transactions, blocks), each in its order
  migrateToV3,
  // version 4: the v3 `messages` list, each message once, by its lt, under every filter; each
  // account's newest balance, by balance (topAccountsByBalance)
  migrateToV4,
  // version 5: the jetton and NFT tables (token-tables.ts), derived from what version 4 stores
  migrateToV5,
  // version 6: the inbound queue of the local network (inbound.ts): messages the service accepted,
  // taken by the producer into its next block
  inboundTableDdl('sqlite'),
  // version 7: the same tables and indexes in fewer bytes (sqlite-schema-v7.ts): messages and
  // account_cells as rowid tables, a message's account as its key, the producer's accounts deflated
  migrateToV7,
];

const TRANSACTIONS_V2 = `
  -- a rowid table: rows of ~1 KB (the BOC) in a WITHOUT ROWID table spill into overflow pages and
  -- waste half of each; \`description\` and \`boc\` are deflated (compact.ts)
  CREATE TABLE transactions (
    hash BLOB NOT NULL, lt INTEGER NOT NULL, account TEXT NOT NULL,
    workchain INTEGER NOT NULL, shard INTEGER NOT NULL, block_seqno INTEGER NOT NULL, mc_seqno INTEGER NOT NULL,
    now INTEGER NOT NULL, orig_status TEXT NOT NULL, end_status TEXT NOT NULL,
    total_fees TEXT NOT NULL, total_fees_extra TEXT NOT NULL, description BLOB NOT NULL, boc BLOB NOT NULL,
    prev_trans_hash BLOB NOT NULL, prev_trans_lt INTEGER NOT NULL,
    state_before BLOB NOT NULL, state_after BLOB NOT NULL,
    trace_id BLOB NOT NULL, trace_external_hash BLOB
  );`;
const TRANSACTIONS_V2_INDEXES = `
  CREATE UNIQUE INDEX transactions_by_hash ON transactions (hash);
  CREATE INDEX transactions_by_block ON transactions (workchain, shard, block_seqno, account, lt);
  CREATE INDEX transactions_by_mc ON transactions (mc_seqno, lt, account, hash);
  CREATE INDEX transactions_by_trace ON transactions (trace_id, lt, hash);`;
const ACTIONS_V2 = `
  CREATE TABLE actions (
    action_id BLOB NOT NULL, trace_id BLOB NOT NULL, position INTEGER NOT NULL, type TEXT NOT NULL,
    parent_action_id BLOB, success INTEGER NOT NULL,
    start_lt INTEGER NOT NULL, end_lt INTEGER NOT NULL, start_utime INTEGER NOT NULL, end_utime INTEGER NOT NULL,
    body BLOB NOT NULL -- [transactions, accounts, details] as JSON, deflated (compact.ts)
  );`;
const ACTIONS_V2_INDEXES = `
  CREATE UNIQUE INDEX actions_by_id ON actions (action_id);
  CREATE INDEX actions_by_trace ON actions (trace_id, position);`;

/**
 * Version 1 -> 2, in the migration's transaction: the transactions and actions tables become rowid
 * tables (their rows are copied, descriptions deflated), the receiving copies of internal
 * messages drop the columns their sending copies hold, and the producer gets its accounts table.
 */
function migrateToV2(db: Database.Database): void {
  db.function('ledgerscope_encode_description', { deterministic: true }, (json: unknown) =>
    encodeDescriptionJson(json as string),
  );
  db.function('ledgerscope_encode_boc', { deterministic: true }, (boc: unknown) => encodeBoc(boc as Buffer));
  db.function('ledgerscope_encode_action', { deterministic: true }, (json: unknown) =>
    encodeActionJson(json as string),
  );
  db.exec(`
    -- no query lists an account's transactions: version 1's transactions_by_account goes
    ALTER TABLE transactions RENAME TO transactions_v1;
    ${TRANSACTIONS_V2}
    INSERT INTO transactions SELECT hash, lt, account, workchain, shard, block_seqno, mc_seqno, now, orig_status, end_status,
      total_fees, total_fees_extra, ledgerscope_encode_description(description), ledgerscope_encode_boc(boc), prev_trans_hash, prev_trans_lt,
      state_before, state_after, trace_id, trace_external_hash FROM transactions_v1 ORDER BY mc_seqno, lt;
    DROP TABLE transactions_v1;
    ${TRANSACTIONS_V2_INDEXES}

    ALTER TABLE actions RENAME TO actions_v1;
    ${ACTIONS_V2}
    INSERT INTO actions SELECT action_id, trace_id, position, type, parent_action_id, success, start_lt, end_lt, start_utime, end_utime,
      ledgerscope_encode_action('[' || transactions || ',' || accounts || ',' || details || ']') FROM actions_v1 ORDER BY trace_id, position;
    DROP TABLE actions_v1;
    ${ACTIONS_V2_INDEXES}

    UPDATE messages SET ${MESSAGE_PAYLOAD_COLUMNS.map((c) => `${c} = NULL`).join(', ')}
      WHERE direction = 'in' AND source IS NOT NULL;

    -- each account's latest state as the producer's emulator left it (rowid table: the BOCs are large)
    CREATE TABLE producer_accounts (
      account TEXT PRIMARY KEY, state_hash BLOB NOT NULL, shard_account BLOB NOT NULL
    );
  `);
}

/**
 * Version 2 -> 3: an account's transactions by lt again (v2 getTransactions lists them, and an
 * account's latest state as of a snapshot is its newest transaction's state after), and the code
 * and data cells of account states, each distinct cell once, filled from the producer's saved
 * accounts (the states written before this version keep their hashes only).
 */
const ACCOUNT_CELLS_V3 = `
  -- code and data cells of account states by cell hash (account_states.code_hash / data_hash)
  CREATE TABLE account_cells (hash BLOB PRIMARY KEY, boc BLOB NOT NULL) WITHOUT ROWID;`;

function migrateToV3(db: Database.Database): void {
  db.exec(CHAIN_LIST_INDEXES);
  db.exec(ACCOUNT_CELLS_V3);
  const insert = db.prepare('INSERT OR IGNORE INTO account_cells VALUES (?, ?)');
  // read whole first: better-sqlite3 runs no other statement while one iterates
  for (const [boc] of db.prepare('SELECT shard_account FROM producer_accounts').raw().all() as [Buffer][]) {
    for (const c of cellsOfShardAccount(boc)) insert.run(c.hash, c.boc);
  }
}

/**
 * Version 3 -> 4: the message list's indexes (message-list.ts), and `account_balances` (each
 * account's newest state's balance, account-balances.ts), filled from each account's newest
 * transaction. Balances are zero-padded decimal TEXT (`balanceKey`): an amount may exceed 2^63.
 */
function migrateToV4(db: Database.Database): void {
  db.exec(MESSAGE_LIST_INDEXES);
  db.exec(`
    CREATE TABLE account_balances (
      account TEXT PRIMARY KEY, balance TEXT NOT NULL, lt INTEGER NOT NULL, mc_seqno INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX account_balances_by_balance ON account_balances (balance DESC, account);
    CREATE INDEX account_balances_by_mc ON account_balances (mc_seqno);
    INSERT INTO account_balances
      SELECT t.account, substr('${'0'.repeat(BALANCE_DIGITS)}' || s.balance, -${BALANCE_DIGITS}), t.lt, t.mc_seqno
      FROM transactions t JOIN account_states s ON s.hash = t.state_after
      WHERE t.lt = (SELECT max(x.lt) FROM transactions x WHERE x.account = t.account);
  `);
}

/** Version 4 -> 5: the token tables, filled by the steps of token-migration.ts. */
function migrateToV5(db: Database.Database): void {
  db.exec(tokenTablesDdl('sqlite'));
  const steps = deriveTokenTables('sqlite');
  for (let step = steps.next(); !step.done;) {
    const s = step.value;
    if ('query' in s) {
      step = steps.next(
        db
          .prepare(s.query)
          .safeIntegers(true)
          .all(...s.args) as Record<string, unknown>[],
      );
    } else {
      insertTokenRows(db, s.write);
      step = steps.next([]);
    }
  }
}

/** One token table's rows (the writer's and the migration's). */
export function insertTokenRows(db: Database.Database, w: TokenWrite): void {
  const insert = db.prepare(
    `INSERT INTO ${w.table} (${w.columns.join(', ')}) VALUES (${w.columns.map(() => '?').join(', ')}) ${w.conflict}`,
  );
  for (const row of w.rows) insert.run(...row);
}

export const SCHEMA_VERSION = MIGRATIONS.length;
