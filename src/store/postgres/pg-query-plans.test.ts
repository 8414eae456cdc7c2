import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerBatch } from '../records';
import { syntheticBatches } from '../test-support/synthetic-ledger';
import { openPgStore, type PgLedgerStore } from './open-pg-store';
import { PgLedgerReader, type Queryable } from './pg-reader';
import { startPgCluster, type PgCluster } from './test-support/pg-cluster';
import { transactionsByMessage } from '../test-support/reader-compositions';
import { TOKEN_LIST_CASES } from '../test-support/token-list-cases';

// docs/architecture.md: every list the API serves is read through an index in its requested order,
// on PostgreSQL too, across the partitions of the big tables. The plans are PostgreSQL's own
// (EXPLAIN) for the very statements the reader sends, captured while it answers every kind of
// request. A small test ledger would let the planner prefer a sequential scan or a sort because
// they are cheap on a few pages, so both are priced out (enable_seqscan/enable_sort off): a scan
// or sort that remains has no index to replace it.

let cluster: PgCluster;
let store: PgLedgerStore;
const batches: LedgerBatch[] = [];
const statements: { text: string; values: unknown[] }[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
  store = await openPgStore(cluster.createDatabase('plans'), { partitionSpan: 3 });
  for (const b of syntheticBatches({ batches: 10, txPerBatch: 20 })) {
    batches.push(b);
    await store.writer!.writeBatch(b);
  }
  await store.pool.query('ANALYZE');
  const recorder: Queryable = {
    query: (config) => {
      statements.push({ text: config.text, values: config.values ?? [] });
      return store.pool.query(config.text, config.values);
    },
  };
  const r = new PgLedgerReader(recorder);
  const txs = batches.flatMap((b) => b.transactions);
  const tx = txs[30]!;
  const page = { limit: 10, offset: 5, sort: 'desc' as const };
  await r.getBlockTransactions(tx.block, null, 5);
  await r.getBlockTransactions(tx.block, { account: tx.account, lt: tx.lt }, 5);
  await r.getMasterchainBlocks(4);
  await r.getTransactionsByMcSeqno(4, page);
  await r.getTransactionsByMcSeqno(4, { ...page, sort: 'asc' });
  await r.findTraces({}, page);
  await r.findTraces({ accounts: [tx.account] }, page);
  await r.findTraces({ accounts: [tx.account, txs[0]!.account] }, page);
  await r.findTraces({ traceIds: [tx.traceId] }, page);
  await r.findTraces({ txHashes: [tx.hash] }, page);
  await r.findTraces({ msgHashes: [tx.inMsg!.hash] }, page);
  await r.findTraces({ mcSeqno: 4 }, page);
  await r.findTraces({ startUtime: tx.now }, page);
  await r.getTraceTransactions(tx.traceId, 4000);
  await r.getTraceTransactionOutcomes(tx.traceId, 4000);
  await r.getTransactionOutcomes([tx.hash, txs[0]!.hash]);
  await r.getActions([tx.traceId]);
  await transactionsByMessage(r, { msgHash: tx.inMsg!.hash }, page);
  await transactionsByMessage(r, { opcode: 0 }, page);
  await transactionsByMessage(r, { bodyHash: tx.inMsg!.body.hash, direction: 'in' }, page);
  await r.getAccountInfos([tx.account]);
  await r.getTokenInfos([tx.account]);
  await r.latestMasterchainSeqno();
  // `transactions`, each kind of filter, both orders
  const block = { workchain: tx.block.workchain, shard: tx.block.shard, seqno: tx.block.seqno };
  for (const sort of ['asc', 'desc'] as const) {
    for (const filter of [
      {},
      { accounts: [tx.account] },
      { accounts: [tx.account, txs[0]!.account, txs[1]!.account] },
      { workchain: 0 },
      { workchain: block.workchain, shard: block.shard },
      block,
      { mcSeqno: 4 },
      { hash: tx.hash },
      { lt: tx.lt },
      { startLt: tx.lt, endLt: tx.lt + 1000n },
      { startUtime: tx.now, endUtime: tx.now + 10 },
      { excludeAccounts: [tx.account] },
      { accounts: [tx.account], startUtime: tx.now },
    ])
      await r.findTransactionHashes(filter, { ...page, sort });
    for (const filter of [
      {},
      { workchain: 0 },
      { workchain: 0, shard: block.shard },
      { mcSeqno: 4 },
      { startUtime: 1 },
    ])
      await r.findBlocks(filter, { ...page, sort });
  }
  await r.findAdjacentTransactionHashes(tx.hash, undefined);
  // the jetton and NFT lists, every kind, a page past an offset; the contracts ahead of a snapshot
  for (const [, list] of TOKEN_LIST_CASES) await r.findTokenRows(list, { limit: 10, offset: 5 });
  for (const table of ['jettonMasters', 'jettonWallets', 'nftCollections', 'nftItems', 'nftSales'] as const)
    await r.findTokensAhead(table, 4);
  await r.getPendingTraceIds();
  await r.getActionsByIds([tx.traceId]);
  await r.getTopBalances(4, 15);
  // `messages`, each kind of filter, both orders
  const sent = txs.find((t) => t.outMsgs.length > 0)!.outMsgs[0]!;
  for (const sort of ['asc', 'desc'] as const) {
    for (const filter of [
      {},
      { source: sent.source },
      { source: null },
      { destination: sent.destination },
      { destination: null },
      { opcode: 0 },
      { bodyHash: sent.body.hash },
      { direction: 'in' as const },
      { direction: 'out' as const, externals: 'exclude' as const },
      { externals: 'only' as const },
      { startLt: tx.lt, endLt: tx.lt + 1000n },
      { startUtime: tx.now, endUtime: tx.now + 10 },
      { source: sent.source, startUtime: tx.now },
      { msgHashes: [sent.hash, tx.inMsg!.hash] },
    ])
      await r.findMessages(filter, { ...page, sort });
  }
});

