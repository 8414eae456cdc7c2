// The PostgreSQL schema: the same tables, columns and indexes as the SQLite schema (src/store/sqlite/sqlite-schema.ts)
// version for version, so the same ledger reads back the same on both engines. What differs, and why:
// - hashes are `bytea` and accounts `text COLLATE "C"`: both compare as bytes, as SQLite's BLOB and
//   TEXT do, so every ORDER BY walks rows in the same order on both engines;
// - JSON stays `text`, never `jsonb` (which reorders keys and would change the bytes we print);
// - lt, shard and prev lt are `bigint` (SQLite's INTEGER is 64-bit too); flags are `boolean`;
// - the big tables are partitioned by masterchain seqno range (`PARTITION BY RANGE (mc_seqno)`), so an
//   operator can detach or move an old range (docs/deploy.md). A partitioned table's keys must hold
//   the partition key, so those tables carry `mc_seqno` (messages: their transaction's; trace
//   accounts and actions: their trace's first masterchain block, which never changes when a pending
//   trace is written again) and their primary keys end with it. Content-addressed rows (message
//   bodies, account states) are kept once per partition, so a detached range takes what it needs
//   and leaves the others whole;
// - blocks, shard state, the address book and token info are small (one row per block or per
//   account) and stay whole.
// Partitions are created by the writer as the ledger reaches them (pg-partitions.ts); their span
// (masterchain seqnos per partition) is fixed when the database is created.

/** A migration: SQL, or a function run in the migration's transaction. */
export type PgMigration = string | ((db: ClientBase) => Promise<void>);

import type { ClientBase } from 'pg';
import { cellsOfShardAccount } from '../account-cells';
import { encodeActionJson, encodeBoc, encodeDescriptionJson } from '../compact';
import { CHAIN_LIST_INDEXES } from '../chain-list-indexes';
import { MESSAGE_PAYLOAD_COLUMNS } from '../message-payload';
import { MESSAGE_LIST_INDEXES } from '../message-list';
import { BALANCE_DIGITS } from '../account-balances';
import { tokenTablesDdl, type TokenWrite } from '../token-tables';
import { deriveTokenTables } from '../token-migration';
import { inboundTableDdl } from '../inbound';

