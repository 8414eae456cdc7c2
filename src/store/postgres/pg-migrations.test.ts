import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticBatches } from '../synthetic-ledger';
import { openPgStore } from './open-pg-store';
import { PartitionKeeper } from './pg-partitions';
import { PG_MIGRATIONS, PG_SCHEMA_VERSION } from './pg-schema';
import { PgLedgerWriter } from './pg-writer';
import { startPgCluster, type PgCluster } from './test-support/pg-cluster';
import pg from 'pg';

// Versioned migrations of the PostgreSQL schema: an empty database gets the newest schema; a
// ledger of the previous version is upgraded in place, its rows kept; a newer one is refused.

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
});
afterAll(() => cluster?.destroy());

const tables = (db: string) => cluster.psql("SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE '%\\_p0%'", db);

describe('PostgreSQL migrations', () => {
  it('creates the newest schema in an empty database', async () => {
    const store = await openPgStore(cluster.createDatabase('fresh'), { partitionSpan: 10 });
    await store.close();
    expect(cluster.psql('SELECT version FROM schema_version', 'fresh')).toBe(String(PG_SCHEMA_VERSION));
    expect(cluster.psql('SELECT span FROM partition_span', 'fresh')).toBe('10');
    expect(tables('fresh').split(',')).toEqual(expect.arrayContaining(['transactions', 'messages', 'traces', 'actions', 'producer_accounts', 'ledger_meta']));
  });

  it('upgrades a ledger of the previous version in place, keeping its rows', async () => {
    const url = cluster.createDatabase('previous');
    // the previous version, as it was created: its migrations only
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('CREATE TABLE schema_version (version integer NOT NULL); CREATE TABLE partition_span (span integer NOT NULL CHECK (span > 0)); INSERT INTO partition_span VALUES (4)');
    for (const m of PG_MIGRATIONS.slice(0, PG_SCHEMA_VERSION - 1)) await client.query(m);
    await client.query('INSERT INTO schema_version VALUES ($1)', [PG_SCHEMA_VERSION - 1]);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const writer = new PgLedgerWriter(pool, new PartitionKeeper(4));
    const batches = [...syntheticBatches({ batches: 6, txPerBatch: 10 })];
    for (const b of batches) await writer.writeBatch(b);
    await pool.end();
    await client.end();
    const before = cluster.psql('SELECT count(*) FROM transactions', 'previous');
    expect(Number(before)).toBe(batches.reduce((n, b) => n + b.transactions.length, 0));

    const store = await openPgStore(url);
    expect(cluster.psql('SELECT version FROM schema_version', 'previous')).toBe(String(PG_SCHEMA_VERSION));
    expect(cluster.psql('SELECT count(*) FROM transactions', 'previous')).toBe(before);
    const tx = batches[3]!.transactions[2]!;
    expect((await store.reader.getTransaction(tx.hash))?.lt).toBe(tx.lt);
    // what the new version adds works on the upgraded ledger
    await store.writer!.writeBatch({ ...[...syntheticBatches({ batches: 7, txPerBatch: 10 })][6]!, checkpoint: { position: '{"at":7}', accounts: [{ account: tx.account, stateHash: tx.hash, shardAccount: Buffer.from('boc') }] } });
    const saved = await store.loadProducerState();
    expect(saved.position).toBe('{"at":7}');
    expect(saved.accounts).toEqual([{ account: tx.account, stateHash: tx.hash, shardAccount: Buffer.from('boc') }]);
    expect(saved.latestMcSeqno).toBe(6);
    await store.close();
  });

  it('refuses a ledger of a newer version, changing nothing', async () => {
    const url = cluster.createDatabase('newer');
    await (await openPgStore(url)).close();
    cluster.psql(`UPDATE schema_version SET version = ${PG_SCHEMA_VERSION + 1}`, 'newer');
    const before = tables('newer');
    await expect(openPgStore(url)).rejects.toThrow(new RegExp(`schema version ${PG_SCHEMA_VERSION + 1}.*refusing to touch it`));
    await expect(openPgStore(url, { readonly: true })).rejects.toThrow(/newer ledgerscope/);
    expect(tables('newer')).toBe(before);
    expect(cluster.psql('SELECT version FROM schema_version', 'newer')).toBe(String(PG_SCHEMA_VERSION + 1));
  });

  it('an API process (read-only) does not migrate: it asks for the producer', async () => {
    const url = cluster.createDatabase('older');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('CREATE TABLE schema_version (version integer NOT NULL); CREATE TABLE partition_span (span integer NOT NULL); INSERT INTO partition_span VALUES (4)');
    await client.query(PG_MIGRATIONS[0]!);
    await client.query('INSERT INTO schema_version VALUES (1)');
    await client.end();
    await expect(openPgStore(url, { readonly: true })).rejects.toThrow(/has schema version 1; start the producer of this version once to migrate it/);
    expect(cluster.psql('SELECT version FROM schema_version', 'older')).toBe('1');
  });
});
