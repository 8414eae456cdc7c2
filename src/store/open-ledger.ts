// The one place where a ledger's location chooses its engine: a `postgres://` (or `postgresql://`)
// URL is a PostgreSQL database, anything else a SQLite file path.
import type { CommitCounter, CommitMark, CommitWitness, LedgerSnapshots, LedgerStore } from './interface';
import { pgCommitWitness } from './postgres/pg-commit-witness';
import { openPgStore, pgLedgerSnapshots } from './postgres/open-pg-store';
import { isPostgresUrl } from './postgres/pg-location';
import { openSqliteStore, sqliteReaderSnapshots, vacuumSqliteLedger } from './sqlite/open-sqlite-store';
import { sqliteCommitCounter } from './sqlite/sqlite-commit-counter';
import type { InboundQueue } from './inbound';
import { openPgInbound } from './postgres/pg-inbound';
import { openSqliteInbound } from './sqlite/sqlite-inbound';

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
  /** Packs a ledger no one has open, once it is built (the SQLite file: VACUUM; PostgreSQL: nothing). */
  compact(location: string): Promise<void>;
}

const sqlite: LedgerEngine = {
  open: async (path, opts) => openSqliteStore(path, { readonly: opts.readonly }),
  readerSnapshots: (path) => sqliteReaderSnapshots(path),
  commitCounter: (path) => sqliteCommitCounter(path),
  commitWitness: () => null,
  compact: async (path) => vacuumSqliteLedger(path),
};

const postgres: LedgerEngine = {
  open: (url, opts) => openPgStore(url, opts),
  readerSnapshots: (url, opts) => pgLedgerSnapshots(url, opts),
  commitCounter: () => null,
  commitWitness: (url) => pgCommitWitness(url),
  compact: async () => undefined,
};

/** The engine of the ledger at `location`. */
export function engineAt(location: string): LedgerEngine {
  return isPostgresUrl(location) ? postgres : sqlite;
}

export function openLedger(location: string, opts: OpenLedgerOptions = {}): Promise<LedgerStore> {
  return engineAt(location).open(location, opts);
}

/**
 * The inbound queue of the ledger at `location` (inbound.ts), on a connection of its own: what the
 * service writes accepted messages to and the producer takes them from.
 */
export function openInboundQueue(location: string): InboundQueue {
  return isPostgresUrl(location) ? openPgInbound(location) : openSqliteInbound(location);
}

/** Packs a built ledger that no one has open (see `LedgerEngine.compact`). */
export function compactLedger(location: string): Promise<void> {
  return engineAt(location).compact(location);
}

/** A read-only source of snapshots over the ledger at `location`: what each reader worker of the service opens. */
export function openLedgerReaderFor(location: string, opts: ReaderOptions = {}): LedgerSnapshots {
  return engineAt(location).readerSnapshots(location, opts);
}

/**
 * A reader's snapshots over the ledger at `location`, opened at the first read rather than now: an
 * open that fails is that read's error, and the next read opens again. For what a service starts
 * beside the reader workers and reads again and again (the streaming follower): one failed
 * read-only open at start, which a first start showed can happen, must not stop the service.
 */
export function openLedgerReaderOnFirstRead(location: string, opts: ReaderOptions = {}): LedgerSnapshots {
  let ledger: LedgerSnapshots | null = null;
  let closed = false;
  return {
    readSnapshot: async (fn) => {
      if (closed) throw new Error('the ledger reader is closed');
      ledger ??= openLedgerReaderFor(location, opts);
      return ledger.readSnapshot(fn);
    },
    close: async () => {
      closed = true;
      await ledger?.close();
    },
  };
}

/**
 * A look at whether anything was committed, cheaper than a read of the ledger: two equal marks read
 * at two moments mean that nothing was committed between them; null, that the mark could not be
 * read (the caller reads the ledger). SQLite's mark is `PRAGMA data_version` (shared memory, ~2 µs);
 * PostgreSQL's a fresh snapshot's text, one round trip on a connection of its own.
 */
export interface CommitProbe {
  mark(): Promise<CommitMark | null>;
  close(): Promise<void>;
}

export function openCommitProbe(location: string): CommitProbe {
  const engine = engineAt(location);
  const counter = engine.commitCounter(location);
  if (counter) return { mark: async () => counter.current(), close: async () => counter.close() };
  const witness = engine.commitWitness(location);
  if (witness) return { mark: () => witness.read(), close: () => witness.close() };
  return { mark: async () => null, close: async () => undefined };
}
