import { StatementCache } from './statement-cache';
import { decodeBoc } from '../compact';
import { accountKey } from '../account-key';
import { hasSandboxTables, SqliteSandboxRuns } from './sqlite-sandbox-runs';
import type Database from 'better-sqlite3';
import { balanceChanges, jettonWalletIdentities } from '../balance-changes';
import type {
  AccountTransactionRange,
  BlockFilter,
  LedgerReader,
  MessageFilter,
  Page,
  TraceFilter,
  TransactionFilter,
} from '../interface';
import { clampLt, MAX_LT } from '../lt-bound';
import { messageHashPage, type MessageTransactionRow } from '../message-hash-page';
import { ComposedReader } from '../reader-compositions';
import { adjacentTransactionsSql } from '../adjacent-transactions';
import { blockPageSql } from '../block-list';
import { PENDING_TRACE_IDS_SQL } from '../pending-traces';
import { QUEUED_MESSAGES_SQL, queuedMessage } from '../inbound';
import type { QueuedMessage } from '../interface';
import { transactionPageSql } from '../transaction-list';
import { OUTCOME_MESSAGE_COLUMNS, OUTCOME_TRANSACTION_COLUMNS, outcomesFromRows } from '../transaction-outcomes';
import { BALANCE_ORDER } from '../account-balances';
import { tokenAheadSql, tokenListSql, type ListPage, type TokenList } from '../token-lists';
import { tokenRowFromRow, type StateTableKey, type TokenRowOf } from '../token-tables';
import { messagePageSql, TIME_LT_SQL, type MessageListFilter, type MessageListRow } from '../message-list';
import type {
  AccountInfoRecord,
  AccountSnapshotRecord,
  ActionRecord,
  BalanceChangesRecord,
  BlockRecord,
  BlockRef,
  TokenInfoRecord,
  TraceRecord,
  TransactionOutcomeRecord,
  TransactionRecord,
} from '../records';
import {
  accountInfoFromRow,
  accountSnapshotFromRows,
  cellHashesOfRow,
  actionFromRow,
  blob,
  blockFromRow,
  inHashOrder,
  messageEnds,
  num,
  optBlob,
  tokenInfoFromRow,
  traceFromRow,
  transactionsFromRows,
  type Row,
} from '../row-records';

// Statements read integers as BigInt (safeIntegers) because shard ids use all 64 bits; the row
// converters of row-records.ts turn them back into the record types.

/** The masterchain's only shard id (0x8000000000000000 read as a signed 64-bit integer). */
const MASTERCHAIN_SHARD = -9223372036854775808n;

const marks = (xs: readonly unknown[]) => xs.map(() => '?').join(',');
const IN_SIZES = [1, 2, 4, 8, 16, 32, 64, 128, 256];
const IN_CHUNK = 256;

// A list filtered by a handful of ids (trace ids, tx hashes, message hashes, several accounts) is
// driven from those ids (CROSS JOIN fixes SQLite's join order): left to itself the planner walks
// the whole traces_by_end_lt index to avoid sorting, probing each trace against the id list, which
// costs a scan of every trace for a result of a few rows. Sorting those few rows is cheap.
export class SqliteLedgerReader extends ComposedReader implements LedgerReader {
  /** Bounded: a statement dropped from it is finalized when its handle is collected. */
  readonly statements: StatementCache<Database.Statement>;

  constructor(private readonly db: Database.Database) {
    super();
    this.statements = new StatementCache((sql) => this.db.prepare(sql).safeIntegers(true));
  }

  private q(sql: string): Database.Statement {
    return this.statements.get(sql);
  }

  async getBlock(ref: BlockRef): Promise<BlockRecord | null> {
    const row = this.q('SELECT * FROM blocks WHERE workchain = ? AND shard = ? AND seqno = ?').get(
      ref.workchain,
      ref.shard,
      ref.seqno,
    ) as Row | undefined;
    return row ? this.block(row) : null;
  }

