import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqliteLedgerStore } from '../sqlite/open-sqlite-store';
import type { LedgerBatch } from '../records';
import { writeBothEngines, type BothEngines } from '../test-support/both-engines';
import { syntheticBatches } from '../test-support/synthetic-ledger';
import type { PgLedgerStore } from './open-pg-store';
import { partitionName } from './pg-partitions';
import { transactionsByMessage } from '../test-support/reader-compositions';

// The same batches written into both engines must read back the same through every reader method:
// same records, same orders, same paging. The PostgreSQL ledger spans several partitions (4
// masterchain seqnos each), so every list also crosses partition boundaries.

let engines: BothEngines;
let pg: PgLedgerStore;
let lite: SqliteLedgerStore;
const batches: LedgerBatch[] = [];

beforeAll(async () => {
  engines = await writeBothEngines(
    'engine',
    syntheticBatches({ batches: 14, txPerBatch: 30, accounts: 20, pendingEvery: 4 }),
    batches,
  );
  ({ pg, lite } = engines);
});

afterAll(async () => engines?.close());

const pages = [
  { limit: 5, offset: 0, sort: 'desc' as const },
  { limit: 7, offset: 3, sort: 'asc' as const },
  { limit: 1000, offset: 0, sort: 'desc' as const },
];

describe('PostgreSQL and SQLite on the same batches', () => {
  it('creates the partitions the ledger reached, and one ahead', async () => {
    const top = Math.max(...batches.flatMap((b) => b.transactions.map((t) => t.mcSeqno)));
    const r = await pg.pool.query<{ name: string }>(
      "SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'transactions' ORDER BY 1",
    );
    const expected = Array.from({ length: Math.floor(top / 4) + 2 }, (_, k) => partitionName('transactions', k));
    expect(r.rows.map((x) => x.name)).toEqual(expected);
  });

  it('returns every transaction, block and masterchain block the same', async () => {
    const all = batches.flatMap((b) => b.transactions);
    expect(await pg.reader.getTransactions(all.map((t) => t.hash))).toEqual(
      await lite.reader.getTransactions(all.map((t) => t.hash)),
    );
    for (const b of batches.flatMap((x) => x.blocks))
      expect(await pg.reader.getBlock(b)).toEqual(await lite.reader.getBlock(b));
    for (let s = 0; s <= batches.length + 1; s++)
      expect(await pg.reader.getMasterchainBlocks(s)).toEqual(await lite.reader.getMasterchainBlocks(s));
    expect(await pg.reader.latestMasterchainSeqno()).toBe(await lite.reader.latestMasterchainSeqno());
  });

  it('walks blocks and masterchain blocks in the same pages', async () => {
    for (const b of batches.flatMap((x) => x.blocks)) {
      let after: { account: string; lt: bigint } | null = null;
      for (;;) {
        const a = await pg.reader.getBlockTransactions(b, after, 3);
        const e = await lite.reader.getBlockTransactions(b, after, 3);
        expect(a).toEqual(e);
        const last = e.transactions.at(-1);
        if (!e.incomplete || !last) break;
        after = { account: last.account, lt: last.lt };
      }
    }
    for (let s = 0; s < batches.length; s++) {
      for (const page of pages)
        expect(await pg.reader.getTransactionsByMcSeqno(s, page)).toEqual(
          await lite.reader.getTransactionsByMcSeqno(s, page),
        );
    }
  });

  it('finds the same traces by every filter', async () => {
    const traces = batches.flatMap((b) => b.traces);
    const txs = batches.flatMap((b) => b.transactions);
    const accounts = [...new Set(txs.map((t) => t.account))];
    const filters = [
      {},
      { accounts: [accounts[0]!] },
      { accounts: accounts.slice(0, 3) },
      { traceIds: traces.slice(0, 6).map((t) => t.traceId) },
      { txHashes: txs.slice(5, 15).map((t) => t.hash) },
      { msgHashes: txs.slice(0, 10).flatMap((t) => (t.inMsg ? [t.inMsg.hash] : [])) },
      { msgHashes: txs.slice(0, 10).flatMap((t) => (t.inMsg?.hashNorm ? [t.inMsg.hashNorm] : [])) },
      { mcSeqno: 6 },
      { startUtime: traces[10]!.endUtime, endUtime: traces[40]!.endUtime },
      { startLt: traces[5]!.endLt, endLt: traces[50]!.endLt },
      { accounts: [accounts[1]!], startLt: traces[5]!.endLt },
    ];
    for (const f of filters) {
      for (const page of pages) {
        const e = await lite.reader.findTraces(f, page);
        expect(await pg.reader.findTraces(f, page)).toEqual(e);
      }
    }
    const ids = traces.map((t) => t.traceId);
    expect(await pg.reader.getActions(ids)).toEqual(await lite.reader.getActions(ids));
    for (const id of ids.slice(0, 20)) {
      expect(await pg.reader.getTraceTransactions(id, 3)).toEqual(await lite.reader.getTraceTransactions(id, 3));
      for (const max of [3, 1000])
        expect(await pg.reader.getTraceTransactionOutcomes(id, max)).toEqual(
          await lite.reader.getTraceTransactionOutcomes(id, max),
        );
    }
    const hashes = [...txs.map((t) => t.hash).reverse(), Buffer.alloc(32, 0xee)];
    expect(await pg.reader.getTransactionOutcomes(hashes)).toEqual(await lite.reader.getTransactionOutcomes(hashes));
  });

  it('finds the same transactions by message hash, body hash, opcode and direction', async () => {
    const txs = batches.flatMap((b) => b.transactions);
    const msgs = txs.flatMap((t) => [...(t.inMsg ? [t.inMsg] : []), ...t.outMsgs]);
    const filters = [
      ...msgs.slice(0, 8).map((m) => ({ msgHash: m.hash })),
      ...msgs
        .filter((m) => m.hashNorm)
        .slice(0, 3)
        .map((m) => ({ msgHash: m.hashNorm! })),
      { bodyHash: msgs[3]!.body.hash },
      { opcode: msgs.find((m) => m.opcode !== null)!.opcode! },
      { opcode: msgs.find((m) => m.opcode !== null)!.opcode!, direction: 'in' as const },
      { bodyHash: msgs[1]!.body.hash, direction: 'out' as const },
    ];
    for (const f of filters) {
      for (const page of pages)
        expect(await transactionsByMessage(pg.reader, f, page)).toEqual(
          await transactionsByMessage(lite.reader, f, page),
        );
    }
  });

  it('returns the same address book, token info and meta', async () => {
    const accounts = [
      ...new Set(batches.flatMap((b) => [...b.accounts.map((a) => a.account), ...b.tokens.map((t) => t.account)])),
      'nobody',
    ];
    expect(await pg.reader.getAccountInfos(accounts)).toEqual(await lite.reader.getAccountInfos(accounts));
    expect(await pg.reader.getTokenInfos(accounts)).toEqual(await lite.reader.getTokenInfos(accounts));
    for (const key of Object.keys(batches.at(-1)!.meta ?? {}))
      expect(await pg.getMeta(key)).toBe(await lite.getMeta(key));
  });
});
