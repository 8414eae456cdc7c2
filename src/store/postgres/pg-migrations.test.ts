import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticBatches } from '../test-support/synthetic-ledger';
import { openPgStore } from './open-pg-store';
import { decodeAction, decodeBoc, decodeDescription } from '../compact';
import { PG_MIGRATIONS, PG_SCHEMA_VERSION } from './pg-schema';
import { startPgCluster, type PgCluster } from './test-support/pg-cluster';
import pg from 'pg';
import { beginCell, Cell } from '@ton/core';
import { activeShardAccountBoc } from '../test-support/shard-account';

// Versioned migrations of the PostgreSQL schema: an empty database gets the newest schema; a
// ledger of an older version is upgraded in place, its rows kept; a newer one is refused.

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
});
afterAll(() => cluster?.destroy());

const tables = (db: string) =>
  cluster.psql(
    "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE '%\\_p0%'",
    db,
  );

/** A new database at schema `version`, as that version created it (its migrations only): a connected client. */
async function atVersion(url: string, version: number): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    'CREATE TABLE schema_version (version integer NOT NULL); CREATE TABLE partition_span (span integer NOT NULL CHECK (span > 0)); INSERT INTO partition_span VALUES (4)',
  );
  for (const m of PG_MIGRATIONS.slice(0, version)) await (typeof m === 'string' ? client.query(m) : m(client));
  await client.query('INSERT INTO schema_version VALUES ($1)', [version]);
  return client;
}