  private block(row: Row): BlockRecord {
    return blockFromRow(row);
  }

  async getBlockTransactionHashes(ref: BlockRef, after: { account: string; lt: bigint } | null, count: number) {
    const rows = (
      after
        ? this.q(
            `SELECT hash FROM transactions WHERE workchain = ? AND shard = ? AND block_seqno = ?
                AND (account > ? OR (account = ? AND lt > ?)) ORDER BY account, lt LIMIT ?`,
          ).all(ref.workchain, ref.shard, ref.seqno, after.account, after.account, clampLt(after.lt), count + 1)
        : this.q(
            'SELECT hash FROM transactions WHERE workchain = ? AND shard = ? AND block_seqno = ? ORDER BY account, lt LIMIT ?',
          ).all(ref.workchain, ref.shard, ref.seqno, count + 1)
    ) as Row[];
    return { hashes: rows.slice(0, count).map((r) => blob(r.hash)), incomplete: rows.length > count };
  }

  async getMasterchainBlocks(seqno: number): Promise<BlockRecord[] | null> {
    const mc = await this.getBlock({ workchain: -1, shard: MASTERCHAIN_SHARD, seqno });
    if (!mc) return null;
    const shards = this.q(
      `SELECT b.* FROM shard_state s JOIN blocks b
        ON b.workchain = s.workchain AND b.shard = s.shard AND b.seqno = s.seqno
        WHERE s.mc_seqno = ? ORDER BY s.workchain, s.shard`,
    ).all(seqno) as Row[];
    return [mc, ...shards.map((r) => this.block(r))];
  }

  async getTransactionHashesByMcSeqno(seqno: number, page: Page): Promise<Buffer[]> {
    const dir = page.sort === 'asc' ? 'ASC' : 'DESC';
    const rows = this.q(
      `SELECT hash FROM transactions WHERE mc_seqno = ?
        ORDER BY lt ${dir}, account ${dir}, hash ${dir} LIMIT ? OFFSET ?`,
    ).all(seqno, page.limit, page.offset) as Row[];
    return rows.map((r) => blob(r.hash));
  }

  /** Full records of the given transactions, in the given order (unknown hashes are skipped). */
  async getTransactions(hashes: Buffer[]): Promise<TransactionRecord[]> {
    return this.assemble(inHashOrder(hashes, this.inList('SELECT * FROM transactions WHERE hash IN', hashes)));
  }

  async getTransactionOutcomes(hashes: Buffer[]): Promise<TransactionOutcomeRecord[]> {
    const rows = this.inList(`SELECT ${OUTCOME_TRANSACTION_COLUMNS} FROM transactions WHERE hash IN`, hashes);
    return this.outcomes(inHashOrder(hashes, rows));
  }

