// What a sandbox ledger keeps beside the ledger's own tables: which test sent each frame, what
// sandbox knew of each contract (wrapper name, treasury seed, ABI), and each transaction's logs,
// links and storage as sandbox sent them. Its own tables, created by this module (never by the
// ledger's schema migrations, whose versions it leaves alone), versioned by the ledger_meta key
// `sandbox_schema`; written in the same SQLite transaction as the frame's batch. docs/sandbox.md.
import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { SqliteLedgerStore } from '../store/sqlite/open-sqlite-store';
import type { SqliteLedgerWriter } from '../store/sqlite/sqlite-writer';
import type { LedgerBatch } from '../store/records';
import { packLog, type SandboxTestRow } from '../store/sandbox-runs';
import type { SandboxFrame } from './frame';
import { packLogs, type ReadContract, type ReadTransaction } from './read-transactions';

export const SANDBOX_SCHEMA_KEY = 'sandbox_schema';
// 2: sandbox_frame_repeats (a version 1 ledger gets the table, empty: its frames repeated nothing)
// 3: sandbox_failed_messages, sandbox_executor_actions, sandbox_acton_traces (Acton's bundles: a
//    version 2 ledger gets them empty, its frames carried none of it)
export const SANDBOX_SCHEMA_VERSION = 3;

const TABLES = `
CREATE TABLE IF NOT EXISTS sandbox_tests (
  test_key TEXT PRIMARY KEY,
  test_id TEXT,
  name TEXT,
  path TEXT,
  first_mc_seqno INTEGER NOT NULL,
  last_mc_seqno INTEGER NOT NULL,
  frames INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sandbox_frames (
  mc_seqno INTEGER PRIMARY KEY,
  test_key TEXT NOT NULL,
  shape TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  transactions INTEGER NOT NULL,
  bytes INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sandbox_frames_by_test ON sandbox_frames (test_key, mc_seqno);
CREATE TABLE IF NOT EXISTS sandbox_frame_traces (
  mc_seqno INTEGER NOT NULL,
  trace_id BLOB NOT NULL,
  written INTEGER NOT NULL,
  PRIMARY KEY (mc_seqno, trace_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sandbox_frame_repeats (
  mc_seqno INTEGER NOT NULL,
  hash BLOB NOT NULL,
  PRIMARY KEY (mc_seqno, hash)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sandbox_contracts (
  test_key TEXT NOT NULL,
  account TEXT NOT NULL,
  wrapper_name TEXT,
  treasury_seed TEXT,
  abi TEXT,
  last_mc_seqno INTEGER NOT NULL,
  PRIMARY KEY (test_key, account)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sandbox_transactions (
  hash BLOB PRIMARY KEY,
  mc_seqno INTEGER NOT NULL,
  parent_lt TEXT,
  children_lts TEXT NOT NULL,
  blockchain_logs BLOB,
  vm_logs BLOB,
  debug_logs BLOB,
  old_storage BLOB,
  new_storage BLOB
);
CREATE TABLE IF NOT EXISTS sandbox_failed_messages (
  mc_seqno INTEGER NOT NULL,
  position INTEGER NOT NULL,
  error TEXT NOT NULL,
  vm_exit_code INTEGER,
  vm_logs BLOB,
  blockchain_logs BLOB,
  missing_libraries TEXT NOT NULL,
  PRIMARY KEY (mc_seqno, position)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sandbox_executor_actions (
  hash BLOB PRIMARY KEY,
  actions TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sandbox_acton_traces (
  mc_seqno INTEGER PRIMARY KEY,
  name TEXT,
  treasury_deploy INTEGER NOT NULL,
  hidden_traces INTEGER NOT NULL
);
`;

/**
 * Whether the file holds a ledger with blocks that are not sandbox runs (the producer's): read
 * before the ledger is opened for writing, which would migrate an older one. Anything that is not
 * a readable ledger answers false, for the store's own checks to name.
 */
export function holdsProducedLedger(path: string): boolean {
  if (!existsSync(path) || statSync(path).size === 0) return false;
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const has = (table: string) =>
      db!.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
    if (!has('blocks') || !has('ledger_meta')) return false;
    if (db.prepare('SELECT 1 FROM blocks LIMIT 1').get() === undefined) return false;
    return db.prepare('SELECT 1 FROM ledger_meta WHERE key = ?').get(SANDBOX_SCHEMA_KEY) === undefined;
  } catch {
    return false;
  } finally {
    db?.close();
  }
}

