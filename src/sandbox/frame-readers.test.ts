// The frame reader threads against the receiver's own thread, on a real frame of @ton/sandbox (a
// fan-out that deploys its children, verbose VM logs, storage recorded): the same records; a bad
// BOC refused with the same reason; a thread that stops mid-frame refuses that frame with a clear
// reason, stores nothing of it, and the next frame is stored as if nothing happened.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cell } from '@ton/core';
import { messageCells, messageRecord } from '../tvm/extract-messages';
import { openSqliteStore } from '../store/sqlite/open-sqlite-store';
import { unpackLog } from '../store/sandbox-runs';
import { FrameError, parseFrame } from './frame';
import { FrameReaderError, FrameReaders, readFrameInThread } from './frame-readers';
import { Ingestor } from './ingest';
import type { ReadTransaction } from './read-transactions';
import { fanOutFrame } from './test-support/fan-out-frame';

const withoutPacked = (t: ReadTransaction) => ({ ...t, packed: null });

describe('frame reader threads', () => {
  let text = '';
  let readers: FrameReaders;
  const lines: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-frame-readers-'));

  beforeAll(async () => {
    text = await fanOutFrame(4, 2);
    readers = new FrameReaders(2, (l) => lines.push(l));
  }, 120_000);
  afterAll(async () => {
    await readers.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('read a frame into the same records as the receiver’s thread, its logs deflated', async () => {
    const frame = parseFrame(text);
    const mine = readFrameInThread(frame);
    const theirs = await readers.read(frame);
    expect(theirs.transactions).toHaveLength(frame.transactions.length);
    // the fan-out's children were deployed by messages laid out otherwise than sandbox sends them
    expect(mine.transactions.some((t) => !t.boc.equals(Buffer.from(t.frame.transaction, 'hex')))).toBe(true);
    expect(theirs.contracts).toEqual(mine.contracts);
    expect(theirs.transactions.map(withoutPacked)).toEqual(mine.transactions.map(withoutPacked));
    for (const t of theirs.transactions) {
      expect(Buffer.isBuffer(t.hash) && Buffer.isBuffer(t.boc)).toBe(true);
      expect(unpackLog(t.packed!.vm)).toBe(t.frame.vmLogs || null);
      expect(unpackLog(t.packed!.blockchain)).toBe(t.frame.blockchainLogs || null);
      expect(unpackLog(t.packed!.debug)).toBe(t.frame.debugLogs || null);
    }
  }, 60_000);

  it('read each message as it reads alone, each body and state init serialized once a frame', () => {
    const { transactions } = readFrameInThread(parseFrame(text));
    const bocs = new Map<string, Buffer>();
    let again = 0;
    for (const t of transactions) {
      const cells = messageCells(Cell.fromBoc(t.boc)[0]!);
      expect(t.inMsg).toEqual(cells.inMsg && messageRecord(cells.inMsg, { outTx: null, inTx: t.hash }));
      expect(t.outMsgs).toEqual(cells.outMsgs.map((c) => messageRecord(c, { outTx: t.hash, inTx: null })));
      for (const m of [...(t.inMsg ? [t.inMsg] : []), ...t.outMsgs])
        for (const c of [m.body, ...(m.initState ? [m.initState] : [])]) {
          const first = bocs.get(c.hash.toString('hex'));
          if (!first) bocs.set(c.hash.toString('hex'), c.boc);
          else {
            expect(c.boc).toBe(first);
            again++;
          }
        }
    }
    // each child's state init is in its parent's transaction and its own, the bodies alike
    expect(again).toBeGreaterThan(transactions.length);
  }, 60_000);

  // with two threads, transaction 2 is the receiver's thread's share, 3 a thread's
  it.each([2, 3])(
    'refuse a bad BOC (transaction %i) with the reason the receiver’s thread gives',
    async (bad) => {
      const frame = parseFrame(text);
      frame.transactions[bad]!.transaction = 'b5ee9c72' + '00'.repeat(20);
      let inThread: unknown;
      try {
        readFrameInThread(frame);
      } catch (error) {
        inThread = error;
      }
      expect(inThread).toBeInstanceOf(FrameError);
      const threads = await readers.read(frame).catch((e: unknown) => e);
      expect(threads).toBeInstanceOf(FrameError);
      expect((threads as Error).message).toBe((inThread as Error).message);
      expect((threads as Error).message).toMatch(new RegExp(`^transaction ${bad}: `));
      // and the next frame reads whole
      expect((await readers.read(parseFrame(text))).transactions).toHaveLength(frame.transactions.length);
    },
    60_000,
  );

  it('refuse a frame whose thread stops, store nothing of it, then store the next', async () => {
    const store = openSqliteStore(join(dir, 'ledger.db'));
    const log: string[] = [];
    const ingestor = await Ingestor.open(store, { log: (l) => log.push(l), readers: 2 });
    try {
      const failed = ingestor.ingest(text, 'test');
      // one thread ends: the frame is handed to it (in this turn's microtasks) before it has ended
      const ended = ingestor.frameReaders()!.threads()[0]!.terminate();
      await ended;
      const result = await failed;
      expect(result.stored).toBe(false);
      expect(!result.stored && result.reason).toMatch(
        /^could not be stored: a frame reader thread stopped \(exit code \d+\) while reading the frame$/,
      );
      expect(await store.reader.latestMasterchainSeqno()).toBeNull();
      expect(log.some((l) => /a frame reader thread stopped .*another is started/.test(l))).toBe(true);
      const next = await ingestor.ingest(text, 'test');
      expect(next).toMatchObject({ stored: true, seqno: 0, transactions: parseFrame(text).transactions.length });
      expect(ingestor.frameReaders()!.threads()).toHaveLength(2);
    } finally {
      await ingestor.close();
      store.close();
    }
  }, 60_000);

  it('say a closed set of readers is closed', async () => {
    const closed = new FrameReaders(1, () => undefined);
    await closed.close();
    await expect(closed.read(parseFrame(text))).rejects.toBeInstanceOf(FrameReaderError);
  });
});