  async findTraces(filter: TraceFilter, page: Page): Promise<TraceRecord[]> {
    const dir = page.sort === 'asc' ? 'ASC' : 'DESC';
    const byUtime = filter.startUtime !== undefined || filter.endUtime !== undefined;
    const where: string[] = ["t.state = 'complete'"];
    const args: unknown[] = [];
    let from = 'traces t';
    let order = byUtime ? `t.end_utime ${dir}, t.trace_id ${dir}` : `t.end_lt ${dir}, t.trace_id ${dir}`;
    if (filter.accounts?.length === 1 && !byUtime) {
      // one account: walk its trace_accounts rows in index order (account, end_lt, trace_id)
      from = 'trace_accounts a JOIN traces t ON t.trace_id = a.trace_id';
      where.push('a.account = ?');
      args.push(filter.accounts[0]);
      order = `a.end_lt ${dir}, a.trace_id ${dir}`;
    } else if (filter.accounts?.length) {
      // several accounts: the union, each trace once (sorted: as many rows as those accounts have)
      from = `(SELECT DISTINCT trace_id FROM trace_accounts WHERE account IN (${marks(filter.accounts)})) a
              CROSS JOIN traces t ON t.trace_id = a.trace_id`;
      args.push(...filter.accounts);
    } else if (filter.traceIds?.length) {
      from = `(SELECT trace_id FROM traces WHERE trace_id IN (${marks(filter.traceIds)})) a CROSS JOIN traces t ON t.trace_id = a.trace_id`;
      args.push(...filter.traceIds);
    } else if (filter.txHashes?.length) {
      from = `(SELECT DISTINCT trace_id FROM transactions WHERE hash IN (${marks(filter.txHashes)})) a
              CROSS JOIN traces t ON t.trace_id = a.trace_id`;
      args.push(...filter.txHashes);
    } else if (filter.msgHashes?.length) {
      const m = marks(filter.msgHashes);
      from = `(SELECT x.trace_id FROM messages m JOIN transactions x ON x.hash = m.tx_hash WHERE m.msg_hash IN (${m})
               UNION SELECT x.trace_id FROM messages m JOIN transactions x ON x.hash = m.tx_hash WHERE m.hash_norm IN (${m})) a
              CROSS JOIN traces t ON t.trace_id = a.trace_id`;
      args.push(...filter.msgHashes, ...filter.msgHashes);
    }
    if (filter.mcSeqno !== undefined) {
      where.push('t.mc_seqno_end = ?');
      args.push(filter.mcSeqno);
    }
    if (filter.startUtime !== undefined) {
      where.push('t.end_utime >= ?');
      args.push(filter.startUtime);
    }
    if (filter.endUtime !== undefined) {
      where.push('t.end_utime <= ?');
      args.push(filter.endUtime);
    }
    if (filter.startLt !== undefined) {
      where.push('t.end_lt >= ?');
      args.push(clampLt(filter.startLt));
    }
    if (filter.endLt !== undefined) {
      where.push('t.end_lt <= ?');
      args.push(clampLt(filter.endLt));
    }
    // The page's ids first, its rows after: with t.* in the paging query SQLite read the table
    // row of every trace the offset skipped (a deep offset at a million transactions: 32 ms; ids
    // only, from the index alone: 0.5 ms).
    const sql = `SELECT t.trace_id FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ? OFFSET ?`;
    const ids = this.q(sql)
      .pluck()
      .all(...args, page.limit, page.offset) as Buffer[];
    const byId = new Map((await this.getTracesByIds(ids)).map((t) => [t.traceId.toString('hex'), t]));
    return ids.map((id) => byId.get(blob(id).toString('hex'))!);
  }

  private trace(row: Row): TraceRecord {
    const accounts = this.q('SELECT account FROM trace_accounts WHERE trace_id = ? ORDER BY account')
      .pluck()
      .all(row.trace_id) as string[];
    return traceFromRow(row, accounts);
  }

  async getTraceTransactions(traceId: Buffer, max: number): Promise<TransactionRecord[]> {
    const rows = this.q('SELECT * FROM transactions WHERE trace_id = ? ORDER BY lt, hash LIMIT ?').all(
      traceId,
      max,
    ) as Row[];
    return this.assemble(rows);
  }

  async getTraceTransactionOutcomes(traceId: Buffer, max: number): Promise<TransactionOutcomeRecord[]> {
    const rows = this.q(
      `SELECT ${OUTCOME_TRANSACTION_COLUMNS} FROM transactions WHERE trace_id = ? ORDER BY lt, hash LIMIT ?`,
    ).all(traceId, max) as Row[];
    return this.outcomes(rows);
  }

  /** Outcomes of transaction rows: their message rows, by the primary key (tx_hash, …). */
  private outcomes(txRows: Row[]): TransactionOutcomeRecord[] {
    const hashes = txRows.map((r) => r.hash);
    return outcomesFromRows(
      txRows,
      this.inList(`SELECT ${OUTCOME_MESSAGE_COLUMNS} FROM messages m WHERE m.tx_hash IN`, hashes),
    );
  }

