// The PostgreSQL schema: the same tables, columns and indexes as the SQLite schema (src/store/schema.ts)
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

export const PG_MIGRATIONS: readonly string[] = [
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
  // version 2
  `
  -- each account's latest state as the producer's emulator left it
  CREATE TABLE producer_accounts (
    account text COLLATE "C" PRIMARY KEY, state_hash bytea NOT NULL, shard_account bytea NOT NULL
  );
  `,
];

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
