import pg from 'pg';
import type { LedgerSnapshots, LedgerStore } from '../interface';
import { PRODUCER_POSITION_KEY } from '../ledger-meta';
import { PartitionKeeper } from './pg-partitions';
import { LedgerConnectionError, describeError } from './pg-location';
import { PgLedgerReader } from './pg-reader';
import { pgReadSnapshot } from './pg-snapshots';
import { DEFAULT_PARTITION_SPAN, PG_MIGRATIONS, PG_SCHEMA_VERSION } from './pg-schema';
import { jettonSearchIndexesDdl } from '../jetton-search';
import { PgLedgerWriter } from './pg-writer';

export interface PgStoreOptions {
  /** An API process: reads only, never migrates (the producer does). */
  readonly?: boolean;
  /** Where reads go (a streaming replica); the primary `location` when absent. */
  readLocation?: string;
  /** Masterchain seqnos per partition, fixed when the ledger is created. */
  partitionSpan?: number;
  /** Connections per pool. */
  poolSize?: number;
  /**
   * A statement running longer is cancelled by PostgreSQL itself (`statement_timeout`): an API
   * process sets its request budget, so no query outlives the request that asked for it.
   */
  statementTimeoutMs?: number;
}

// bigint columns (lt, shard, amounts kept as integers) come back as BigInt, never as a rounded number
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (v: string) => BigInt(v)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

// any fixed key: producers and API processes starting together migrate one at a time
const MIGRATION_LOCK = 0x4c534350;

export function pool(location: string, max: number, readonly: boolean, statementTimeoutMs?: number): pg.Pool {
  // A reader's statements end with its request's budget; a backend whose client went away (a reader
  // worker stopped past its budget) notices within a second rather than when it next writes.
  const bounded =
    statementTimeoutMs === undefined
      ? ''
      : ` -c statement_timeout=${Math.max(1, Math.round(statementTimeoutMs))} -c client_connection_check_interval=1000`;
  const p = new pg.Pool({
    connectionString: location,
    max,
    types,
    connectionTimeoutMillis: 10_000,
    application_name: 'ledgerscope',
    // no JIT: it compiles a plan whose estimated cost is high (a deep offset on a large ledger) at a
    // cost of tens of milliseconds, more than running the index walks it would speed up
    options: (readonly ? '-c default_transaction_read_only=on -c jit=off' : '-c jit=off') + bounded,
  } as pg.PoolConfig);
  // an idle connection that the server drops (restart, failover) must not crash the process: the
  // pool discards it and the next query opens a new one
  p.on('error', () => undefined);
  // a connection the server ends (shutdown, restart, an administrator's pg_terminate_backend) while
  // checked out emits 'error' on its client too; with no listener that would end the process. The
  // query in flight fails on its own, and the pool drops the connection when it is released.
  p.on('connect', (client) => client.on('error', () => undefined));
  return p;
}

async function check(location: string, p: pg.Pool): Promise<void> {
  try {
    await p.query('SELECT 1');
  } catch (error) {
    await p.end().catch(() => undefined);
    throw new LedgerConnectionError(location, `cannot connect: ${describeError(error)}`);
  }
}

async function schemaVersion(db: pg.PoolClient | pg.Pool): Promise<number | null> {
  const r = await db.query<{ t: string | null }>("SELECT to_regclass('public.schema_version')::text AS t");
  if (r.rows[0]?.t === null || r.rows[0]?.t === undefined) return null;
  const v = await db.query<{ version: number }>('SELECT version FROM schema_version');
  return v.rows[0]?.version ?? 0;
}

