import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteLedgerStore } from '../../store/sqlite/open-sqlite-store';
import { LiveProducer } from '../live';
import { tableDump as dumpTables } from '../../store/sqlite/test-support/table-dump';
import { PRODUCER_POSITION_KEY } from '../../store/ledger-meta';
import { Producer } from './producer';
import { generateLedger } from '../generate';

// The producer runs the emulator in a worker thread and writes from this one; these tests hold it
// to what a restart needs: a replay of the recorded slot counts rebuilds exactly the same network.

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-producer-'));
const stores: SqliteLedgerStore[] = [];
function store(name: string): SqliteLedgerStore {
  const s = openSqliteStore(join(dir, `${name}.db`));
  stores.push(s);
  return s;
}
afterAll(() => stores.forEach((s) => s.close()));

const tableDump = (s: SqliteLedgerStore) => dumpTables(s.db);

const txHashes = (s: SqliteLedgerStore) =>
  (s.db.prepare('SELECT hash FROM transactions ORDER BY lt, hash').all() as { hash: Buffer }[]).map((r) =>
    r.hash.toString('hex'),
  );

describe('the producer', () => {
  it('resumes from its saved position, replaying nothing, and continues exactly as an uninterrupted run', async () => {
    const seed = 11;
    // uninterrupted: 3 bulk slots and 2 live ones
    const a = store('uninterrupted');
    const pa = await Producer.start(a, seed);
    await pa.slots(5, (i) => i >= 3);
    await pa.close();

    // interrupted after the first live slot, then resumed from the file alone
    const b = store('interrupted');
    const pb = await Producer.start(b, seed);
    await pb.slots(4, (i) => i >= 3);
    await pb.close();
    expect(await b.getMeta('bulk_slots')).toBe('3');
    expect(await b.getMeta('live_slots')).toBe('1');
    const resumed = await Producer.resume(b, seed);
    expect(resumed.replayedSlots).toBe(0);
    expect(resumed.stats.mcSeqno).toBe(await b.reader.latestMasterchainSeqno());
    await resumed.slot(true);
    await resumed.close();

    expect(txHashes(b).length).toBeGreaterThan(50);
    expect(tableDump(b)).toEqual(tableDump(a));
    expect(await b.getMeta('live_slots')).toBe('2');
  }, 300_000);

  it('resumes a ledger without a saved position (an older build) by one replay, then from the position it saved', async () => {
    const seed = 11;
    const a = store('straight-legacy');
    const pa = await Producer.start(a, seed);
    await pa.slots(6, (i) => i >= 3);
    await pa.close();

    const b = store('legacy');
    const pb = await Producer.start(b, seed);
    await pb.slots(4, (i) => i >= 3);
    await pb.close();
    // what an older build leaves: the slot counts, no position, no account states
    b.db.exec(`DELETE FROM ledger_meta WHERE key = '${PRODUCER_POSITION_KEY}'; DELETE FROM producer_accounts`);
    const replayed = await Producer.resume(b, seed);
    expect(replayed.replayedSlots).toBe(4);
    await replayed.close();
    expect(await b.getMeta(PRODUCER_POSITION_KEY)).not.toBeNull();

    const again = await Producer.resume(b, seed);
    expect(again.replayedSlots).toBe(0);
    await again.slots(2, () => true);
    await again.close();
    expect(tableDump(b)).toEqual(tableDump(a));
  }, 300_000);

  it('refuses to resume a ledger another seed produced, naming both ends', async () => {
    const s = store('other-seed');
    const p = await Producer.start(s, 12);
    await p.slots(2, () => false);
    await p.close();
    await expect(Producer.resume(s, 13)).rejects.toThrow(
      'the ledger was produced from seed 12, not 13; live production cannot resume',
    );
  });

  it('fails loudly when the store refuses a batch: the slot and every later one reject, nothing is written past the gap', async () => {
    const s = store('refused');
    const p = await Producer.start(s, 15);
    await p.slots(2, () => false);
    const before = s.reader.latestMasterchainSeqno();
    let calls = 0;
    p.setWriter({
      writeBatch: async () => {
        calls += 1;
        throw new Error('disk full');
      },
      close: () => undefined,
    });
    await expect(p.slot()).rejects.toThrow('disk full');
    await expect(p.slot()).rejects.toThrow('disk full');
    expect(calls).toBe(1);
    expect(await s.reader.latestMasterchainSeqno()).toBe(await before);
    await p.close();
  });

  it('refuses to replay a ledger without a position from another seed: the block it makes again differs', async () => {
    const s = store('legacy-other-seed');
    const p = await Producer.start(s, 16);
    await p.slots(2, () => false);
    await p.close();
    s.db.exec(`DELETE FROM ledger_meta WHERE key = '${PRODUCER_POSITION_KEY}'; DELETE FROM producer_accounts`);
    const before = await s.reader.latestMasterchainSeqno();
    await expect(Producer.resume(s, 17)).rejects.toThrow(
      /masterchain block \d+ made again differs from the ledger's|replaying seed 17 ends at masterchain seqno/,
    );
    expect(await s.reader.latestMasterchainSeqno()).toBe(before);
    expect(await s.getMeta(PRODUCER_POSITION_KEY)).toBeNull();
  }, 300_000);

  it('writes a trace in flight as pending in one batch and complete in a later one; only complete traces are listed', async () => {
    const s = store('pending');
    const p = await Producer.start(s, 18);
    const page = { limit: 1000, offset: 0, sort: 'asc' as const };
    const seenPending = new Map<string, { mc: number; pendingMessages: number }>();
    for (let i = 0; i < 6; i++) {
      await p.slot();
      const mc = (await s.reader.latestMasterchainSeqno())!;
      const rows = s.db.prepare("SELECT trace_id FROM traces WHERE state = 'pending'").pluck().all() as Buffer[];
      const listed = new Set((await s.reader.findTraces({}, page)).map((t) => t.traceId.toString('hex')));
      for (const t of await s.reader.getTracesByIds(rows)) {
        expect(t.state).toBe('pending');
        expect(t.pendingMessages).toBeGreaterThan(0);
        expect(listed.has(t.traceId.toString('hex'))).toBe(false);
        if (!seenPending.has(t.traceId.toString('hex')))
          seenPending.set(t.traceId.toString('hex'), { mc, pendingMessages: t.pendingMessages });
      }
    }
    await p.close();
    const ids = [...seenPending.keys()].map((h) => Buffer.from(h, 'hex'));
    const completed = (await s.reader.getTracesByIds(ids)).filter((t) => t.state === 'complete');
    expect(completed.length).toBeGreaterThan(0);
    const listed = new Set((await s.reader.findTraces({}, page)).map((t) => t.traceId.toString('hex')));
    for (const t of completed) {
      const seen = seenPending.get(t.traceId.toString('hex'))!;
      // the same trace, seen pending after masterchain block `seen.mc`, completed in a later one
      expect(t.mcSeqnoEnd).toBeGreaterThan(seen.mc);
      expect(t.mcSeqnoStart).toBeLessThanOrEqual(seen.mc);
      expect(t.pendingMessages).toBe(0);
      expect(listed.has(t.traceId.toString('hex'))).toBe(true);
    }
  }, 300_000);

  it('anchors the history at an epoch: it ends there, and the same seed and epoch give the same ledger', async () => {
    const epoch = 1_800_000_000;
    const make = async (name: string, at: number) => {
      const path = join(dir, `${name}.db`);
      await generateLedger({ dbPath: path, seed: 19, txs: 150, epoch: at });
      const s = store(name);
      return s;
    };
    const a = await make('epoch-a', epoch);
    const b = await make('epoch-b', epoch);
    expect(tableDump(b)).toEqual(tableDump(a));
    const times = a.db
      .prepare('SELECT gen_utime FROM blocks WHERE workchain = -1 ORDER BY seqno')
      .pluck()
      .all() as number[];
    const length = times.at(-1)! - times[0]!;
    // generation stops on a transaction count: the end is estimated, close to the epoch
    expect(Math.abs(times.at(-1)! - epoch)).toBeLessThanOrEqual(Math.max(20, length / 4));
    const c = await make('epoch-c', epoch + 60);
    const root0 = (x: SqliteLedgerStore) =>
      x.db.prepare('SELECT root_hash FROM blocks WHERE workchain = -1 AND seqno = 0').pluck().get() as Buffer;
    expect(root0(c).equals(root0(a))).toBe(false);
  }, 300_000);

  it('refuses a ledger without slot counts', async () => {
    const s = store('no-counts');
    await expect(Producer.resume(s, 1)).rejects.toThrow(/does not say how it was produced/);
  });

  it('produces live blocks on its interval and stops cleanly, the last block complete', async () => {
    const s = store('live');
    const p = await Producer.start(s, 14);
    await p.slots(1, () => false);
    const before = (await s.reader.latestMasterchainSeqno())!;
    const startedAt = Math.floor(Date.now() / 1000);
    const live = new LiveProducer(p, 50);
    live.start();
    const deadline = Date.now() + 30_000;
    // two live slots written (a slot whose trace runs deep spans several masterchain blocks)
    while (Number((await s.getMeta('live_slots')) ?? 0) < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await live.stop();
    const after = (await s.reader.latestMasterchainSeqno())!;
    expect(after).toBeGreaterThanOrEqual(before + 2);
    // the history keeps the seed's clock; live blocks carry the wall-clock time they were made at
    const times = s.db
      .prepare('SELECT gen_utime FROM blocks WHERE workchain = -1 AND seqno > ? ORDER BY seqno')
      .pluck()
      .all(before) as number[];
    expect(times.length).toBeGreaterThanOrEqual(2);
    for (const t of times) {
      expect(t).toBeGreaterThanOrEqual(startedAt);
      expect(t).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    }
    expect(Number(await s.getMeta('live_slots'))).toBeGreaterThanOrEqual(2);
    // stopped: the emulator thread is gone and nothing more is written
    await new Promise((r) => setTimeout(r, 300));
    expect(await s.reader.latestMasterchainSeqno()).toBe(after);
    await expect(p.slot()).rejects.toThrow(/closed/);
  });
});