export const PG_MIGRATIONS: readonly PgMigration[] = [
  // version 1
  `
  CREATE TABLE ledger_meta (key text COLLATE "C" PRIMARY KEY, value text NOT NULL);

  CREATE TABLE blocks (
    workchain integer NOT NULL, shard bigint NOT NULL, seqno integer NOT NULL,
    root_hash bytea NOT NULL, file_hash bytea NOT NULL, mc_seqno integer NOT NULL,
    gen_utime bigint NOT NULL, start_lt bigint NOT NULL, end_lt bigint NOT NULL,
    tx_count integer NOT NULL, global_id integer NOT NULL, prev_blocks text NOT NULL,
    after_split boolean NOT NULL, before_split boolean NOT NULL, after_merge boolean NOT NULL,
    want_split boolean NOT NULL, want_merge boolean NOT NULL, key_block boolean NOT NULL,
    PRIMARY KEY (workchain, shard, seqno)
  );
  CREATE INDEX blocks_by_mc ON blocks (mc_seqno, workchain, shard, seqno);

  CREATE TABLE shard_state (
    mc_seqno integer NOT NULL, workchain integer NOT NULL, shard bigint NOT NULL, seqno integer NOT NULL,
    PRIMARY KEY (mc_seqno, workchain, shard)
  );

  CREATE TABLE transactions (
    hash bytea NOT NULL, lt bigint NOT NULL, account text COLLATE "C" NOT NULL,
    workchain integer NOT NULL, shard bigint NOT NULL, block_seqno integer NOT NULL, mc_seqno integer NOT NULL,
    now bigint NOT NULL, orig_status text NOT NULL, end_status text NOT NULL,
    total_fees text NOT NULL, total_fees_extra text NOT NULL, description text NOT NULL, boc bytea NOT NULL,
    prev_trans_hash bytea NOT NULL, prev_trans_lt bigint NOT NULL,
    state_before bytea NOT NULL, state_after bytea NOT NULL,
    trace_id bytea NOT NULL, trace_external_hash bytea,
    PRIMARY KEY (hash, mc_seqno)
  ) PARTITION BY RANGE (mc_seqno);
  CREATE INDEX transactions_by_block ON transactions (workchain, shard, block_seqno, account, lt);
  CREATE INDEX transactions_by_mc ON transactions (mc_seqno, lt, account, hash);
  CREATE INDEX transactions_by_trace ON transactions (trace_id, lt, hash);
  CREATE INDEX transactions_by_account ON transactions (account, lt);

  CREATE TABLE messages (
    tx_hash bytea NOT NULL, direction text COLLATE "C" NOT NULL CHECK (direction IN ('in', 'out')), position integer NOT NULL,
    msg_hash bytea NOT NULL, hash_norm bytea, tx_lt bigint NOT NULL, tx_account text COLLATE "C" NOT NULL,
    source text, destination text, value text, value_extra text NOT NULL,
    fwd_fee text, ihr_fee text, import_fee text, created_lt bigint, created_at bigint,
    opcode integer, bounce boolean, bounced boolean, ihr_disabled boolean,
    body_hash bytea NOT NULL, init_state_hash bytea, comment text,
    mc_seqno integer NOT NULL,
    PRIMARY KEY (tx_hash, direction, position, mc_seqno)
  ) PARTITION BY RANGE (mc_seqno);
  CREATE INDEX messages_by_hash ON messages (msg_hash, direction);
  CREATE INDEX messages_by_norm ON messages (hash_norm) WHERE hash_norm IS NOT NULL;
  CREATE INDEX messages_by_body ON messages (body_hash, tx_lt, tx_account, tx_hash);
  CREATE INDEX messages_by_opcode ON messages (opcode, tx_lt, tx_account, tx_hash);

  CREATE TABLE message_contents (
    hash bytea NOT NULL, boc bytea NOT NULL, mc_seqno integer NOT NULL,
    PRIMARY KEY (hash, mc_seqno)
  ) PARTITION BY RANGE (mc_seqno);

  CREATE TABLE account_states (
    hash bytea NOT NULL, account text COLLATE "C" NOT NULL, balance text NOT NULL, status text NOT NULL,
    code_hash bytea, data_hash bytea, frozen_hash bytea, last_trans_lt bigint, mc_seqno integer NOT NULL,
    PRIMARY KEY (hash, mc_seqno)
  ) PARTITION BY RANGE (mc_seqno);

  CREATE TABLE traces (
    trace_id bytea NOT NULL, external_hash bytea, external_hash_norm bytea,
    start_lt bigint NOT NULL, end_lt bigint NOT NULL, start_utime bigint NOT NULL, end_utime bigint NOT NULL,
    mc_seqno_start integer NOT NULL, mc_seqno_end integer NOT NULL,
    transactions integer NOT NULL, messages integer NOT NULL, pending_messages integer NOT NULL,
    state text COLLATE "C" NOT NULL, classification_state text NOT NULL,
    PRIMARY KEY (trace_id, mc_seqno_start)
  ) PARTITION BY RANGE (mc_seqno_start);
  CREATE INDEX traces_by_end_lt ON traces (state, end_lt, trace_id);
  CREATE INDEX traces_by_end_utime ON traces (state, end_utime, trace_id);
  CREATE INDEX traces_by_mc ON traces (state, mc_seqno_end, end_lt, trace_id);
  CREATE INDEX traces_by_external ON traces (external_hash);
  CREATE INDEX traces_by_external_norm ON traces (external_hash_norm);

  CREATE TABLE trace_accounts (
    account text COLLATE "C" NOT NULL, end_lt bigint NOT NULL, trace_id bytea NOT NULL, end_utime bigint NOT NULL,
    mc_seqno integer NOT NULL,
    PRIMARY KEY (account, end_lt, trace_id, mc_seqno)
  ) PARTITION BY RANGE (mc_seqno);
  CREATE INDEX trace_accounts_by_trace ON trace_accounts (trace_id);

  CREATE TABLE actions (
    action_id bytea NOT NULL, trace_id bytea NOT NULL, position integer NOT NULL, type text NOT NULL,
    parent_action_id bytea, success boolean NOT NULL,
    start_lt bigint NOT NULL, end_lt bigint NOT NULL, start_utime bigint NOT NULL, end_utime bigint NOT NULL,
    transactions text NOT NULL, accounts text NOT NULL, details text NOT NULL,
    mc_seqno integer NOT NULL,
    PRIMARY KEY (action_id, mc_seqno)
  ) PARTITION BY RANGE (mc_seqno);
  CREATE INDEX actions_by_trace ON actions (trace_id, position);

  CREATE TABLE accounts (
    account text COLLATE "C" PRIMARY KEY, code_hash bytea, interfaces text NOT NULL, status text NOT NULL
  );

  CREATE TABLE token_info (
    account text COLLATE "C" NOT NULL, type text COLLATE "C" NOT NULL, name text, symbol text, decimals integer,
    description text, image text, extra text NOT NULL,
    PRIMARY KEY (account, type)
  );
  `,
  // version 2: nothing stored twice, as in SQLite's version 2, and the producer's position
  migrateToV2,
  // version 3: account states readable, and the chain lists of TON Center's v3 (transactions, blocks),
  // each in its order, as in SQLite's version 3; on the partitioned transactions table each partition
  // gets the index, and a list merges them in order
  migrateToV3,
  // version 4: the v3 `messages` list, as in SQLite's version 4 (partial expression indexes, each
  // partition its own, merged in order), and each account's newest balance (not partitioned: one
  // row per account)
  migrateToV4,
  // version 5: the jetton and NFT tables, as SQLite's (token-tables.ts; not partitioned)
  migrateToV5,
  // version 6: the inbound queue of the local network, as SQLite's (inbound.ts)
  inboundTableDdl('pg'),
];