/** Creates the sandbox tables when missing; refuses a ledger whose sandbox tables are of a newer version. */
export function ensureSandboxTables(store: SqliteLedgerStore): void {
  const db = store.db;
  const get = db.prepare('SELECT value FROM ledger_meta WHERE key = ?');
  const found = (get.get(SANDBOX_SCHEMA_KEY) as { value: string } | undefined)?.value;
  if (found !== undefined && Number(found) > SANDBOX_SCHEMA_VERSION) {
    throw new Error(
      `${store.path}: its sandbox tables are of version ${found}, newer than this build's ${SANDBOX_SCHEMA_VERSION}`,
    );
  }
  db.transaction(() => {
    db.exec(TABLES);
    db.prepare(
      'INSERT INTO ledger_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(SANDBOX_SCHEMA_KEY, String(SANDBOX_SCHEMA_VERSION));
  })();
}

export { unpackLog as unpacked } from '../store/sandbox-runs';
const hexBytes = (h: string | null | undefined) => (h ? Buffer.from(h, 'hex') : null);

export interface StoredFrame {
  frame: SandboxFrame;
  testKey: string;
  seqno: number;
  bytes: number;
  receivedAt: number;
  batch: LedgerBatch;
  traces: { traceId: Buffer; written: boolean }[];
  written: ReadTransaction[];
  /** Transactions of the frame stored by earlier frames, outside the traces it names (frame-batch.ts). */
  repeats: Buffer[];
  contracts: ReadContract[];
}

/** Writes frames: the ledger's batch and the sandbox's rows, in one transaction. */
export class RunWriter {
  private readonly db: Database.Database;
  private readonly writeAll: (f: StoredFrame) => void;

  constructor(store: SqliteLedgerStore) {
    this.db = store.db;
    const writer = store.writer as SqliteLedgerWriter | null;
    if (!writer) throw new Error('the sandbox ledger is open read-only');
    const test = this.db.prepare(`INSERT INTO sandbox_tests VALUES (?, ?, ?, ?, ?, ?, 1)
      ON CONFLICT (test_key) DO UPDATE SET last_mc_seqno = excluded.last_mc_seqno, frames = frames + 1`);
    const frame = this.db.prepare('INSERT INTO sandbox_frames VALUES (?, ?, ?, ?, ?, ?)');
    const trace = this.db.prepare('INSERT OR REPLACE INTO sandbox_frame_traces VALUES (?, ?, ?)');
    const repeat = this.db.prepare('INSERT INTO sandbox_frame_repeats VALUES (?, ?)');
    const contract = this.db.prepare(`INSERT INTO sandbox_contracts VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (test_key, account) DO UPDATE SET wrapper_name = excluded.wrapper_name,
        treasury_seed = excluded.treasury_seed, abi = excluded.abi, last_mc_seqno = excluded.last_mc_seqno`);
    const tx = this.db.prepare('INSERT OR REPLACE INTO sandbox_transactions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const failed = this.db.prepare('INSERT INTO sandbox_failed_messages VALUES (?, ?, ?, ?, ?, ?, ?)');
    const actions = this.db.prepare('INSERT OR REPLACE INTO sandbox_executor_actions VALUES (?, ?)');
    const acton = this.db.prepare('INSERT INTO sandbox_acton_traces VALUES (?, ?, ?, ?)');
    this.writeAll = this.db.transaction((f: StoredFrame) => {
      writer.writeBatchSync(f.batch);
      const t = f.frame.test;
      test.run(f.testKey, t.id, t.name, t.path, f.seqno, f.seqno);
      frame.run(f.seqno, f.testKey, f.frame.shape, f.receivedAt, f.written.length, f.bytes);
      for (const tr of f.traces) trace.run(f.seqno, tr.traceId, tr.written ? 1 : 0);
      for (const h of f.repeats) repeat.run(f.seqno, h);
      for (const c of f.contracts) {
        if (!c.wrapperName && !c.treasurySeed && c.abi === null) continue;
        contract.run(
          f.testKey,
          c.account,
          c.wrapperName,
          c.treasurySeed,
          c.abi === null ? null : JSON.stringify(c.abi),
          f.seqno,
        );
      }
      for (const w of f.written) {
        const packed = w.packed ?? packLogs(w.frame);
        tx.run(
          w.hash,
          f.seqno,
          w.frame.parentId ?? null,
          JSON.stringify((w.frame.childrenIds ?? []).filter((c) => c !== null && c !== undefined)),
          packed.blockchain,
          packed.vm,
          packed.debug,
          hexBytes(w.frame.oldStorage),
          hexBytes(w.frame.newStorage),
        );
        // kept as Acton wrote them (checked by frame.ts): the API words them (serialize/sandbox-acton.ts)
        if (w.frame.executorActions?.length) actions.run(w.hash, JSON.stringify(w.frame.executorActions));
      }
      f.frame.failedMessages.forEach((m, i) =>
        failed.run(
          f.seqno,
          i,
          m.error,
          m.vm_exit_code ?? null,
          packLog(m.vm_log_diff),
          packLog(m.executor_logs),
          JSON.stringify(m.missing_libraries ?? []),
        ),
      );
      const a = f.frame.acton;
      if (a) acton.run(f.seqno, a.name ?? null, a.treasuryDeploy ? 1 : 0, a.hiddenTraces ?? 0);
    });
  }

  write(f: StoredFrame): void {
    this.writeAll(f);
  }
}

/** The tests the ledger has frames of, newest first, read on a connection of its own (the tests'; the API reads them through the store). */
export function listTests(db: Database.Database): Omit<SandboxTestRow, 'lastReceivedAt'>[] {
  return db
    .prepare(
      `SELECT test_key AS testKey, test_id AS testId, name, path, first_mc_seqno AS firstMcSeqno,
        last_mc_seqno AS lastMcSeqno, frames FROM sandbox_tests ORDER BY last_mc_seqno DESC`,
    )
    .all() as Omit<SandboxTestRow, 'lastReceivedAt'>[];
}
