import Database from 'better-sqlite3';
import { closeSync, existsSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION } from './sqlite-schema';
import { jettonSearchIndexesDdl } from '../jetton-search';
import { PRODUCER_POSITION_KEY } from '../ledger-meta';
import { SqliteLedgerReader } from './sqlite-reader';
import { SqliteLedgerWriter } from './sqlite-writer';
import { sqliteReadSnapshot } from './sqlite-snapshots';
import type { LedgerReader, LedgerSnapshots, LedgerStore, LedgerWriter } from '../interface';
import type { ProducerAccountRecord } from '../records';
import { decodeBoc } from '../compact';

/** The file is not a ledger of ours, or of a newer version: nothing was changed in it. */
export class LedgerFileError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'LedgerFileError';
  }
}

/** The SQLite engine's store: the file and its connection, for tests and tools that read SQL. */
export interface SqliteLedgerStore extends LedgerStore {
  readonly path: string;
  readonly db: Database.Database;
  readonly reader: LedgerReader;
  /**
   * The reads of one request on one snapshot (see `LedgerSnapshots`). On a writable store the
   * snapshot shares the writer's connection: `fn` must not wait on anything but its reads, or a
   * batch written meanwhile would join the read transaction and be committed at its end.
   */
  readSnapshot: LedgerSnapshots['readSnapshot'];
  /** Absent when opened read-only. */
  readonly writer: LedgerWriter | null;
  /** Values such as the seed the ledger was generated with (async: not every engine reads synchronously). */
  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;
  close(): void;
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

function checkHeader(path: string): void {
  if (!existsSync(path) || statSync(path).size === 0) return;
  const fd = openSync(path, 'r');
  const head = Buffer.alloc(16);
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (!head.equals(SQLITE_HEADER)) {
    throw new LedgerFileError(path, 'is not a ledgerscope ledger (not a SQLite database); refusing to touch it');
  }
}

/**
 * Opens (or creates) the ledger file. A file that is not ours, or written by a newer schema
 * version, is refused with a `LedgerFileError` naming it, before anything is written.
 */
export function openSqliteStore(path: string, opts: { readonly?: boolean } = {}): SqliteLedgerStore {
  const readonly = opts.readonly ?? false;
  if (readonly && !existsSync(path)) throw new LedgerFileError(path, 'does not exist');
  checkHeader(path);
  if (!readonly) mkdirSync(dirname(path), { recursive: true });
  let db: Database.Database;
  try {
    db = new Database(path, { readonly, fileMustExist: readonly });
  } catch (error) {
    throw new LedgerFileError(path, `cannot be opened: ${(error as Error).message}`);
  }
  try {
    const appId = db.pragma('application_id', { simple: true }) as number;
    const version = db.pragma('user_version', { simple: true }) as number;
    const tables = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number })
      .n;
    if (appId !== APPLICATION_ID && !(appId === 0 && version === 0 && tables === 0)) {
      throw new LedgerFileError(path, 'is a SQLite database but not a ledgerscope ledger; refusing to touch it');
    }
    if (version > SCHEMA_VERSION) {
      throw new LedgerFileError(
        path,
        `was written by a newer ledgerscope (schema version ${version}, this one knows up to ${SCHEMA_VERSION}); refusing to touch it`,
      );
    }
    if (!readonly) {
      // a new file: pages of 8 KB, set before the first table (docs/benchmarks.md, "Storage": fewer
      // page headers and overflow pages, ~70 bytes a transaction); a file of 4 KB pages keeps them
      if (version === 0 && tables === 0) db.pragma('page_size = 8192');
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      // Hash-keyed tables and indexes take each batch's rows at random pages, so a batch dirties
      // about as many pages as it has rows. Checkpointing every 10k WAL pages (~40 MB) instead of
      // SQLite's 1k lets a page rewritten by many batches be copied back once: measured with
      // bench/store.ts, ~0.55 -> ~0.33 ms per written transaction. The WAL is cut back after.
      db.pragma('wal_autocheckpoint = 10000');
      db.pragma('journal_size_limit = 67108864');
      migrate(db, version);
      // indexes that change no table nor answer, added without a version bump (jetton-search.ts)
      db.exec(jettonSearchIndexesDdl('sqlite'));
    } else if (version < SCHEMA_VERSION) {
      throw new LedgerFileError(path, `has schema version ${version}; open it writable once to migrate it`);
    }
    db.pragma('cache_size = -65536');
    db.pragma('mmap_size = 268435456');
    db.pragma('temp_store = MEMORY');
  } catch (error) {
    db.close();
    throw error;
  }
  const meta = db.prepare('SELECT value FROM ledger_meta WHERE key = ?').pluck();
  const putMeta = readonly
    ? null
    : db.prepare(
        'INSERT INTO ledger_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      );
  const reader = new SqliteLedgerReader(db);
  const latestMcRow = db.prepare(
    'SELECT seqno, root_hash FROM blocks WHERE workchain = -1 ORDER BY seqno DESC LIMIT 1',
  );
  const latestMc = () => {
    const row = latestMcRow.get() as { seqno: number; root_hash: Buffer } | undefined;
    return { latestMcSeqno: row?.seqno ?? null, latestMcRootHash: row?.root_hash ?? null };
  };
  const writer = readonly ? null : new SqliteLedgerWriter(db);
  return {
    location: path,
    path,
    db,
    reader,
    readSnapshot: sqliteReadSnapshot(db, reader),
    writer,
    getMeta: async (key) => (meta.get(key) as string | undefined) ?? null,
    setMeta: async (key, value) => {
      if (!putMeta) throw new Error('the ledger is open read-only');
      putMeta.run(key, value);
    },
    loadProducerState: async () => ({
      position: (meta.get(PRODUCER_POSITION_KEY) as string | undefined) ?? null,
      accounts: (
        db.prepare('SELECT account, state_hash, shard_account FROM producer_accounts').raw().all() as [
          string,
          Buffer,
          Buffer,
        ][]
      ).map(([account, stateHash, shardAccount]): ProducerAccountRecord => ({
        account,
        stateHash,
        // deflated since schema version 7 (sqlite-schema-v7.ts)
        shardAccount: decodeBoc(shardAccount),
      })),
      ...latestMc(),
    }),
    close: () => {
      if (db.open) db.close();
    },
  };
}

