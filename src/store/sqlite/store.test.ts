import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteLedgerStore } from './open-sqlite-store';
import { FULL_SHARD, syntheticBatches } from '../test-support/synthetic-ledger';
import type { LedgerBatch, MessageRecord, TraceRecord, TransactionOutcomeRecord, TransactionRecord } from '../records';
import { transactionByHash, transactionsByMessage } from '../test-support/reader-compositions';

// The store on its own: records built in the test (synthetic-ledger.ts, real cells for bodies and
// transaction BOCs) go in through the writer and must come back exactly through the reader, every
// list in a total order that offset and cursor paging walk without repeats or gaps.

const BATCHES = 12;
let store: SqliteLedgerStore;
const batches: LedgerBatch[] = [];
const allTxs: TransactionRecord[] = [];
/** Every trace as its last written record (a later record replaces an earlier one). */
const finalTraces = new Map<string, TraceRecord>();
/** The receiving transaction of each delivered message. */
const receiver = new Map<string, Buffer>();
const hex = (b: Buffer) => b.toString('hex');

/** What the reader must return for a written transaction: its sent messages know their receivers. */
function expected(tx: TransactionRecord): TransactionRecord {
  const fix = (m: MessageRecord): MessageRecord => ({ ...m, inMsgTxHash: receiver.get(hex(m.hash)) ?? null });
  return { ...tx, inMsg: tx.inMsg, outMsgs: tx.outMsgs.map(fix) };
}

const byLtDesc = (a: TraceRecord, b: TraceRecord) =>
  a.endLt === b.endLt ? Buffer.compare(b.traceId, a.traceId) : a.endLt > b.endLt ? -1 : 1;

beforeAll(async () => {
  store = openSqliteStore(join(mkdtempSync(join(tmpdir(), 'ledgerscope-store-')), 'nested', 'ledger.db'));
  for (const batch of syntheticBatches({ batches: BATCHES, txPerBatch: 40, accounts: 24, pendingEvery: 5 })) {
    batches.push(batch);
    await store.writer!.writeBatch(batch);
    allTxs.push(...batch.transactions);
    for (const t of batch.traces) finalTraces.set(hex(t.traceId), t);
    for (const tx of batch.transactions) if (tx.inMsg) receiver.set(hex(tx.inMsg.hash), tx.hash);
  }
});

