import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { killMidBatch } from '../store/test-support/kill-mid-batch';
import { openSqliteStore, LedgerFileError } from '../store/sqlite/open-sqlite-store';
import { SCHEMA_VERSION } from '../store/sqlite/sqlite-schema';
import { Producer } from './producer/producer';
import { tableDump } from '../store/sqlite/test-support/table-dump';

describe('the store survives a writer killed mid-batch', () => {
  it('reopens at the last committed batch, with nothing half-written, and the producer resumes from it exactly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-crash-'));
    const path = join(dir, 'ledger.db');
    const { midBatch, committedTxs } = await killMidBatch(join(__dirname, 'test-support', 'crash-writer.ts'), [
      path,
      '6',
    ]);
    expect(midBatch).toBe(true);
    expect(committedTxs).toBeGreaterThan(0);
    const store = openSqliteStore(path);
    const db = store.db;
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n).toBe(committedTxs);
    const orphans = db
      .prepare(
        `SELECT count(*) AS n FROM transactions t WHERE NOT EXISTS
      (SELECT 1 FROM blocks b WHERE b.workchain = t.workchain AND b.shard = t.shard AND b.seqno = t.block_seqno)`,
      )
      .get() as { n: number };
    expect(orphans.n).toBe(0);
    const mc = db.prepare('SELECT max(seqno) AS s, count(*) AS n FROM blocks WHERE workchain = -1').get() as {
      s: number;
      n: number;
    };
    // one masterchain block per committed batch (slot), seqnos 0..5; the killed seventh left none
    expect(mc.n).toBe(6);
    expect(mc.s).toBe(5);
    const partialTraces = db
      .prepare(
        `SELECT count(*) AS n FROM traces tr WHERE tr.transactions > (SELECT count(*) FROM transactions t WHERE t.trace_id = tr.trace_id)`,
      )
      .get() as { n: number };
    expect(partialTraces.n).toBe(0);

    // the producer resumes from what was committed and makes the ledger an uninterrupted run makes
    const resumed = await Producer.resume(store, 3);
    await resumed.slots(3, () => false);
    await resumed.close();
    const bulk = Number(await store.getMeta('bulk_slots'));
    const straight = openSqliteStore(join(dir, 'straight.db'));
    const p = await Producer.start(straight, 3);
    await p.slots(bulk, () => false);
    await p.close();
    expect(tableDump(store.db)).toEqual(tableDump(straight.db));
    straight.close();
    store.close();
  }, 240_000);
});

describe('opening a file that is not our ledger', () => {
  it('refuses a file of random bytes, naming it and leaving it untouched', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ledgerscope-foreign-')), 'notes.db');
    const bytes = Buffer.from('these are my notes, not a ledger\n'.repeat(100));
    writeFileSync(path, bytes);
    expect(() => openSqliteStore(path)).toThrow(LedgerFileError);
    expect(() => openSqliteStore(path)).toThrow(path);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it('refuses another application’s SQLite database', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ledgerscope-foreign-')), 'other.db');
    const other = new Database(path);
    other.exec("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup')");
    other.close();
    const before = readFileSync(path);
    expect(() => openSqliteStore(path)).toThrow(/not a ledgerscope ledger/);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses a ledger of a newer schema version', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ledgerscope-newer-')), 'ledger.db');
    openSqliteStore(path).close();
    const db = new Database(path);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const before = readFileSync(path);
    expect(() => openSqliteStore(path)).toThrow(new RegExp(`schema version ${SCHEMA_VERSION + 1}`));
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('creates a new ledger, and reopens it', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ledgerscope-new-')), 'sub', 'ledger.db');
    const s = openSqliteStore(path);
    await s.setMeta('seed', '9');
    s.close();
    const again = openSqliteStore(path, { readonly: true });
    expect(await again.getMeta('seed')).toBe('9');
    expect(await again.reader.latestMasterchainSeqno()).toBeNull();
    again.close();
  });
});
