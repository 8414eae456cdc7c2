import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BlockFilter, TransactionFilter } from '../interface';
import { blockPageSql } from '../block-list';
import { transactionPageSql } from '../transaction-list';
import { messagePageSql, type MessageListFilter } from '../message-list';
import { BALANCE_ORDER } from '../account-balances';
import { tokenAheadSql, tokenListSql } from '../token-lists';
import { TOKEN_LIST_CASES } from '../test-support/token-list-cases';
import { openSqliteStore } from './open-sqlite-store';

// docs/architecture.md: every list query is served by an index in its requested order: no sort of the whole
// table (a temp B-tree for ORDER BY) and no full scan of a big table, so latency stays flat as the
// ledger grows. The plans are checked on the real schema with SQLite's own planner.
const store = openSqliteStore(join(mkdtempSync(join(tmpdir(), 'ledgerscope-plan-')), 'ledger.db'));
const plan = (sql: string, ...args: unknown[]) =>
  (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).join(' | ');
const h = Buffer.alloc(32, 1);

const LISTS: [string, string, unknown[]][] = [
  [
    'v2 block walk',
    'SELECT * FROM transactions WHERE workchain = ? AND shard = ? AND block_seqno = ? AND (account > ? OR (account = ? AND lt > ?)) ORDER BY account, lt LIMIT ?',
    [0, 1n, 1, 'a', 'a', 1, 10],
  ],
  [
    'shard state desc',
    'SELECT * FROM transactions WHERE mc_seqno = ? ORDER BY lt DESC, account DESC, hash DESC LIMIT ? OFFSET ?',
    [1, 10, 0],
  ],
  [
    'shard state asc',
    'SELECT * FROM transactions WHERE mc_seqno = ? ORDER BY lt ASC, account ASC, hash ASC LIMIT ? OFFSET ?',
    [1, 10, 0],
  ],
  [
    'latest traces',
    "SELECT t.* FROM traces t WHERE t.state = 'complete' ORDER BY t.end_lt DESC, t.trace_id DESC LIMIT ? OFFSET ?",
    [10, 0],
  ],
  [
    'traces by utime',
    "SELECT t.* FROM traces t WHERE t.state = 'complete' AND t.end_utime >= ? ORDER BY t.end_utime DESC, t.trace_id DESC LIMIT ? OFFSET ?",
    [1, 10, 0],
  ],
  [
    'traces by mc seqno',
    "SELECT t.* FROM traces t WHERE t.state = 'complete' AND t.mc_seqno_end = ? ORDER BY t.end_lt DESC, t.trace_id DESC LIMIT ? OFFSET ?",
    [1, 10, 0],
  ],
  [
    'one account, its traces',
    "SELECT t.* FROM trace_accounts a JOIN traces t ON t.trace_id = a.trace_id WHERE t.state = 'complete' AND a.account = ? ORDER BY a.end_lt DESC, a.trace_id DESC LIMIT ? OFFSET ?",
    ['0:AA', 10, 0],
  ],
  ['trace transactions', 'SELECT * FROM transactions WHERE trace_id = ? ORDER BY lt, hash LIMIT ?', [h, 4000]],
  [
    'by opcode',
    'SELECT DISTINCT m.tx_lt, m.tx_account, m.tx_hash FROM messages m WHERE m.opcode = ? ORDER BY m.tx_lt DESC, m.tx_account DESC, m.tx_hash DESC LIMIT ? OFFSET ?',
    [1, 10, 0],
  ],
  [
    'uncommitted shard blocks (streaming)',
    'SELECT * FROM blocks WHERE mc_seqno > ? AND workchain != -1 ORDER BY mc_seqno, workchain, shard, seqno',
    [1],
  ],
  [
    'by body hash',
    'SELECT DISTINCT m.tx_lt, m.tx_account, m.tx_hash FROM messages m WHERE m.body_hash = ? ORDER BY m.tx_lt DESC, m.tx_account DESC, m.tx_hash DESC LIMIT ? OFFSET ?',
    [h, 10, 0],
  ],
];