describe('round trip', () => {
  it('returns every transaction exactly as written: bigints, nulls, JSON, BOCs, states, both ends of each message', async () => {
    for (const tx of allTxs) expect(await transactionByHash(store.reader, tx.hash)).toEqual(expected(tx));
    expect(await transactionByHash(store.reader, Buffer.alloc(32, 0xee))).toBeNull();
  });

  it('sets the receiver of a message delivered in a later batch (pending trace) on the sender’s copy', async () => {
    const delivered = allTxs.flatMap((tx) =>
      tx.outMsgs.filter((m) => m.inMsgTxHash === null && receiver.has(hex(m.hash))).map((m) => ({ tx, m })),
    );
    expect(delivered.length).toBeGreaterThan(0);
    for (const { tx, m } of delivered) {
      const back = (await transactionByHash(store.reader, tx.hash))!.outMsgs.find((o) => o.hash.equals(m.hash))!;
      expect(back.inMsgTxHash).toEqual(receiver.get(hex(m.hash)));
      expect(back.outMsgTxHash).toEqual(tx.hash);
    }
  });

  it('keeps lt near 2^63, amounts beyond 2^64, extra currencies, unicode comments and nested JSON exact', async () => {
    const base = allTxs[3]!;
    const lt = (1n << 63n) - 2n;
    const odd: TransactionRecord = {
      ...base,
      hash: Buffer.alloc(32, 0x5a),
      lt,
      block: { workchain: 0, shard: FULL_SHARD, seqno: 999 },
      totalFees: (1n << 100n) + 7n,
      totalFeesExtraCurrencies: { '239': '340282366920938463463374607431768211455' },
      description: {
        type: 'ord',
        aborted: true,
        compute_ph: { skipped: true, reason: 'no_gas' },
        action: null,
        list: [1, null, 'x'],
      },
      prevTransLt: lt - 1n,
      traceId: Buffer.alloc(32, 0x5a),
      traceExternalHash: null,
      stateAfter: {
        ...base.stateAfter,
        hash: Buffer.alloc(32, 0x5b),
        balance: (1n << 120n) + 1n,
        lastTransLt: lt,
        codeHash: null,
        dataHash: null,
      },
      inMsg: {
        ...base.inMsg!,
        hash: Buffer.alloc(32, 0x5c),
        hashNorm: null,
        value: (1n << 64n) + 1n,
        createdLt: lt - 1n,
        comment: 'привет 👋 "quoted" \\ \u0000 end',
        bounce: null,
        bounced: null,
        ihrDisabled: null,
        opcode: -2147483648,
        outMsgTxHash: null,
        inMsgTxHash: Buffer.alloc(32, 0x5a),
      },
      outMsgs: [],
    };
    await store.writer!.writeBatch({
      blocks: [],
      transactions: [odd],
      traces: [],
      actions: [],
      accounts: [],
      tokens: [],
    });
    const back = (await transactionByHash(store.reader, odd.hash))!;
    expect(back).toEqual(odd);
    expect(back.lt).toBe(lt);
    expect(typeof back.lt).toBe('bigint');
    // kept out of every other test's lists: it sits in a block of its own, in no trace
    store.db.prepare('DELETE FROM messages WHERE tx_hash = ?').run(odd.hash);
    store.db.prepare('DELETE FROM transactions WHERE hash = ?').run(odd.hash);
  });

  it('returns blocks, the masterchain block with the shard blocks it commits, actions, address book, tokens and meta', async () => {
    for (const batch of batches) {
      const [mc, shard] = batch.blocks as [LedgerBatch['blocks'][0], LedgerBatch['blocks'][0]];
      const { shards: _shards, ...mcPlain } = mc;
      expect(await store.reader.getBlock(mc)).toEqual(mcPlain);
      expect(await store.reader.getBlock(shard)).toEqual(shard);
      expect(await store.reader.getMasterchainBlocks(mc.seqno)).toEqual([mcPlain, shard]);
    }
    expect(await store.reader.getMasterchainBlocks(BATCHES + 5)).toBeNull();
    expect(await store.reader.latestMasterchainSeqno()).toBe(BATCHES - 1);
    const actions = batches.flatMap((b) => b.actions);
    const ids = [...new Set(actions.map((a) => hex(a.traceId)))].map((h) => Buffer.from(h, 'hex'));
    const back = await store.reader.getActions(ids);
    expect(back.map((a) => ({ ...a }))).toEqual(actions.map((a) => ({ ...a })));
    const first = batches[0]!;
    expect(await store.reader.getAccountInfos(first.accounts.map((a) => a.account))).toEqual(first.accounts);
    // read back as written, without where the state stood (not stored)
    expect(await store.reader.getTokenInfos([first.tokens[0]!.account, 'nobody'])).toEqual(
      first.tokens.map(({ mcSeqno: _m, lt: _l, ...t }) => t),
    );
    expect(await store.getMeta('batches')).toBe(String(BATCHES));
  });

  it('loads a page of any size in the asked order, skipping unknown hashes', async () => {
    const hashes = [...allTxs].reverse().map((t) => t.hash);
    hashes.splice(100, 0, Buffer.alloc(32, 0xab));
    const back = await store.reader.getTransactions(hashes);
    expect(back.map((t) => hex(t.hash))).toEqual([...allTxs].reverse().map((t) => hex(t.hash)));
    expect(back.length).toBeGreaterThan(256);
  });
});