  async getActions(traceIds: Buffer[]): Promise<ActionRecord[]> {
    const out: ActionRecord[] = [];
    for (const id of traceIds) {
      const rows = this.q('SELECT * FROM actions WHERE trace_id = ? ORDER BY position').all(id) as Row[];
      for (const r of rows) {
        out.push(actionFromRow(r));
      }
    }
    return out;
  }

  async getActionsByIds(actionIds: Buffer[]): Promise<ActionRecord[]> {
    return this.inList('SELECT * FROM actions WHERE action_id IN', actionIds).map(actionFromRow);
  }

  async findMessages(filter: MessageListFilter, page: Page): Promise<MessageListRow[]> {
    const lt = (sql: string, utime: number | undefined) =>
      utime === undefined ? undefined : ((this.q(sql).pluck().get(utime) as bigint | undefined) ?? null);
    const lts = {
      from: lt(TIME_LT_SQL.from('?'), filter.startUtime),
      below: lt(TIME_LT_SQL.below('?'), filter.endUtime),
    };
    if (lts.from === null) return [];
    const args: unknown[] = [];
    const sql = messagePageSql(
      filter,
      page,
      {
        arg: (v) => (args.push(v), '?'),
        anyOf: (column, values) => (args.push(...values), `${column} IN (${marks(values)})`),
        account: accountKey,
      },
      lts,
    );
    return (this.q(sql).all(...args) as Row[]).map((r) => ({ msgHash: blob(r.msg_hash), txHash: blob(r.tx_hash) }));
  }

  async findTransactionHashes(filter: TransactionFilter, page: Page): Promise<Buffer[]> {
    const args: unknown[] = [];
    const sql = transactionPageSql(filter, page, {
      arg: (v) => (args.push(v), '?'),
      notIn: (column, values) => (args.push(...values), `${column} NOT IN (${marks(values)})`),
    });
    return (this.q(sql).all(...args) as Row[]).map((r) => blob(r.hash));
  }

  async findBlocks(filter: BlockFilter, page: Page): Promise<BlockRecord[]> {
    const args: unknown[] = [];
    const sql = blockPageSql(filter, page, { arg: (v) => (args.push(v), '?') });
    return (this.q(sql).all(...args) as Row[]).map((r) => this.block(r));
  }

  async findAdjacentTransactionHashes(hash: Buffer, direction: 'in' | 'out' | undefined): Promise<Buffer[]> {
    const args: unknown[] = [];
    const sql = adjacentTransactionsSql(hash, direction, (v) => (args.push(v), '?'));
    return (this.q(sql).all(...args) as Row[]).map((r) => blob(r.tx_hash));
  }

  async getPendingTraceIds(): Promise<Buffer[]> {
    return (this.q(PENDING_TRACE_IDS_SQL).all() as Row[]).map((r) => blob(r.trace_id));
  }

  async findTransactionHashesByMessage(filter: MessageFilter, page: Page): Promise<Buffer[]> {
    if (filter.msgHash) return this.transactionHashesByMessageHash(filter, filter.msgHash, page);
    const dir = page.sort === 'asc' ? 'ASC' : 'DESC';
    const { rest, args } = messageConditions(filter);
    // Several messages of one transaction may match (a fan-out sends many with one opcode): each
    // transaction is listed once.
    const sql = `SELECT DISTINCT tx_lt, tx_account, tx_hash FROM messages WHERE 1${rest}
                 ORDER BY tx_lt ${dir}, tx_account ${dir}, tx_hash ${dir} LIMIT ? OFFSET ?`;
    return (this.q(sql).all(...args, page.limit, page.offset) as Row[]).map((r) => blob(r.tx_hash));
  }