/** Creates or upgrades the schema in one transaction, under an advisory lock. */
async function migrate(location: string, p: pg.Pool, span: number): Promise<void> {
  const client = await p.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    let version = await schemaVersion(client);
    if (version === null) {
      const tables = await client.query<{ n: string }>(
        "SELECT count(*)::text AS n FROM pg_tables WHERE schemaname = 'public'",
      );
      if (Number(tables.rows[0]!.n) > 0) {
        throw new LedgerConnectionError(
          location,
          'is a PostgreSQL database with other tables but no ledgerscope ledger; refusing to touch it',
        );
      }
      await client.query(
        'CREATE TABLE schema_version (version integer NOT NULL); INSERT INTO schema_version VALUES (0)',
      );
      await client.query('CREATE TABLE partition_span (span integer NOT NULL CHECK (span > 0))');
      await client.query('INSERT INTO partition_span VALUES ($1)', [span]);
      version = 0;
    }
    if (version > PG_SCHEMA_VERSION) {
      throw new LedgerConnectionError(
        location,
        `was written by a newer ledgerscope (schema version ${version}, this one knows up to ${PG_SCHEMA_VERSION}); refusing to touch it`,
      );
    }
    for (let v = version; v < PG_SCHEMA_VERSION; v++) {
      const m = PG_MIGRATIONS[v]!;
      if (typeof m === 'string') await client.query(m);
      else await m(client);
    }
    await client.query('UPDATE schema_version SET version = $1', [PG_SCHEMA_VERSION]);
    // indexes that change no table nor answer, added without a version bump (jetton-search.ts)
    await client.query(jettonSearchIndexesDdl('pg'));
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export interface PgLedgerStore extends LedgerStore {
  readonly reader: PgLedgerReader;
  readonly writer: PgLedgerWriter | null;
  /** The primary's pool (tests and benchmarks run SQL of their own through it). */
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Opens (and, unless read-only, creates or migrates) a PostgreSQL ledger. Connection failures, a
 * database that is not ours and a newer schema throw a `LedgerConnectionError` naming the URL with
 * its password masked.
 */
export async function openPgStore(location: string, opts: PgStoreOptions = {}): Promise<PgLedgerStore> {
  const readonly = opts.readonly ?? false;
  const size = opts.poolSize ?? 8;
  const primary = pool(location, size, readonly, opts.statementTimeoutMs);
  await check(location, primary);
  const readLocation = opts.readLocation ?? location;
  const reads = opts.readLocation ? pool(readLocation, size, true, opts.statementTimeoutMs) : primary;
  const close = async () => {
    await primary.end().catch(() => undefined);
    if (reads !== primary) await reads.end().catch(() => undefined);
  };
  try {
    if (reads !== primary) await check(readLocation, reads);
    if (!readonly) await migrate(location, primary, opts.partitionSpan ?? DEFAULT_PARTITION_SPAN);
    for (const [where, db] of [
      [location, primary],
      [readLocation, reads],
    ] as const) {
      const version = await schemaVersion(db);
      if (version === null)
        throw new LedgerConnectionError(
          where,
          'holds no ledger yet: start the producer (LEDGER_ROLE=producer or all) on it first',
        );
      if (version !== PG_SCHEMA_VERSION) {
        throw new LedgerConnectionError(
          where,
          version > PG_SCHEMA_VERSION
            ? `was written by a newer ledgerscope (schema version ${version}, this one knows ${PG_SCHEMA_VERSION}); refusing to touch it`
            : `has schema version ${version}; start the producer of this version once to migrate it`,
        );
      }
    }
  } catch (error) {
    await close();
    if (error instanceof LedgerConnectionError) throw error;
    throw new LedgerConnectionError(location, describeError(error));
  }
  let writer: PgLedgerWriter | null = null;
  if (!readonly) {
    const span = (await primary.query<{ span: number }>('SELECT span FROM partition_span')).rows[0]!.span;
    const keeper = new PartitionKeeper(span);
    const client = await primary.connect();
    try {
      await keeper.load(client);
    } finally {
      client.release();
    }
    writer = new PgLedgerWriter(primary, keeper);
  }
  return {
    location,
    reader: new PgLedgerReader(reads),
    writer,
    pool: primary,
    readSnapshot: pgReadSnapshot(reads),
    // the producer's own values (where it stopped, the seed): the primary's, never a lagging replica's
    async getMeta(key) {
      const r = await primary.query<{ value: string }>('SELECT value FROM ledger_meta WHERE key = $1', [key]);
      return r.rows[0]?.value ?? null;
    },
    async loadProducerState() {
      const [position, accounts, latest] = await Promise.all([
        primary.query<{ value: string }>('SELECT value FROM ledger_meta WHERE key = $1', [PRODUCER_POSITION_KEY]),
        primary.query<{ account: string; state_hash: Buffer; shard_account: Buffer }>(
          'SELECT account, state_hash, shard_account FROM producer_accounts',
        ),
        primary.query<{ seqno: number; root_hash: Buffer }>(
          'SELECT seqno, root_hash FROM blocks WHERE workchain = -1 AND shard = -9223372036854775808 ORDER BY seqno DESC LIMIT 1',
        ),
      ]);
      return {
        position: position.rows[0]?.value ?? null,
        accounts: accounts.rows.map((r) => ({
          account: r.account,
          stateHash: r.state_hash,
          shardAccount: r.shard_account,
        })),
        latestMcSeqno: latest.rows[0]?.seqno ?? null,
        latestMcRootHash: latest.rows[0]?.root_hash ?? null,
      };
    },
    async setMeta(key, value) {
      if (readonly) throw new Error('the ledger is open read-only');
      await primary.query(
        'INSERT INTO ledger_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value],
      );
    },
    close,
  };
}

/**
 * Read-only snapshots of the PostgreSQL ledger at `location`, connected on first use: what each
 * reader of the service opens. A failure to connect fails the reads that wanted it, and the next
 * read tries again.
 */
export function pgLedgerSnapshots(
  location: string,
  opts: { poolSize?: number; statementTimeoutMs?: number } = {},
): LedgerSnapshots {
  // a reader worker runs one request at a time: one connection for its snapshot, one to spare
  let opening: Promise<PgLedgerStore> | null = null;
  const store = () => {
    opening ??= openPgStore(location, {
      readonly: true,
      poolSize: opts.poolSize ?? 2,
      statementTimeoutMs: opts.statementTimeoutMs,
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };
  return {
    readSnapshot: async (fn) => (await store()).readSnapshot(fn),
    close: async () => {
      if (opening) await (await opening.catch(() => null))?.close();
    },
  };
}