/** The `transactions` list's statement for each kind of filter, both orders, as the reader sends it. */
const TRANSACTION_FILTERS: [string, TransactionFilter][] = [
  ['latest', {}],
  ['one account', { accounts: ['0:AA'] }],
  ['several accounts (merged)', { accounts: ['0:AA', '0:BB', '0:CC'] }],
  ['a workchain', { workchain: 0 }],
  ['a shard', { workchain: 0, shard: 1n }],
  ['a block', { workchain: 0, shard: 1n, seqno: 3 }],
  ['a masterchain seqno', { mcSeqno: 4 }],
  ['an lt', { lt: 5n }],
  ['an lt range', { startLt: 1n, endLt: 9n }],
  ['a time range', { startUtime: 1, endUtime: 5 }],
  ['all but an account', { excludeAccounts: ['0:AA'] }],
  ['an account since a time', { accounts: ['0:AA'], startUtime: 3 }],
];
for (const [name, filter] of TRANSACTION_FILTERS) {
  for (const sort of ['asc', 'desc'] as const) {
    const args: unknown[] = [];
    const sql = transactionPageSql(
      filter,
      { limit: 10, offset: 0, sort },
      {
        arg: (v) => (args.push(v), '?'),
        notIn: (column, values) => (args.push(...values), `${column} NOT IN (${values.map(() => '?').join(',')})`),
      },
    );
    LISTS.push([`transactions, ${name}, ${sort}`, sql, args]);
  }
}

/** The `blocks` list's statement for each kind of filter that lists (a root or file hash names one block). */
const BLOCK_FILTERS: [string, BlockFilter][] = [
  ['latest', {}],
  ['a workchain', { workchain: 0 }],
  ['a shard', { workchain: 0, shard: 1n }],
  ['a masterchain seqno', { mcSeqno: 4 }],
  ['a time range', { startUtime: 1, endUtime: 5 }],
  ['a workchain in a time range', { workchain: -1, startUtime: 1, endUtime: 5 }],
];
for (const [name, filter] of BLOCK_FILTERS) {
  for (const sort of ['asc', 'desc'] as const) {
    const args: unknown[] = [];
    const sql = blockPageSql(filter, { limit: 10, offset: 0, sort }, { arg: (v) => (args.push(v), '?') });
    LISTS.push([`blocks, ${name}, ${sort}`, sql, args]);
  }
}

LISTS.push([
  'top accounts by balance',
  `SELECT account, balance FROM account_balances WHERE mc_seqno <= ? ORDER BY ${BALANCE_ORDER} LIMIT ?`,
  [4, 10],
]);

// the jetton and NFT lists (token-lists.ts), every kind, a page past an offset
const TOKEN_LISTS: [string, string, unknown[]][] = TOKEN_LIST_CASES.map(([name, list]) => {
  const args: unknown[] = [];
  const sql = tokenListSql(list, { limit: 10, offset: 5 }, { arg: (v) => (args.push(v), '?'), engine: 'sqlite' });
  return [name, sql, args];
});

const LOOKUPS_BY_HASH: [string, string, unknown[], RegExp][] = [];
/** The `messages` list's statement for each kind of filter, both orders (a time range: its lts, read first). */
const MESSAGE_FILTERS: [string, MessageListFilter][] = [
  ['latest', {}],
  ['a source', { source: '0:AA' }],
  ['external-in', { source: null }],
  ['a destination', { destination: '0:AA' }],
  ['external-out', { destination: null }],
  ['an opcode', { opcode: 1 }],
  ['a body hash', { bodyHash: h }],
  ['received', { direction: 'in' }],
  ['sent, internal', { direction: 'out', externals: 'exclude' }],
  ['externals', { externals: 'only' }],
  ['an lt range', { startLt: 1n, endLt: 9n }],
  ['a time range', { startUtime: 1, endUtime: 5 }],
  ['a source in a time range', { source: '0:AA', startUtime: 1, endUtime: 5 }],
  ['by hashes', { msgHashes: [h, h] }],
];
for (const [name, filter] of MESSAGE_FILTERS) {
  for (const sort of ['asc', 'desc'] as const) {
    const args: unknown[] = [];
    const sql = messagePageSql(
      filter,
      { limit: 10, offset: 0, sort },
      {
        arg: (v) => (args.push(v), '?'),
        anyOf: (column, values) => (args.push(...values), `${column} IN (${values.map(() => '?').join(',')})`),
      },
      { from: filter.startUtime === undefined ? undefined : 5n, below: filter.endUtime === undefined ? undefined : 9n },
    );
    // a few rows by hash are sorted, not walked
    if (filter.msgHashes) LOOKUPS_BY_HASH.push([`messages, ${name}, ${sort}`, sql, args, /messages_by_hash/]);
    else LISTS.push([`messages, ${name}, ${sort}`, sql, args]);
  }
}

