// The one place where a ledger's location chooses its engine: a `postgres://` (or `postgresql://`)
// URL opens the PostgreSQL engine, anything else is a SQLite file path.
import type { LedgerStore } from './interface';
import { openLedgerStore } from './sqlite/open-sqlite-store';
import { openPgStore } from './postgres/open-pg-store';
import { isPostgresUrl } from './postgres/pg-location';

export interface OpenLedgerOptions {
  /** Reads only; never creates or migrates (an API process). */
  readonly?: boolean;
  /** PostgreSQL: masterchain seqnos per partition, when the ledger is created. */
  partitionSpan?: number;
}

export async function openLedger(location: string, opts: OpenLedgerOptions = {}): Promise<LedgerStore> {
  if (isPostgresUrl(location)) return openPgStore(location, opts);
  return openLedgerStore(location, { readonly: opts.readonly });
}
