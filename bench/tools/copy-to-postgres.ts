// A copy of a SQLite ledger in a PostgreSQL database, table by table:
// `npx tsx bench/tools/copy-to-postgres.ts LEDGER.db postgres://…`.
//
// For benchmarks of the PostgreSQL engine on ledgers too large to produce twice (the producer takes
// about an hour per million transactions, bound by its emulator, whichever engine it writes to): the
// copy holds the same ledger the producer would have written into PostgreSQL, row for row. What the
// PostgreSQL schema keeps differently is derived here as its writer derives it (pg-writer.ts):
// - messages, trace accounts and actions carry a masterchain seqno (their transaction's, their
//   trace's first);
// - content-addressed rows (account states, message bodies and init states) are kept once per
//   partition that refers to them: a state in the partition of each transaction before or after
//   which it was, a body or init state in the partition of each transaction that sent or received
//   its message (a receiving copy of an internal message has no init state hash of its own: the
//   sending copy's is used).
// One column may differ from a produced ledger's, and no answer shows it: an account state row names
// the account it was first written for, and a state shared by several accounts (the empty state of
// every account not yet deployed) is written first for another account in each partition; the
// copy names the SQLite file's first one in all. Every other column, row and index is the same
// (checked on a ledger of 2,617 transactions in 12 partitions, produced into PostgreSQL and copied).
// The answers of the copy are compared with the SQLite file's by bench/tools/compare-answers.ts.
import Database from 'better-sqlite3';
import type { PoolClient } from 'pg';
import { openPgStore } from '../../src/store/postgres/open-pg-store';
import { PartitionKeeper } from '../../src/store/postgres/pg-partitions';
import { TOKEN_TABLES } from '../../src/store/token-tables';
import { accountOfKey } from '../../src/store/account-key';
import { decodeBoc } from '../../src/store/compact';

/** Rows per INSERT: every column one array parameter, unnested. */
const CHUNK = 5000;

/** Each PostgreSQL table, filled from this SQLite query (its columns named as the PostgreSQL table's). */
const SOURCES: readonly { table: string; sql: string }[] = [
  { table: 'ledger_meta', sql: 'SELECT * FROM ledger_meta' },
  { table: 'blocks', sql: 'SELECT * FROM blocks' },
  { table: 'shard_state', sql: 'SELECT * FROM shard_state' },
  { table: 'transactions', sql: 'SELECT * FROM transactions' },
  { table: 'messages', sql: 'SELECT m.*, t.mc_seqno FROM messages m JOIN transactions t ON t.hash = m.tx_hash' },
  {
    table: 'account_states',
    sql: `SELECT s.*, x.mc_seqno FROM (SELECT state_before AS hash, mc_seqno FROM transactions UNION SELECT state_after, mc_seqno FROM transactions) x
          JOIN account_states s ON s.hash = x.hash`,
  },
  {
    table: 'message_contents',
    sql: `SELECT c.hash, ledgerscope_decode_boc(c.boc) AS boc, x.mc_seqno FROM (
            SELECT m.body_hash AS hash, t.mc_seqno FROM messages m JOIN transactions t ON t.hash = m.tx_hash
            UNION
            SELECT coalesce(m.init_state_hash, (SELECT o.init_state_hash FROM messages o WHERE o.msg_hash = m.msg_hash AND o.direction = 'out' LIMIT 1)), t.mc_seqno
            FROM messages m JOIN transactions t ON t.hash = m.tx_hash
          ) x JOIN message_contents c ON c.hash = x.hash`,
  },
  { table: 'traces', sql: 'SELECT * FROM traces' },
  {
    table: 'trace_accounts',
    sql: 'SELECT a.*, t.mc_seqno_start AS mc_seqno FROM trace_accounts a JOIN traces t ON t.trace_id = a.trace_id',
  },
  {
    table: 'actions',
    sql: 'SELECT a.*, t.mc_seqno_start AS mc_seqno FROM actions a JOIN traces t ON t.trace_id = a.trace_id',
  },
  { table: 'accounts', sql: 'SELECT * FROM accounts' },
  { table: 'token_info', sql: 'SELECT * FROM token_info' },
  // SQLite deflates the producer's accounts, message contents and account cells (schema version 7),
  // PostgreSQL keeps them as they are
  {
    table: 'producer_accounts',
    sql: 'SELECT account, state_hash, ledgerscope_decode_boc(shard_account) AS shard_account FROM producer_accounts',
  },
  // not partitioned, the same columns on both engines: the cells of account states (code and data,
  // for include_boc), each account's newest balance, the jetton and NFT tables
  { table: 'account_cells', sql: 'SELECT hash, ledgerscope_decode_boc(boc) AS boc FROM account_cells' },
  { table: 'account_balances', sql: 'SELECT * FROM account_balances' },
  ...Object.values(TOKEN_TABLES).map((t) => ({ table: t.name, sql: `SELECT * FROM ${t.name}` })),
];

type Cell = Buffer | string | bigint | number | boolean | null;