  /**
   * A message hash names one message (two rows: sent and received) plus the few external messages
   * sharing that normalized hash, so the rows are fetched whole by two index lookups (an OR would
   * scan the table) and deduplicated, ordered and paged by messageHashPage: SQLite's DISTINCT and ORDER BY over
   * them cost two temporary B-trees, most of the query's time for a result of one or two rows.
   * Same order as the general query: lt, then account, then transaction hash.
   */
  private transactionHashesByMessageHash(filter: MessageFilter, msgHash: Buffer, page: Page): Buffer[] {
    const { rest, args } = messageConditions(filter);
    const rows = this.q(
      `SELECT tx_lt, tx_account, tx_hash FROM messages WHERE msg_hash = ?${rest}
        UNION ALL SELECT tx_lt, tx_account, tx_hash FROM messages WHERE hash_norm = ? AND msg_hash != ?${rest}`,
    ).all(msgHash, ...args, msgHash, msgHash, ...args) as MessageTransactionRow[];
    return messageHashPage(rows, page);
  }

  async getAccountInfos(accounts: string[]): Promise<AccountInfoRecord[]> {
    const stmt = this.q('SELECT * FROM accounts WHERE account = ?');
    const out: AccountInfoRecord[] = [];
    for (const a of new Set(accounts)) {
      const r = stmt.get(a) as Row | undefined;
      if (r) out.push(accountInfoFromRow(r));
    }
    return out;
  }

  async getAccountStates(accounts: string[], mcSeqno: number): Promise<AccountSnapshotRecord[]> {
    // newest first along transactions_by_account: the rows a snapshot must skip (shard blocks not
    // committed yet) are the account's last few at most
    const newest = this.q(`SELECT hash, lt, now, mc_seqno, state_after FROM transactions
      WHERE account = ? AND mc_seqno <= ? ORDER BY lt DESC LIMIT 1`);
    const stateRow = this.q('SELECT * FROM account_states WHERE hash = ?');
    // deflated since schema version 7 (sqlite-schema-v7.ts)
    const cell = this.q('SELECT boc FROM account_cells WHERE hash = ?').pluck();
    const out: AccountSnapshotRecord[] = [];
    for (const account of new Set(accounts)) {
      const tx = newest.get(account, mcSeqno) as Row | undefined;
      if (!tx) continue;
      const state = stateRow.get(tx.state_after) as Row | undefined;
      if (!state)
        throw new Error(`ledger is inconsistent: account state ${blob(tx.state_after).toString('hex')} is missing`);
      const cells = new Map<string, Buffer>();
      for (const h of cellHashesOfRow(state)) {
        const boc = cell.get(h) as Buffer | undefined;
        if (boc) cells.set(h.toString('hex'), decodeBoc(boc));
      }
      out.push(accountSnapshotFromRows(account, tx, state, cells));
    }
    return out;
  }

  async getAccountTransactionHashes(account: string, range: AccountTransactionRange, limit: number) {
    const rows = this.q(
      `SELECT hash FROM transactions WHERE account = ? AND lt <= ? AND lt > ? AND mc_seqno <= ?
      ORDER BY lt DESC LIMIT ?`,
    ).all(account, clampLt(range.fromLt ?? MAX_LT), clampLt(range.toLt ?? -1n), range.mcSeqno, limit) as Row[];
    return rows.map((r) => blob(r.hash));
  }

  async getTopBalances(mcSeqno: number, count: number) {
    const committed = (
      this.q(`SELECT account, balance FROM account_balances WHERE mc_seqno <= ? ORDER BY ${BALANCE_ORDER} LIMIT ?`).all(
        mcSeqno,
        count,
      ) as Row[]
    ).map((r) => ({ account: r.account as string, balance: BigInt(r.balance as string) }));
    const ahead = this.q('SELECT account FROM account_balances WHERE mc_seqno > ?').pluck().all(mcSeqno) as string[];
    return { committed, ahead };
  }

