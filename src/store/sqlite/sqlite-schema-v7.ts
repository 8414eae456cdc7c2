// Version 7 of the SQLite schema: the same tables, columns and indexes, kept in fewer bytes
// (docs/benchmarks.md, "Storage at 20,777 transactions"). Every query keeps its index and every
// answer its bytes; what changes is how three tables hold their rows:
// - `messages` becomes a rowid table with a unique index on its old key (tx_hash, direction,
//   position): a WITHOUT ROWID table's indexes each carry the row's key (~38 bytes) to find the row,
//   a rowid table's its rowid (1-4 bytes), and `messages` has nine indexes;
// - a message's accounts (`tx_account`, `source`, `destination`) are their keys (account-key.ts,
//   34 bytes for 66, in the same order), in the table and in the five indexes that hold them;
// - `account_cells` becomes a rowid table with a unique index on the cell hash (BOCs of hundreds of
//   bytes spill a WITHOUT ROWID table's rows into overflow pages, half empty);
// - the BOCs of `account_cells`, `message_contents` and `producer_accounts` are deflated against
//   the BOC dictionary (compact.ts), as the transactions' are since version 2.
// PostgreSQL keeps its own schema: these are SQLite's storage, not the ledger's form.
import type Database from 'better-sqlite3';
import { MESSAGE_LIST_INDEXES } from '../message-list';
import { accountKey } from '../account-key';
import { encodeBoc } from '../compact';

const MESSAGES_V7 = `
  CREATE TABLE messages (
    tx_hash BLOB NOT NULL, direction TEXT NOT NULL CHECK (direction IN ('in', 'out')), position INTEGER NOT NULL,
    msg_hash BLOB NOT NULL, hash_norm BLOB, tx_lt INTEGER NOT NULL,
    -- accounts as their keys (account-key.ts)
    tx_account BLOB NOT NULL, source BLOB, destination BLOB, value TEXT, value_extra TEXT NOT NULL,
    fwd_fee TEXT, ihr_fee TEXT, import_fee TEXT, created_lt INTEGER, created_at INTEGER,
    opcode INTEGER, bounce INTEGER, bounced INTEGER, ihr_disabled INTEGER,
    body_hash BLOB NOT NULL, init_state_hash BLOB, comment TEXT
  );`;
const MESSAGES_V7_INDEXES = `
  CREATE UNIQUE INDEX messages_by_key ON messages (tx_hash, direction, position);
  CREATE INDEX messages_by_hash ON messages (msg_hash, direction);
  CREATE INDEX messages_by_norm ON messages (hash_norm) WHERE hash_norm IS NOT NULL;
  CREATE INDEX messages_by_body ON messages (body_hash, tx_lt, tx_account, tx_hash);
  CREATE INDEX messages_by_opcode ON messages (opcode, tx_lt, tx_account, tx_hash);
  ${MESSAGE_LIST_INDEXES}`;

/** Version 6 -> 7, in the migration's transaction (the migration VACUUMs the file after). */
export function migrateToV7(db: Database.Database): void {
  db.function('ledgerscope_account_key', { deterministic: true }, (raw: unknown) =>
    raw === null ? null : accountKey(raw as string),
  );
  db.function('ledgerscope_encode_boc', { deterministic: true }, (boc: unknown) => encodeBoc(boc as Buffer));
  db.exec(`
    ALTER TABLE messages RENAME TO messages_v6;
    ${MESSAGES_V7}
    INSERT INTO messages SELECT tx_hash, direction, position, msg_hash, hash_norm, tx_lt, ledgerscope_account_key(tx_account),
      ledgerscope_account_key(source), ledgerscope_account_key(destination), value, value_extra, fwd_fee, ihr_fee, import_fee, created_lt, created_at, opcode, bounce, bounced,
      ihr_disabled, body_hash, init_state_hash, comment FROM messages_v6 ORDER BY tx_lt, tx_hash, direction, position;
    DROP TABLE messages_v6;
    ${MESSAGES_V7_INDEXES}

    ALTER TABLE account_cells RENAME TO account_cells_v6;
    CREATE TABLE account_cells (hash BLOB NOT NULL, boc BLOB NOT NULL);
    INSERT INTO account_cells SELECT hash, ledgerscope_encode_boc(boc) FROM account_cells_v6;
    DROP TABLE account_cells_v6;
    CREATE UNIQUE INDEX account_cells_by_hash ON account_cells (hash);

    UPDATE producer_accounts SET shard_account = ledgerscope_encode_boc(shard_account);
    UPDATE message_contents SET boc = ledgerscope_encode_boc(boc);
  `);
}
