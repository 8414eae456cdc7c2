// The one place where a ledger's location chooses its engine: a `postgres://` (or `postgresql://`)
// URL is a PostgreSQL database, anything else a SQLite file path.
import type { CommitCounter, CommitWitness, LedgerSnapshots, LedgerStore } from './interface';
import { pgCommitWitness } from './postgres/pg-commit-witness';
import { openPgStore, pgLedgerSnapshots } from './postgres/open-pg-store';
import { isPostgresUrl } from './postgres/pg-location';
import { openSqliteStore, sqliteReaderSnapshots } from './sqlite/open-sqlite-store';
import { sqliteCommitCounter } from './sqlite/sqlite-commit-counter';

export interface OpenLedgerOptions {
  /** Reads only; never creates or migrates (an API process). */
  readonly?: boolean;
  /** PostgreSQL: masterchain seqnos per partition, when the ledger is created. */
  partitionSpan?: number;
}

export interface ReaderOptions {
  /** PostgreSQL: a statement running longer is cancelled by the server. */
  statementTimeoutMs?: number;
}

/** An engine: how it opens a ledger (the producer, the composition root) and a reader worker's snapshots. */
export interface LedgerEngine {
  open(location: string, opts: OpenLedgerOptions): Promise<LedgerStore>;
  readerSnapshots(location: string, opts: ReaderOptions): LedgerSnapshots;
  /**
   * A synchronous witness of commits, or null where the engine has none that is cheap: PostgreSQL
   * needs a round trip per look (its LISTEN/NOTIFY arrives after the commit, not with it).
   */
  commitCounter(location: string): CommitCounter | null;
  /** Where there is no synchronous witness: one read by a round trip (PostgreSQL's snapshot), or null. */
  commitWitness(location: string): CommitWitness | null;
}

const sqlite: LedgerEngine = {
  open: async (path, opts) => openSqliteStore(path, { readonly: opts.readonly }),
  readerSnapshots: (path) => sqliteReaderSnapshots(path),
  commitCounter: (path) => sqliteCommitCounter(path),
  commitWitness: () => null,
};

const postgres: LedgerEngine = {
  open: (url, opts) => openPgStore(url, opts),
  readerSnapshots: (url, opts) => pgLedgerSnapshots(url, opts),
  commitCounter: () => null,
  commitWitness: (url) => pgCommitWitness(url),
};

/** The engine of the ledger at `location`. */
export function engineAt(location: string): LedgerEngine {
  return isPostgresUrl(location) ? postgres : sqlite;
}

export function openLedger(location: string, opts: OpenLedgerOptions = {}): Promise<LedgerStore> {
  return engineAt(location).open(location, opts);
}

/** A read-only source of snapshots over the ledger at `location`: what each reader worker of the service opens. */
export function openLedgerReaderFor(location: string, opts: ReaderOptions = {}): LedgerSnapshots {
  return engineAt(location).readerSnapshots(location, opts);
}