describe('PostgreSQL migrations', () => {
  it('creates the newest schema in an empty database', async () => {
    const store = await openPgStore(cluster.createDatabase('fresh'), { partitionSpan: 10 });
    await store.close();
    expect(cluster.psql('SELECT version FROM schema_version', 'fresh')).toBe(String(PG_SCHEMA_VERSION));
    expect(cluster.psql('SELECT span FROM partition_span', 'fresh')).toBe('10');
    expect(tables('fresh').split(',')).toEqual(
      expect.arrayContaining(['transactions', 'messages', 'traces', 'actions', 'producer_accounts', 'ledger_meta']),
    );
  });

  it('upgrades a ledger of version 1 in place, keeping its rows', async () => {
    const url = cluster.createDatabase('previous');
    // version 1, as it was created (its migration only) and written (JSON as text, BOCs raw, both
    // copies of a message whole)
    const client = await atVersion(url, 1);
    for (const t of [
      'transactions',
      'messages',
      'message_contents',
      'account_states',
      'traces',
      'trace_accounts',
      'actions',
    ]) {
      await client.query(`CREATE TABLE ${t}_p000000 PARTITION OF ${t} FOR VALUES FROM (0) TO (4)`);
    }
    const h = (n: number) => Buffer.alloc(32, n);
    const description = '{"type":"ord","aborted":false,"compute_ph":{"skipped":false,"success":true}}';
    const boc = Buffer.from('b5ee9c72410101010002000000', 'hex');
    await client.query(
      `INSERT INTO transactions VALUES ($1, 5, '0:AA', 0, 1, 1, 1, 100, 'active', 'active', '7', '{}', $2, $3, $4, 0, $5, $6, $1, NULL)`,
      [h(1), description, boc, h(0), h(2), h(3)],
    );
    const msg = (tx: Buffer, direction: string) =>
      client.query(
        `INSERT INTO messages VALUES ($1, $2, 0, $3, NULL, 5, '0:AA', '0:AA', '0:BB', '1000', '{}', '1', '0', '0', 4, 100, 0, true, false, true, $4, NULL, 'hi', 1)`,
        [tx, direction, h(9), h(8)],
      );
    await msg(h(1), 'out');
    await msg(h(4), 'in');
    await client.query(
      `INSERT INTO actions VALUES ($1, $2, 0, 'ton_transfer', NULL, true, 5, 5, 100, 100, $3, '["0:AA"]', '{"value":"1000"}', 1)`,
      [h(7), h(1), `["${h(1).toString('base64')}"]`],
    );
    await client.end();

    const store = await openPgStore(url);
    expect(cluster.psql('SELECT version FROM schema_version', 'previous')).toBe(String(PG_SCHEMA_VERSION));
    const row = (
      await store.pool.query<{ description: Buffer; boc: Buffer }>('SELECT description, boc FROM transactions')
    ).rows[0]!;
    expect(decodeDescription(row.description)).toEqual(JSON.parse(description));
    expect(decodeBoc(row.boc)).toEqual(boc);
    const action = (await store.pool.query<{ body: Buffer }>('SELECT body FROM actions')).rows[0]!;
    expect(decodeAction(action.body)).toEqual({
      transactions: [h(1).toString('base64')],
      accounts: ['0:AA'],
      details: { value: '1000' },
    });
    // the receiver's copy left the message's own columns to the sender's; the sender's kept them
    expect(
      cluster.psql(
        "SELECT direction || ':' || coalesce(destination, '-') || ':' || coalesce(comment, '-') FROM messages ORDER BY direction",
        'previous',
      ),
    ).toBe('in:-:-\nout:0:BB:hi');
    // version 4's messages list: the message once, by its sender's row, under each of its filters
    const page = { limit: 10, offset: 0, sort: 'desc' as const };
    for (const filter of [{}, { source: '0:AA' }, { destination: '0:BB' }, { opcode: 0 }, { bodyHash: h(8) }])
      expect(await store.reader.findMessages(filter, page)).toEqual([{ msgHash: h(9), txHash: h(1) }]);
    expect(await store.reader.findMessages({ source: null }, page)).toEqual([]);
    // what the new version adds works on the upgraded ledger
    const tx = [...syntheticBatches({ batches: 1, txPerBatch: 2 })][0]!.transactions[0]!;
    await store.writer!.writeBatch({
      ...[...syntheticBatches({ batches: 7, txPerBatch: 10 })][6]!,
      checkpoint: {
        position: '{"at":7}',
        accounts: [{ account: tx.account, stateHash: tx.hash, shardAccount: Buffer.from('boc') }],
      },
    });
    const saved = await store.loadProducerState();
    expect(saved.position).toBe('{"at":7}');
    expect(saved.accounts).toEqual([{ account: tx.account, stateHash: tx.hash, shardAccount: Buffer.from('boc') }]);
    expect(saved.latestMcSeqno).toBe(6);
    await store.close();
  });

  it('version 2 -> 3 keeps the code and data cells of the producer saved accounts', async () => {
    const url = cluster.createDatabase('v2');
    const client = await atVersion(url, 2);
    const code = beginCell().storeUint(0xc0de, 16).endCell();
    const data = beginCell().storeUint(42, 32).endCell();
    await client.query("INSERT INTO producer_accounts VALUES ('0:07', $1, $2)", [
      Buffer.alloc(32, 1),
      activeShardAccountBoc(code, data),
    ]);
    await client.end();
    const store = await openPgStore(url);
    const cells = (await store.pool.query<{ hash: Buffer; boc: Buffer }>('SELECT hash, boc FROM account_cells')).rows;
    await store.close();
    expect(cells.map((c) => c.hash.toString('hex')).sort()).toEqual(
      [code.hash().toString('hex'), data.hash().toString('hex')].sort(),
    );
    for (const c of cells) expect(Cell.fromBoc(c.boc)[0]!.hash()).toEqual(c.hash);
  });

  it('refuses a ledger of a newer version, changing nothing', async () => {
    const url = cluster.createDatabase('newer');
    await (await openPgStore(url)).close();
    cluster.psql(`UPDATE schema_version SET version = ${PG_SCHEMA_VERSION + 1}`, 'newer');
    const before = tables('newer');
    await expect(openPgStore(url)).rejects.toThrow(
      new RegExp(`schema version ${PG_SCHEMA_VERSION + 1}.*refusing to touch it`),
    );
    await expect(openPgStore(url, { readonly: true })).rejects.toThrow(/newer ledgerscope/);
    expect(tables('newer')).toBe(before);
    expect(cluster.psql('SELECT version FROM schema_version', 'newer')).toBe(String(PG_SCHEMA_VERSION + 1));
  });

  it('an API process (read-only) does not migrate: it asks for the producer', async () => {
    const url = cluster.createDatabase('older');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      'CREATE TABLE schema_version (version integer NOT NULL); CREATE TABLE partition_span (span integer NOT NULL); INSERT INTO partition_span VALUES (4)',
    );
    await client.query(PG_MIGRATIONS[0] as string);
    await client.query('INSERT INTO schema_version VALUES (1)');
    await client.end();
    await expect(openPgStore(url, { readonly: true })).rejects.toThrow(
      /has schema version 1; start the producer of this version once to migrate it/,
    );
    expect(cluster.psql('SELECT version FROM schema_version', 'older')).toBe('1');
  });
});