describe('traces: pending, then complete', () => {
  it('lists a trace only once its last record says complete, with all its accounts', async () => {
    const pendingThenComplete = batches.flatMap((b, i) =>
      b.traces.filter((t) => t.state === 'pending').map((t) => ({ t, i })),
    );
    expect(pendingThenComplete.length).toBeGreaterThan(0);
    for (const { t } of pendingThenComplete) {
      const final = finalTraces.get(hex(t.traceId))!;
      expect(final.state).toBe('complete');
      const [back] = await store.reader.findTraces({ traceIds: [t.traceId] }, { limit: 10, offset: 0, sort: 'desc' });
      expect(back).toEqual({ ...final, accounts: expect.arrayContaining(final.accounts) as unknown as string[] });
      expect(back!.accounts.length).toBe(new Set(final.accounts).size);
      for (const account of final.accounts) {
        const listed = await store.reader.findTraces({ accounts: [account] }, { limit: 1000, offset: 0, sort: 'desc' });
        expect(listed.some((x) => x.traceId.equals(t.traceId))).toBe(true);
      }
    }
  });

  it('never lists a trace still pending', async () => {
    const s = openSqliteStore(join(mkdtempSync(join(tmpdir(), 'ledgerscope-pending-')), 'ledger.db'));
    const [b0] = [...syntheticBatches({ batches: 2, txPerBatch: 20, pendingEvery: 2 })];
    await s.writer!.writeBatch(b0!);
    const pending = b0!.traces.filter((t) => t.state === 'pending');
    expect(pending.length).toBe(1);
    expect(
      await s.reader.findTraces({ traceIds: [pending[0]!.traceId] }, { limit: 10, offset: 0, sort: 'desc' }),
    ).toEqual([]);
    expect(
      (await s.reader.findTraces({ accounts: pending[0]!.accounts }, { limit: 100, offset: 0, sort: 'desc' })).some(
        (t) => t.traceId.equals(pending[0]!.traceId),
      ),
    ).toBe(false);
    s.close();
  });
});