function migrate(db: Database.Database, from: number): void {
  if (from === SCHEMA_VERSION) return;
  db.transaction(() => {
    for (let v = from; v < SCHEMA_VERSION; v++) {
      const step = MIGRATIONS[v]!;
      if (typeof step === 'string') db.exec(step);
      else step(db);
    }
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
  // A ledger migrated from an older version gives its freed pages back to the file system.
  if (from > 0) db.exec('VACUUM');
}

/**
 * Rewrites a ledger file that no one has open with every b-tree packed. A ledger is written in
 * batches whose rows land all over the hash-keyed tables and indexes, which leaves their pages
 * about 85 % full; VACUUM rebuilds each in order (~98 %): 5,387 -> 4,880 bytes per transaction on
 * a 20,777-transaction ledger (docs/benchmarks.md). The data, the indexes and every answer are as
 * they were; rowids may change, and no table or answer refers to one.
 */
export function vacuumSqliteLedger(path: string): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.exec('VACUUM');
  } finally {
    db.close();
  }
}

const READER_CACHE_KB = 16 * 1024;
const READER_MMAP_BYTES = 128 * 1024 * 1024;

/**
 * A read-only source of snapshots over the ledger file at `path`: what each reader worker of the
 * service opens.
 */
export function sqliteReaderSnapshots(path: string): LedgerSnapshots {
  const store = openSqliteStore(path, { readonly: true });
  // A service runs several readers in one process, each its own connection: a smaller page cache
  // each, and a map of the file's first 128 MB (what the queries touch most: schema, index roots)
  // rather than 256 MB, because a page mapped by n connections counts n times in the process's
  // resident memory. Measured under the abuse benchmark (docs/benchmarks.md).
  store.db.pragma(`cache_size = -${READER_CACHE_KB}`);
  store.db.pragma(`mmap_size = ${READER_MMAP_BYTES}`);
  return {
    readSnapshot: store.readSnapshot,
    close: async () => store.close(),
  };
}