/**
 * SQLite's INTEGER flags become booleans, its 64-bit integers decimal strings (exact in any column),
 * and an account it keeps as its key (a BLOB where PostgreSQL has text: messages.tx_account,
 * account-key.ts) its raw address.
 */
function convert(value: unknown, type: string): Cell {
  if (value === null || value === undefined) return null;
  if (type === 'text' && Buffer.isBuffer(value)) return accountOfKey(value);
  if (type === 'bool') return value !== 0n && value !== 0;
  if (typeof value === 'bigint') return value.toString();
  return value as Cell;
}

async function columnsOf(client: PoolClient, table: string): Promise<{ name: string; type: string }[]> {
  const r = await client.query<{ name: string; type: string }>(
    `SELECT column_name AS name, udt_name AS type FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return r.rows;
}

/** Copies the ledger file at `sqlitePath` into the empty PostgreSQL database at `pgUrl`; row counts per table. */
export async function copyLedgerToPostgres(
  sqlitePath: string,
  pgUrl: string,
  onTable?: (table: string, rows: number) => void,
): Promise<Record<string, number>> {
  const lite = new Database(sqlitePath, { readonly: true });
  lite.defaultSafeIntegers(true);
  lite.function('ledgerscope_decode_boc', { deterministic: true }, (b: unknown) => decodeBoc(b as Buffer));
  const store = await openPgStore(pgUrl);
  const client = await store.pool.connect();
  const counts: Record<string, number> = {};
  try {
    const [{ n }] = (await client.query<{ n: string }>('SELECT count(*)::text AS n FROM blocks')).rows as [
      { n: string },
    ];
    if (Number(n) > 0) throw new Error(`${pgUrl} already holds a ledger`);
    await client.query('BEGIN');
    const span = (await client.query<{ span: number }>('SELECT span FROM partition_span')).rows[0]!.span;
    const keeper = new PartitionKeeper(span);
    await keeper.load(client);
    const mcMax = Number(lite.prepare('SELECT max(mc_seqno) FROM blocks').pluck().get() ?? 0n);
    await keeper.ensure(
      client,
      Array.from({ length: Math.floor(mcMax / span) + 1 }, (_, k) => k * span),
    );
    // the secondary indexes are built once the rows are in (a sort each), not row by row: they are
    // dropped here and made again below from their own definitions
    const indexes = (
      await client.query<{ name: string; definition: string }>(
        `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
         WHERE i.schemaname = 'public' AND i.tablename = ANY($1::text[])
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
        [SOURCES.map((x) => x.table)],
      )
    ).rows;
    for (const { name } of indexes) await client.query(`DROP INDEX ${name}`);
    for (const { table, sql } of SOURCES) {
      const cols = await columnsOf(client, table);
      const statement = lite.prepare(sql);
      const from = statement.columns().map((c) => c.name);
      const index = cols.map((c) => {
        const i = from.indexOf(c.name);
        if (i < 0) throw new Error(`${table}.${c.name}: no such column in the SQLite ledger`);
        return i;
      });
      const insert = `INSERT INTO ${table} (${cols.map((c) => c.name).join(', ')})
        SELECT * FROM unnest(${cols.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')})`;
      let rows = 0;
      let chunk: unknown[][] = [];
      const flush = async () => {
        if (chunk.length === 0) return;
        await client.query(
          insert,
          cols.map((c, i) => chunk.map((r) => convert(r[index[i]!], c.type))),
        );
        rows += chunk.length;
        chunk = [];
      };
      for (const row of statement.raw().iterate() as IterableIterator<unknown[]>) {
        chunk.push(row);
        if (chunk.length === CHUNK) await flush();
      }
      await flush();
      counts[table] = rows;
      onTable?.(table, rows);
    }
    await client.query("SET maintenance_work_mem = '256MB'");
    // a partitioned table's index is defined `ON ONLY` the parent: made again on the whole table, its partitions get theirs
    for (const { definition } of indexes) await client.query(definition.replace(' ON ONLY ', ' ON '));
    await client.query('COMMIT');
    keeper.committed();
    // VACUUM as well as ANALYZE, as after any bulk load: a copy's pages are not yet marked
    // all-visible, so every index-only scan (the opcode and deep-offset listings walk covering
    // indexes) would still read each row's heap page, which autovacuum only fixes some time later
    // on a ledger written as it grows
    await client.query('VACUUM (ANALYZE)');
    return counts;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
    await store.close();
    lite.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [path, url] = process.argv.slice(2);
  if (!path || !url) {
    process.stderr.write(
      'usage: npx tsx bench/tools/copy-to-postgres.ts LEDGER.db postgres://user:pass@host:port/db\n',
    );
    process.exit(2);
  }
  const started = performance.now();
  const counts = await copyLedgerToPostgres(path, url, (table, rows) =>
    process.stderr.write(`${table}: ${rows} rows\n`),
  );
  process.stdout.write(
    `${JSON.stringify({ copied: path, seconds: Math.round((performance.now() - started) / 1000), rows: counts })}\n`,
  );
}