describe('lists: filters, total order, paging', () => {
  const complete = () => [...finalTraces.values()].filter((t) => t.state === 'complete');

  /** Offset pages of `size` concatenated must be exactly the one big page: no repeats, no gaps. */
  async function pagesEqualWhole<T>(
    fetch: (offset: number, limit: number) => Promise<T[]>,
    key: (x: T) => string,
    size: number,
  ): Promise<T[]> {
    const whole = await fetch(0, 100_000);
    const paged: T[] = [];
    for (let offset = 0; ; offset += size) {
      const page = await fetch(offset, size);
      paged.push(...page);
      if (page.length < size) break;
    }
    expect(paged.map(key)).toEqual(whole.map(key));
    expect(new Set(whole.map(key)).size).toBe(whole.length);
    return whole;
  }

  it('latest traces: every complete trace, by end_lt then trace id, both directions', async () => {
    const want = complete()
      .sort(byLtDesc)
      .map((t) => hex(t.traceId));
    const desc = await pagesEqualWhole(
      (offset, limit) => store.reader.findTraces({}, { offset, limit, sort: 'desc' }),
      (t) => hex(t.traceId),
      7,
    );
    expect(desc.map((t) => hex(t.traceId))).toEqual(want);
    const asc = await pagesEqualWhole(
      (offset, limit) => store.reader.findTraces({}, { offset, limit, sort: 'asc' }),
      (t) => hex(t.traceId),
      9,
    );
    expect(asc.map((t) => hex(t.traceId))).toEqual([...want].reverse());
  });

  it('traces by account, several accounts, mc seqno, utime and lt bounds', async () => {
    const acct = allTxs[5]!.account;
    const page = { offset: 0, limit: 100_000, sort: 'desc' as const };
    const ids = (xs: TraceRecord[]) => xs.map((t) => hex(t.traceId));
    expect(ids(await store.reader.findTraces({ accounts: [acct] }, page))).toEqual(
      ids(
        complete()
          .filter((t) => t.accounts.includes(acct))
          .sort(byLtDesc),
      ),
    );
    await pagesEqualWhole(
      (offset, limit) => store.reader.findTraces({ accounts: [acct] }, { offset, limit, sort: 'desc' }),
      (t) => hex(t.traceId),
      3,
    );
    const two = [acct, allTxs[6]!.account];
    expect(new Set(ids(await store.reader.findTraces({ accounts: two }, page)))).toEqual(
      new Set(ids(complete().filter((t) => t.accounts.some((a) => two.includes(a))))),
    );
    expect(ids(await store.reader.findTraces({ mcSeqno: 4 }, page))).toEqual(
      ids(
        complete()
          .filter((t) => t.mcSeqnoEnd === 4)
          .sort(byLtDesc),
      ),
    );
    const lo = batches[3]!.transactions[0]!.now;
    const hi = batches[6]!.transactions[0]!.now;
    const byUtime = complete()
      .filter((t) => t.endUtime >= lo && t.endUtime <= hi)
      .sort((a, b) => (a.endUtime === b.endUtime ? Buffer.compare(b.traceId, a.traceId) : b.endUtime - a.endUtime));
    expect(ids(await store.reader.findTraces({ startUtime: lo, endUtime: hi }, page))).toEqual(ids(byUtime));
    const ltLo = batches[2]!.transactions[10]!.lt;
    const ltHi = batches[8]!.transactions[10]!.lt;
    expect(ids(await store.reader.findTraces({ startLt: ltLo, endLt: ltHi }, page))).toEqual(
      ids(
        complete()
          .filter((t) => t.endLt >= ltLo && t.endLt <= ltHi)
          .sort(byLtDesc),
      ),
    );
    expect((await store.reader.findTraces({ endLt: (1n << 64n) - 1n }, { ...page, limit: 1 })).length).toBe(1);
  });

  it('traces by transaction hash, message hash and normalized external hash', async () => {
    const page = { offset: 0, limit: 10, sort: 'desc' as const };
    const inner = allTxs.find(
      (t) => t.inMsg?.source !== null && finalTraces.get(hex(t.traceId))?.state === 'complete',
    )!;
    const want = [hex(inner.traceId)];
    expect((await store.reader.findTraces({ txHashes: [inner.hash] }, page)).map((t) => hex(t.traceId))).toEqual(want);
    expect(
      (await store.reader.findTraces({ msgHashes: [inner.inMsg!.hash] }, page)).map((t) => hex(t.traceId)),
    ).toEqual(want);
    const root = allTxs.find((t) => t.hash.equals(inner.traceId))!;
    expect(
      (await store.reader.findTraces({ msgHashes: [root.inMsg!.hashNorm!] }, page)).map((t) => hex(t.traceId)),
    ).toEqual(want);
    expect(await store.reader.findTraces({ txHashes: [Buffer.alloc(32, 1)] }, page)).toEqual([]);
    const trace = await store.reader.getTraceTransactions(inner.traceId, 1000);
    expect(trace.map((t) => hex(t.hash))).toEqual(
      allTxs.filter((t) => t.traceId.equals(inner.traceId)).map((t) => hex(t.hash)),
    );
    expect((await store.reader.getTraceTransactions(inner.traceId, 1)).length).toBe(1);
  });

  it("transactions' outcomes (a sandbox run's listing) are the records' own fields, of every trace and by hash", async () => {
    const outcome = (t: TransactionRecord): TransactionOutcomeRecord => ({
      hash: t.hash,
      lt: t.lt,
      account: t.account,
      now: t.now,
      totalFees: t.totalFees,
      description: t.description,
      traceId: t.traceId,
      inMsg: t.inMsg && { hash: t.inMsg.hash, bounced: t.inMsg.bounced },
      outMsgs: t.outMsgs.map((m) => ({ hash: m.hash })),
    });
    const r = store.reader;
    for (const id of finalTraces.keys()) {
      const traceId = Buffer.from(id, 'hex');
      for (const max of [1000, 2])
        expect(await r.getTraceTransactionOutcomes(traceId, max)).toEqual(
          (await r.getTraceTransactions(traceId, max)).map(outcome),
        );
    }
    // in the order asked, an unknown hash skipped; inbound messages both of the ledger and not
    const hashes = [...allTxs.map((t) => t.hash).reverse(), Buffer.alloc(32, 0xee)];
    expect(allTxs.some((t) => t.inMsg?.source === null)).toBe(true);
    expect(allTxs.some((t) => t.inMsg?.source && t.inMsg.bounced !== null)).toBe(true);
    expect(await r.getTransactionOutcomes(hashes)).toEqual((await r.getTransactions(hashes)).map(outcome));
    expect(await r.getTransactionOutcomes([])).toEqual([]);
  });

  it('transactions of a masterchain block: (lt, account, hash) both ways, offset paging', async () => {
    for (const seqno of [0, 5, BATCHES - 1]) {
      const want = allTxs
        .filter((t) => t.mcSeqno === seqno)
        .sort((a, b) => (a.lt < b.lt ? -1 : 1))
        .map((t) => hex(t.hash));
      const asc = await pagesEqualWhole(
        (offset, limit) => store.reader.getTransactionHashesByMcSeqno(seqno, { offset, limit, sort: 'asc' }),
        hex,
        6,
      );
      expect(asc.map(hex)).toEqual(want);
      expect(
        (await store.reader.getTransactionsByMcSeqno(seqno, { offset: 0, limit: 1000, sort: 'desc' })).map((t) =>
          hex(t.hash),
        ),
      ).toEqual([...want].reverse());
    }
  });

  it('v2 block walk: (account, lt) ascending, strictly after the cursor, incomplete until the end', async () => {
    const ref = { workchain: 0, shard: FULL_SHARD, seqno: 4 };
    const want = allTxs
      .filter((t) => t.block.seqno === 4)
      .sort((a, b) => (a.account === b.account ? (a.lt < b.lt ? -1 : 1) : a.account < b.account ? -1 : 1));
    const walked: string[] = [];
    let after: { account: string; lt: bigint } | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const page = await store.reader.getBlockTransactions(ref, after, 6);
      walked.push(...page.transactions.map((t) => hex(t.hash)));
      const last = page.transactions[page.transactions.length - 1];
      if (!page.incomplete) break;
      after = { account: last!.account, lt: last!.lt };
    }
    expect(walked).toEqual(want.map((t) => hex(t.hash)));
    expect((await store.reader.getBlockTransactionHashes(ref, null, want.length)).incomplete).toBe(false);
    expect((await store.reader.getBlockTransactionHashes(ref, null, want.length - 1)).incomplete).toBe(true);
  });

  it('transactions by message: hash (sender and receiver, or one direction), body hash, opcode; each transaction once', async () => {
    const page = { offset: 0, limit: 100, sort: 'desc' as const };
    const inner = allTxs.find((t) => t.inMsg?.source !== null)!;
    const sender = allTxs.find((t) => t.outMsgs.some((m) => m.hash.equals(inner.inMsg!.hash)))!;
    const both = (await store.reader.findTransactionHashesByMessage({ msgHash: inner.inMsg!.hash }, page)).map(hex);
    expect(new Set(both)).toEqual(new Set([hex(inner.hash), hex(sender.hash)]));
    expect(
      (await store.reader.findTransactionHashesByMessage({ msgHash: inner.inMsg!.hash, direction: 'in' }, page)).map(
        hex,
      ),
    ).toEqual([hex(inner.hash)]);
    expect(
      (await store.reader.findTransactionHashesByMessage({ msgHash: inner.inMsg!.hash, direction: 'out' }, page)).map(
        hex,
      ),
    ).toEqual([hex(sender.hash)]);
    const ext = allTxs[0]!.inMsg!;
    expect((await store.reader.findTransactionHashesByMessage({ msgHash: ext.hashNorm! }, page)).map(hex)).toEqual([
      hex(allTxs[0]!.hash),
    ]);

    const order = (a: TransactionRecord, b: TransactionRecord) => (a.lt === b.lt ? 0 : a.lt > b.lt ? -1 : 1);
    const opcode = 0x0f8a7ea5;
    const withOpIn = allTxs
      .filter((t) => t.inMsg?.opcode === opcode)
      .sort(order)
      .map((t) => hex(t.hash));
    const viaIn = await pagesEqualWhole(
      (offset, limit) =>
        store.reader.findTransactionHashesByMessage({ opcode, direction: 'in' }, { offset, limit, sort: 'desc' }),
      hex,
      11,
    );
    expect(viaIn.map(hex)).toEqual(withOpIn);
    const withOpAny = allTxs
      .filter((t) => t.inMsg?.opcode === opcode || t.outMsgs.some((m) => m.opcode === opcode))
      .sort(order)
      .map((t) => hex(t.hash));
    const viaAny = await pagesEqualWhole(
      (offset, limit) => store.reader.findTransactionHashesByMessage({ opcode }, { offset, limit, sort: 'desc' }),
      hex,
      13,
    );
    expect(viaAny.map(hex)).toEqual(withOpAny);

    const body = inner.inMsg!.body.hash;
    const withBody = allTxs
      .filter((t) => t.inMsg?.body.hash.equals(body) || t.outMsgs.some((m) => m.body.hash.equals(body)))
      .sort(order)
      .map((t) => hex(t.hash));
    expect((await transactionsByMessage(store.reader, { bodyHash: body }, page)).map((t) => hex(t.hash))).toEqual(
      withBody,
    );
  });
});