/**
 * Version 1 -> 2, in the migration's transaction: descriptions, transaction BOCs and actions are
 * deflated against their dictionaries (compact.ts; the rows are rewritten in slices), the receiving
 * copies of internal messages drop the columns their sending copies hold, the index nothing reads
 * goes, and the producer gets its accounts table.
 */
async function migrateToV2(db: ClientBase): Promise<void> {
  await db.query(`
    DROP INDEX transactions_by_account;
    ALTER TABLE transactions ALTER COLUMN description TYPE bytea USING convert_to(description, 'UTF8');
    ALTER TABLE actions ADD COLUMN body bytea;
    UPDATE messages SET ${MESSAGE_PAYLOAD_COLUMNS.map((c) => `${c} = NULL`).join(', ')} WHERE direction = 'in' AND source IS NOT NULL;
    CREATE TABLE producer_accounts (
      account text COLLATE "C" PRIMARY KEY, state_hash bytea NOT NULL, shard_account bytea NOT NULL
    );
  `);
  for (let after: { hash: Buffer; mc: number } | null = null; ;) {
    const r: { rows: { hash: Buffer; mc_seqno: number; description: Buffer; boc: Buffer }[] } = await db.query(
      after
        ? 'SELECT hash, mc_seqno, description, boc FROM transactions WHERE (mc_seqno, hash) > ($1, $2) ORDER BY mc_seqno, hash LIMIT 1000'
        : 'SELECT hash, mc_seqno, description, boc FROM transactions ORDER BY mc_seqno, hash LIMIT 1000',
      after ? [after.mc, after.hash] : [],
    );
    if (r.rows.length === 0) break;
    await db.query(
      `UPDATE transactions t SET description = u.description, boc = u.boc
       FROM unnest($1::bytea[], $2::integer[], $3::bytea[], $4::bytea[]) AS u(hash, mc_seqno, description, boc)
       WHERE t.hash = u.hash AND t.mc_seqno = u.mc_seqno`,
      [
        r.rows.map((x) => x.hash),
        r.rows.map((x) => x.mc_seqno),
        r.rows.map((x) => encodeDescriptionJson(x.description.toString('utf8'))),
        r.rows.map((x) => encodeBoc(x.boc)),
      ],
    );
    const last = r.rows[r.rows.length - 1]!;
    after = { hash: last.hash, mc: last.mc_seqno };
  }
  const actions: {
    rows: { action_id: Buffer; mc_seqno: number; transactions: string; accounts: string; details: string }[];
  } = await db.query('SELECT action_id, mc_seqno, transactions, accounts, details FROM actions');
  for (let i = 0; i < actions.rows.length; i += 1000) {
    const slice = actions.rows.slice(i, i + 1000);
    await db.query(
      `UPDATE actions a SET body = u.body FROM unnest($1::bytea[], $2::integer[], $3::bytea[]) AS u(action_id, mc_seqno, body)
       WHERE a.action_id = u.action_id AND a.mc_seqno = u.mc_seqno`,
      [
        slice.map((x) => x.action_id),
        slice.map((x) => x.mc_seqno),
        slice.map((x) => encodeActionJson(`[${x.transactions},${x.accounts},${x.details}]`)),
      ],
    );
  }
  await db.query(
    'ALTER TABLE actions DROP COLUMN transactions, DROP COLUMN accounts, DROP COLUMN details, ALTER COLUMN body SET NOT NULL',
  );
}