afterAll(async () => {
  await store?.close();
  cluster?.destroy();
});

async function plan(text: string, values: unknown[]): Promise<string> {
  const client = await store.pool.connect();
  try {
    await client.query('SET enable_seqscan = off; SET enable_sort = off');
    const r = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
    return r.rows.map((x) => x['QUERY PLAN']).join('\n');
  } finally {
    await client.query('RESET ALL');
    client.release();
  }
}

// The lists: rows in the requested order straight from an index (merged across partitions).
const LISTS: [string, RegExp][] = [
  ['v2 block walk', /FROM transactions WHERE workchain = \$1 AND shard = \$2 AND block_seqno = \$3 ORDER BY/],
  ['v2 block walk after a cursor', /AND \(account, lt\) > \(\$4/],
  ['shard state', /FROM transactions WHERE mc_seqno = \$1 ORDER BY lt/],
  ['latest traces', /FROM traces t WHERE t.state = 'complete'\s+ORDER BY t.end_lt/],
  ['traces by masterchain seqno', /t.mc_seqno_end = \$1\s+ORDER BY/],
  [
    'one account, its traces',
    /FROM trace_accounts a CROSS JOIN LATERAL .* WHERE t.state = 'complete' AND a.account = \$1\s+ORDER BY a.end_lt/,
  ],
  ['trace transactions', /FROM transactions WHERE trace_id = \$1 ORDER BY lt, hash/],
  ['by opcode', /FROM messages WHERE true AND opcode = \$1\s+ORDER BY/],
  ['top accounts by balance', /FROM account_balances WHERE mc_seqno <= \$1 ORDER BY balance DESC/],
];

describe('PostgreSQL query plans', () => {
  it('captured every kind of statement the reader sends', () => {
    expect(statements.length).toBeGreaterThan(20);
    for (const [name, pattern] of LISTS)
      expect(
        statements.some((s) => pattern.test(s.text)),
        name,
      ).toBe(true);
  });

  it('reads through an index in every statement: no sequential scan of any table', async () => {
    const seen = new Set<string>();
    for (const s of statements) {
      if (seen.has(s.text)) continue;
      seen.add(s.text);
      const p = await plan(s.text, s.values);
      expect(p, `${s.text}\n${p}`).not.toMatch(/Seq Scan/);
      expect(p, `${s.text}\n${p}`).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    }
  });

  it.each(LISTS)(
    '%s: rows in the requested order from the index, across partitions (no sort)',
    async (_name, pattern) => {
      const s = statements.find((x) => pattern.test(x.text))!;
      const p = await plan(s.text, s.values);
      expect(p, `${s.text}\n${p}`).not.toMatch(/^(\s*->\s+)?(Incremental )?Sort\b/m);
    },
  );

  // a page is one statement with its traces' accounts, and a page of transactions two more (every
  // row of the page's messages, then states and contents): each part an index lookup
  it.each([
    [
      'a page of traces, with each trace’s accounts',
      /ARRAY\(SELECT a.account FROM trace_accounts a/,
      /Index (Only )?Scan using trace_accounts_p\d+_trace_id_idx/,
    ],
    [
      'every row of a page’s messages',
      /FROM messages WHERE msg_hash = ANY\(ARRAY\(SELECT msg_hash FROM messages WHERE tx_hash/,
      /Index Scan using messages_p\d+_msg_hash_direction_idx/,
    ],
    [
      'a page’s account states and message contents',
      /FROM account_states WHERE hash = ANY.*UNION ALL/s,
      /Index Scan using message_contents_p\d+_pkey/,
    ],
    // a page of the walk starts at its cursor in the index, not at the block's first transaction
    ['the v2 block walk after a cursor', /AND \(account, lt\) > \(\$4/, /Index Cond: \(.*ROW\(account, lt\) > ROW\(/],
    // every request and every streaming poll asks it: the last entry of the primary key, not a walk
    // over every masterchain block
    [
      'the newest masterchain seqno',
      /SELECT max\(seqno\) AS s FROM blocks/,
      /Index Only Scan Backward using blocks_pkey/,
    ],
  ])('%s: through the index', async (_name, pattern, index) => {
    const s = statements.find((x) => pattern.test(x.text))!;
    expect(s, String(pattern)).toBeDefined();
    const p = await plan(s.text, s.values);
    expect(p, `${s.text}\n${p}`).toMatch(index);
  });

  it('every `transactions` list: rows in the requested order from an index, across partitions (no sort)', async () => {
    const lists = [...new Set(statements.map((x) => x.text))].filter((t) =>
      /^SELECT (lt, hash|\* FROM \(SELECT lt, hash) FROM transactions/.test(t),
    );
    expect(lists.length).toBeGreaterThanOrEqual(24);
    for (const text of lists) {
      const p = await plan(text, statements.find((x) => x.text === text)!.values);
      expect(p, `${text}\n${p}`).not.toMatch(/^(\s*->\s+)?(Incremental )?Sort\b/m);
      // a time bound is one probe of (now, lt) per bound
      if (text.includes('now >=')) expect(p, `${text}\n${p}`).toMatch(/transactions_p\d+_now_lt_idx/);
    }
  });

  it('every `messages` list: rows in the requested order from an index, across partitions (no sort)', async () => {
    const lists = [...new Set(statements.map((x) => x.text))].filter((t) =>
      t.startsWith('SELECT msg_hash, tx_hash FROM messages m'),
    );
    expect(lists.length).toBeGreaterThanOrEqual(24);
    for (const text of lists) {
      const p = await plan(text, statements.find((x) => x.text === text)!.values);
      expect(p, `${text}\n${p}`).not.toMatch(/^(\s*->\s+)?(Incremental )?Sort\b/m);
      expect(p, `${text}\n${p}`).toMatch(/messages_p\d+_\w*coalesce\w*_idx|messages_p\d+_\w+_msg_hash_idx/);
    }
  });

  it('every `blocks` list: rows in the requested order from an index (no sort)', async () => {
    const lists = [...new Set(statements.map((x) => x.text))].filter((t) => t.startsWith('SELECT * FROM blocks'));
    expect(lists.length).toBeGreaterThanOrEqual(10);
    for (const text of lists) {
      const p = await plan(text, statements.find((x) => x.text === text)!.values);
      expect(p, `${text}\n${p}`).not.toMatch(/^(\s*->\s+)?(Incremental )?Sort\b/m);
    }
  });

  it('every jetton and NFT list: rows in the requested order from an index (no sort)', async () => {
    const tables =
      'jetton_masters|jetton_wallets|nft_collections|nft_items|nft_sales|jetton_transfers|jetton_burns|nft_transfers';
    const lists = [...new Set(statements.map((x) => x.text))].filter((t) =>
      new RegExp(`^(SELECT \\* FROM \\()?SELECT \\* FROM (${tables}) `).test(t),
    );
    expect(lists.length).toBeGreaterThanOrEqual(50);
    const sorted: string[] = [];
    for (const text of lists) {
      const p = await plan(text, statements.find((x) => x.text === text)!.values);
      // contracts asked by address (at most 100): one point lookup each, those few rows sorted (an
      // equality on the key leaves PostgreSQL no order to merge by), as `messages?msg_hash=` does
      if (/^(SELECT \* FROM \()?SELECT \* FROM \w+ WHERE address = \$1 /.test(text)) {
        const lookups = p.match(/Index Cond: \(address = /g) ?? [];
        expect(lookups.length, `${text}\n${p}`).toBe((text.match(/WHERE address = /g) ?? []).length);
      } else if (/^(\s*->\s+)?(Incremental )?Sort\b/m.test(p)) sorted.push(`${text}\n${p}`);
    }
    expect(sorted.join('\n\n')).toBe('');
  });

  it('jetton/search: each group walks its expression index, never the masters by address', async () => {
    const searches = [...new Set(statements.map((x) => x.text))].filter((t) =>
      /^SELECT \* FROM jetton_masters WHERE \(translate\(/.test(t),
    );
    expect(searches.length).toBe(3);
    for (const text of searches) {
      const p = await plan(text, statements.find((x) => x.text === text)!.values);
      const index = /->> 'name'/.test(text.split(' AND ')[0]!) ? 'name' : 'symbol';
      expect(p, `${text}\n${p}`).toMatch(new RegExp(`jetton_masters_by_${index}_key`));
    }
  });

  it('a lookup by hash uses each partition’s index', async () => {
    const tx = batches[5]!.transactions[0]!;
    const p = await plan('SELECT * FROM transactions WHERE hash = $1', [tx.hash]);
    const partitions = (p.match(/Index Scan using \w+ on transactions_p\d+/g) ?? []).length;
    expect(partitions).toBeGreaterThan(2);
  });
});