describe('every SQL statement the reader runs is planned on an index', () => {
  it('never scans a big table, and sorts only small id-driven results', async () => {
    const seen = new Set<string>();
    const db = store.db;
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      seen.add(sql);
      return prepare(sql);
    }) as typeof db.prepare;
    // a fresh reader, so every statement is prepared (and recorded) again
    const fresh = openSqliteStore(store.path, { readonly: true });
    fresh.db.prepare = db.prepare;
    const r = fresh.reader;
    const tx = allTxs[50]!;
    const page = { offset: 0, limit: 10, sort: 'desc' as const };
    await r.findTraces({}, page);
    await r.findTraces({ accounts: [tx.account] }, page);
    await r.findTraces({ accounts: [tx.account, allTxs[1]!.account] }, page);
    await r.findTraces({ traceIds: [tx.traceId] }, page);
    await r.findTraces({ txHashes: [tx.hash] }, page);
    await r.findTraces({ msgHashes: [tx.inMsg!.hash] }, page);
    await r.findTraces({ mcSeqno: 3 }, page);
    await r.findTraces({ startUtime: 1, endUtime: 2_000_000_000 }, page);
    await r.findTraces({ startLt: 1n, endLt: 10n ** 18n }, page);
    await r.getTraceTransactions(tx.traceId, 100);
    await r.getTraceTransactionOutcomes(tx.traceId, 100);
    await r.getTransactionOutcomes([tx.hash]);
    await r.getBlockTransactions(tx.block, null, 10);
    await r.getBlockTransactions(tx.block, { account: tx.account, lt: tx.lt }, 10);
    await r.getTransactionsByMcSeqno(3, page);
    await transactionsByMessage(r, { msgHash: tx.inMsg!.hash }, page);
    await transactionsByMessage(r, { opcode: 1, direction: 'in' }, page);
    await transactionsByMessage(r, { bodyHash: tx.inMsg!.body.hash }, page);
    await r.getMasterchainBlocks(3);
    await r.getActions([tx.traceId]);
    await r.getAccountInfos([tx.account]);
    await r.getTokenInfos([tx.account]);
    await r.latestMasterchainSeqno();
    db.prepare = prepare;
    const queries = [...seen].filter((s) => /^\s*SELECT/i.test(s));
    expect(queries.length).toBeGreaterThan(15);
    for (const sql of queries) {
      const n = (sql.match(/\?/g) ?? []).length;
      const plan = (
        fresh.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array<number>(n).fill(1)) as { detail: string }[]
      ).map((p) => p.detail);
      // A SCAN is allowed only of a subquery's result (an id list or message-hash lookup, driven by
      // an index itself); a sort only of such a result or of an `IN (…)` id list.
      const subqueries = new Set(plan.flatMap((p) => /^(?:CO-ROUTINE|MATERIALIZE) (\w+)/.exec(p)?.[1] ?? []));
      for (const step of plan) {
        const scanned = /^SCAN (\w+)/.exec(step)?.[1];
        if (scanned) expect(subqueries.has(scanned), `${sql}\n${plan.join('\n')}`).toBe(true);
      }
      // A list filtered by ids is driven by the ids, not by a walk of every complete trace that
      // probes each one against the list (SEARCH … (state=?) is that walk).
      if (/ IN \(\?/.test(sql)) {
        expect(
          plan.some((p) => /USING (COVERING )?INDEX traces_by_\w+ \(state=\?\)$/.test(p)),
          `${sql}\n${plan.join('\n')}`,
        ).toBe(false);
      }
      const sortsEverything =
        plan.some((p) => /TEMP B-TREE FOR ORDER BY/.test(p)) && subqueries.size === 0 && !/ IN \(\?/.test(sql);
      expect(sortsEverything, `${sql}\n${plan.join('\n')}`).toBe(false);
    }
    fresh.close();
  });
});