const LOOKUPS: [string, string, unknown[], RegExp][] = [
  [
    'message by hash',
    'SELECT tx_hash FROM messages WHERE msg_hash = ? AND direction = ?',
    [h, 'in'],
    /messages_by_hash/,
  ],
  ['message by normalized hash', 'SELECT tx_hash FROM messages WHERE hash_norm = ?', [h], /messages_by_norm/],
  [
    'account traces',
    'SELECT DISTINCT trace_id FROM trace_accounts WHERE account IN (?)',
    ['0:AA'],
    /PRIMARY KEY|trace_accounts/,
  ],
  ['traces by id, any state (streaming)', 'SELECT * FROM traces WHERE trace_id IN (?, ?)', [h, h], /PRIMARY KEY/],
  ['transaction by hash', 'SELECT * FROM transactions WHERE hash = ?', [h], /transactions_by_hash/],
  ['block by root hash', 'SELECT * FROM blocks WHERE root_hash = ?', [h], /blocks_by_root_hash/],
  ['block by file hash', 'SELECT * FROM blocks WHERE file_hash = ?', [h], /blocks_by_file_hash/],
  [
    'adjacent transactions',
    "SELECT o.tx_hash FROM messages m JOIN messages o ON o.msg_hash = m.msg_hash AND o.direction = 'out' WHERE m.tx_hash = ? AND m.direction = 'in'",
    [h],
    /messages_by_hash/,
  ],
  ['actions of a trace', 'SELECT * FROM actions WHERE trace_id = ? ORDER BY position', [h], /actions_by_trace/],
  ['actions by id', 'SELECT * FROM actions WHERE action_id IN (?, ?)', [h, h], /actions_by_id/],
  ...LOOKUPS_BY_HASH,
  // jetton/search: each group a range (or point) of its expression index, never a scan of the masters
  ...TOKEN_LISTS.filter(([name]) => name.includes('by search')).map(
    ([name, sql, args]): [string, string, unknown[], RegExp] => [
      name,
      sql,
      args,
      name.endsWith('name_prefix') ? /jetton_masters_by_name_key/ : /jetton_masters_by_symbol_key/,
    ],
  ),
  [
    'balances ahead of a snapshot',
    'SELECT account FROM account_balances WHERE mc_seqno > ?',
    [4],
    /account_balances_by_mc/,
  ],
  ...(['jettonMasters', 'jettonWallets', 'nftCollections', 'nftItems', 'nftSales'] as const).map(
    (table): [string, string, unknown[], RegExp] => {
      const args: unknown[] = [];
      const sql = tokenAheadSql(table, 4, { arg: (v) => (args.push(v), '?') });
      return [`${table} ahead of a snapshot`, sql, args, /_by_mc_seqno/];
    },
  ),
];

describe('query plans', () => {
  it.each(LISTS)('%s: served by an index in its order, no full sort or scan', (_name, sql, args) => {
    const p = plan(sql, ...args);
    expect(p).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    expect(p).toMatch(/USING (COVERING )?INDEX|USING PRIMARY KEY/);
    // no scan of the table itself; an index walked in the list's order (SCAN ... USING INDEX, the
    // latest transactions) stops at the page's end
    expect(p).not.toMatch(/\bSCAN (transactions|messages)\b(?! USING (COVERING )?INDEX)/);
    // a time bound is read from (now, lt), never by walking the transactions
    expect(p).not.toMatch(/SCAN transactions USING .*transactions_by_now/);
  });

  // their tables are WITHOUT ROWID: a table is its primary key, so a walk of it by address shows as
  // a plain SCAN (in key order, stopping at the page's end)
  it.each(TOKEN_LISTS)('%s: served by an index in its order, no full sort', (_name, sql, args) => {
    const p = plan(sql, ...args);
    expect(p).not.toMatch(/TEMP B-TREE/);
    expect(p).toMatch(/USING (COVERING )?INDEX|USING PRIMARY KEY|^SCAN (jetton|nft)_\w+$/);
    expect(p).not.toMatch(/SCAN transactions USING .*transactions_by_now/);
  });

  it.each(LOOKUPS)('%s: an index lookup', (_name, sql, args, index) => {
    const p = plan(sql, ...args);
    expect(p).toMatch(index);
    expect(p).toMatch(/SEARCH/);
  });
});