  async findTokenRows<L extends TokenList>(list: L, page: ListPage): Promise<TokenRowOf<L['table']>[]> {
    const args: unknown[] = [];
    const sql = tokenListSql(list, page, { arg: (v) => (args.push(v), '?'), engine: 'sqlite' });
    return (this.q(sql).all(...args) as Row[]).map((r) => tokenRowFromRow(list.table, r) as TokenRowOf<L['table']>);
  }

  async findTokensAhead(table: StateTableKey, mcSeqno: number): Promise<string[]> {
    const args: unknown[] = [];
    const sql = tokenAheadSql(table, mcSeqno, { arg: (v) => (args.push(v), '?') });
    return this.q(sql)
      .pluck()
      .all(...args) as string[];
  }

  async getTokenInfos(accounts: string[]): Promise<TokenInfoRecord[]> {
    const stmt = this.q('SELECT * FROM token_info WHERE account = ?');
    const out: TokenInfoRecord[] = [];
    for (const a of new Set(accounts)) {
      for (const r of stmt.all(a) as Row[]) out.push(tokenInfoFromRow(r));
    }
    return out;
  }

  async getBalanceChanges(scope: { traceId: Buffer } | { actionId: Buffer }): Promise<BalanceChangesRecord | null> {
    let txs: TransactionRecord[];
    if ('traceId' in scope) {
      txs = this.assemble(
        this.q('SELECT * FROM transactions WHERE trace_id = ? ORDER BY lt, hash').all(scope.traceId) as Row[],
      );
      if (txs.length === 0) return null;
    } else {
      const row = this.q('SELECT * FROM actions WHERE action_id = ?').get(scope.actionId) as Row | undefined;
      if (!row) return null;
      txs = await this.getTransactions(actionFromRow(row).transactions);
    }
    const accounts = [...new Set(txs.map((t) => t.account))];
    return balanceChanges(txs, jettonWalletIdentities(await this.getTokenInfos(accounts)));
  }

  /** Kept once found: `npm run sandbox` makes its tables before anything reads the ledger, and never drops them. */
  private sandbox: SqliteSandboxRuns | null = null;

  async sandboxRuns(): Promise<SqliteSandboxRuns | null> {
    if (!this.sandbox && hasSandboxTables(this.db)) this.sandbox = new SqliteSandboxRuns(this.db);
    return this.sandbox;
  }

  async getShardAccount(account: string): Promise<Buffer | null> {
    const boc = this.q('SELECT shard_account FROM producer_accounts WHERE account = ?').pluck().get(account);
    // deflated since schema version 7 (sqlite-schema-v7.ts)
    return boc ? decodeBoc(boc as Buffer) : null;
  }

  async getQueuedMessages(limit: number): Promise<QueuedMessage[]> {
    const rows = this.q(QUEUED_MESSAGES_SQL.replace('$1', '?')).all(limit) as Record<string, unknown>[];
    return rows.map(queuedMessage);
  }

  async latestMasterchainSeqno(): Promise<number | null> {
    // the masterchain has one shard: naming it makes this the last entry of the primary key, read
    // in one step (max() over the workchain alone walks all its blocks; every request asks this)
    const v = this.q('SELECT seqno FROM blocks WHERE workchain = -1 AND shard = ? ORDER BY seqno DESC LIMIT 1')
      .pluck()
      .get(MASTERCHAIN_SHARD);
    return v === null || v === undefined ? null : num(v);
  }

  async getTracesByIds(traceIds: Buffer[]): Promise<TraceRecord[]> {
    return this.inList('SELECT * FROM traces WHERE trace_id IN', traceIds).map((r) => this.trace(r));
  }