/**
 * Version 2 -> 3, as SQLite's: an account's transactions by lt (v2 getTransactions, and an account's
 * latest state as of a snapshot), and the code and data cells of account states, filled from the
 * producer's saved accounts. `account_cells` is not partitioned: a cell is shared by states of any
 * age (every wallet of a version has the same code), and the table is small (a data cell per state).
 */
async function migrateToV3(db: ClientBase): Promise<void> {
  await db.query(CHAIN_LIST_INDEXES);
  await db.query(`
    CREATE TABLE account_cells (hash bytea PRIMARY KEY, boc bytea NOT NULL);
  `);
  const saved = await db.query<{ shard_account: Buffer }>('SELECT shard_account FROM producer_accounts');
  const cells = saved.rows.flatMap((r) => cellsOfShardAccount(r.shard_account));
  for (let i = 0; i < cells.length; i += 1000) {
    const slice = cells.slice(i, i + 1000);
    await db.query('INSERT INTO account_cells SELECT * FROM unnest($1::bytea[], $2::bytea[]) ON CONFLICT DO NOTHING', [
      slice.map((c) => c.hash),
      slice.map((c) => c.boc),
    ]);
  }
}

/** Version 3 -> 4, as SQLite's: the message list's indexes and `account_balances`, filled from each account's newest transaction. */
async function migrateToV4(db: ClientBase): Promise<void> {
  await db.query(MESSAGE_LIST_INDEXES);
  await db.query(`
    CREATE TABLE account_balances (
      account text COLLATE "C" PRIMARY KEY, balance text COLLATE "C" NOT NULL, lt bigint NOT NULL, mc_seqno integer NOT NULL
    );
    CREATE INDEX account_balances_by_balance ON account_balances (balance DESC, account);
    CREATE INDEX account_balances_by_mc ON account_balances (mc_seqno);
    INSERT INTO account_balances
      SELECT DISTINCT ON (t.account) t.account, lpad(s.balance, ${BALANCE_DIGITS}, '0'), t.lt, t.mc_seqno
      FROM transactions t JOIN account_states s ON s.hash = t.state_after
      WHERE t.lt = (SELECT max(x.lt) FROM transactions x WHERE x.account = t.account)
      ORDER BY t.account;
  `);
}

/** Version 4 -> 5, as SQLite's: the token tables, filled by the steps of token-migration.ts. */
async function migrateToV5(db: ClientBase): Promise<void> {
  await db.query(tokenTablesDdl('pg'));
  const steps = deriveTokenTables('pg');
  for (let step = steps.next(); !step.done;) {
    const s = step.value;
    if ('query' in s) {
      let n = 0;
      const text = s.query.replace(/\?/g, () => `$${++n}`);
      step = steps.next((await db.query(text, s.args)).rows);
    } else {
      await insertTokenRows(db, s.write);
      step = steps.next([]);
    }
  }
}

/** One token table's rows in one statement, each column an array `unnest` turns back into rows (as the writer does). */
export async function insertTokenRows(db: ClientBase, w: TokenWrite): Promise<void> {
  if (w.rows.length === 0) return;
  const arrays = w.columns.map((_, i) => w.rows.map((r) => r[i] ?? null));
  const params = w.pgTypes.map((type, i) => `$${i + 1}::${type}[]`).join(', ');
  await db.query(
    `INSERT INTO ${w.table} (${w.columns.join(', ')}) SELECT * FROM unnest(${params}) ${w.conflict}`,
    arrays,
  );
}

export const PG_SCHEMA_VERSION = PG_MIGRATIONS.length;

/** The partitioned tables and the column each is partitioned by. */
export const PARTITIONED: readonly { table: string; key: string }[] = [
  { table: 'transactions', key: 'mc_seqno' },
  { table: 'messages', key: 'mc_seqno' },
  { table: 'message_contents', key: 'mc_seqno' },
  { table: 'account_states', key: 'mc_seqno' },
  { table: 'traces', key: 'mc_seqno_start' },
  { table: 'trace_accounts', key: 'mc_seqno' },
  { table: 'actions', key: 'mc_seqno' },
];

/** Masterchain seqnos per partition when the database is created (LEDGER_PG_PARTITION_SPAN). */
export const DEFAULT_PARTITION_SPAN = 100_000;