  async getUncommittedShardBlocks(mcSeqno: number): Promise<BlockRecord[]> {
    const rows = this.q(
      'SELECT * FROM blocks WHERE mc_seqno > ? AND workchain != -1 ORDER BY mc_seqno, workchain, shard, seqno',
    ).all(mcSeqno) as Row[];
    return rows.map((r) => this.block(r));
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  /**
   * Rows of `sqlPrefix (?, ?, …)` for any number of keys, in chunks whose sizes come from a fixed
   * set (the last key repeated to fill one), so the statement cache stays small whatever the page size.
   */
  private inList(sqlPrefix: string, keys: readonly unknown[]): Row[] {
    const out: Row[] = [];
    for (let i = 0; i < keys.length; i += IN_CHUNK) {
      const chunk = keys.slice(i, i + IN_CHUNK);
      const size = IN_SIZES.find((n) => n >= chunk.length)!;
      while (chunk.length < size) chunk.push(chunk[chunk.length - 1]);
      out.push(...(this.q(`${sqlPrefix} (${marks(chunk)})`).all(...chunk) as Row[]));
    }
    return out;
  }

  /**
   * Full records of a page of transaction rows, with a constant number of queries per page (not per
   * row): their messages, account states, message contents and each message's other end.
   */
  private assemble(txRows: Row[]): TransactionRecord[] {
    if (txRows.length === 0) return [];
    const hex = (b: Buffer) => b.toString('hex');
    const msgsByTx = new Map<string, Row[]>();
    for (const m of this.inList(
      'SELECT * FROM messages WHERE tx_hash IN',
      txRows.map((r) => r.hash),
    )) {
      const k = hex(blob(m.tx_hash));
      const list = msgsByTx.get(k);
      if (list) list.push(m);
      else msgsByTx.set(k, [m]);
    }
    const allMsgs = [...msgsByTx.values()].flat();
    const stateHashes = new Map<string, Buffer>();
    for (const r of txRows) {
      for (const h of [blob(r.state_before), blob(r.state_after)]) stateHashes.set(hex(h), h);
    }
    const states = new Map<string, Row>();
    for (const r of this.inList('SELECT * FROM account_states WHERE hash IN', [...stateHashes.values()]))
      states.set(hex(blob(r.hash)), r);
    // The other end of each message: the transaction that received (`in`) or sent (`out`) it; and
    // the row that keeps the message's own columns (the receiver's copy leaves them to the sender's).
    const msgHashes = new Map<string, Buffer>();
    for (const m of allMsgs) msgHashes.set(hex(blob(m.msg_hash)), blob(m.msg_hash));
    const { ends, payloads } = messageEnds(
      this.inList('SELECT * FROM messages WHERE msg_hash IN', [...msgHashes.values()]),
    );
    const contentHashes = new Map<string, Buffer>();
    for (const m of [...allMsgs, ...payloads.values()]) {
      contentHashes.set(hex(blob(m.body_hash)), blob(m.body_hash));
      const init = optBlob(m.init_state_hash);
      if (init) contentHashes.set(hex(init), init);
    }
    const contents = new Map<string, Buffer>();
    for (const r of this.inList('SELECT hash, boc FROM message_contents WHERE hash IN', [...contentHashes.values()]))
      // deflated since schema version 7 (sqlite-schema-v7.ts)
      contents.set(hex(blob(r.hash)), decodeBoc(blob(r.boc)));
    return transactionsFromRows(txRows, { messages: msgsByTx, states, contents, ends, payloads });
  }
}

/** The body hash, opcode and direction conditions of a message filter, as ` AND ...` clauses. */
function messageConditions(filter: MessageFilter): { rest: string; args: unknown[] } {
  let rest = '';
  const args: unknown[] = [];
  if (filter.bodyHash) {
    rest += ' AND body_hash = ?';
    args.push(filter.bodyHash);
  }
  if (filter.opcode !== undefined) {
    rest += ' AND opcode = ?';
    args.push(filter.opcode);
  }
  if (filter.direction) {
    rest += ' AND direction = ?';
    args.push(filter.direction);
  }
  return { rest, args };
}
