import type { QueryResultRow } from 'pg';
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

const hex = (b: Buffer) => b.toString('hex');

/** A pool (each query on any connection) or one connection inside a snapshot transaction. */
export interface Queryable {
  query<R extends QueryResultRow = Row>(config: {
    text: string;
    values?: unknown[];
    name?: string;
  }): Promise<{ rows: R[] }>;
}

/**
 * Statements are prepared once per connection under a name derived from their text; PostgreSQL
 * keeps each in the backend's memory for the connection's life. The texts follow the request's
 * filters, so past the first MAX_NAMED_STATEMENTS distinct texts a statement runs unnamed (parsed
 * and planned each time, kept by no one): what a client can make the server hold stays bounded.
 */
const MAX_NAMED_STATEMENTS = 512;
const statementNames = new Map<string, string>();
export function statementName(sql: string): string | undefined {
  let n = statementNames.get(sql);
  if (!n && statementNames.size < MAX_NAMED_STATEMENTS) {
    n = `ls${statementNames.size}`;
    statementNames.set(sql, n);
  }
  return n;
}

/**
 * The PostgreSQL twin of the SQLite reader: the same queries in the same orders, with lists of keys
 * as one array parameter (`= ANY($1)`). Bound to a pool, each query sees the newest committed
 * ledger; bound to a connection inside a REPEATABLE READ transaction, all of them see one snapshot.
 */
export class PgLedgerReader extends ComposedReader implements LedgerReader {
  /** The newest masterchain seqno of the snapshot this reader is in, read when it began (`snapshotBegun`). */
  private snapshotLatest: number | null | undefined;

  constructor(private readonly db: Queryable) {
    super();
  }

  /**
   * The snapshot transaction this reader runs in has begun with `LATEST_MC_SQL` (in the same round
   * trip as its BEGIN): its answer is the snapshot's, so `latestMasterchainSeqno` needs no query of
   * its own until `snapshotEnded`.
   */
  snapshotBegun(latest: number | null): void {
    this.snapshotLatest = latest;
  }

  snapshotEnded(): void {
    this.snapshotLatest = undefined;
  }

  /** The connections belong to the store, which closes them. */
  async close(): Promise<void> {}

  private async rows(sql: string, values: unknown[] = []): Promise<Row[]> {
    return (await this.db.query({ name: statementName(sql), text: sql, values })).rows;
  }

  async getBlock(ref: BlockRef): Promise<BlockRecord | null> {
    const [row] = await this.rows('SELECT * FROM blocks WHERE workchain = $1 AND shard = $2 AND seqno = $3', [
      ref.workchain,
      ref.shard,
      ref.seqno,
    ]);
    return row ? blockFromRow(row) : null;
  }

  async getBlockTransactionHashes(
    ref: BlockRef,
    after: { account: string; lt: bigint } | null,
    count: number,
  ): Promise<{ hashes: Buffer[]; incomplete: boolean }> {
    const rows = after
      ? await this.rows(
          // the cursor as a row comparison: an index condition on (workchain, shard, block_seqno,
          // account, lt), where `account > $4 OR (account = $4 AND lt > $5)` is a filter that walks the
          // block from its first transaction on every page (a whole block's walk was quadratic)
          `SELECT hash FROM transactions WHERE workchain = $1 AND shard = $2 AND block_seqno = $3
           AND (account, lt) > ($4::text, $5::bigint) ORDER BY account, lt LIMIT $6`,
          [ref.workchain, ref.shard, ref.seqno, after.account, clampLt(after.lt), count + 1],
        )
      : await this.rows(
          'SELECT hash FROM transactions WHERE workchain = $1 AND shard = $2 AND block_seqno = $3 ORDER BY account, lt LIMIT $4',
          [ref.workchain, ref.shard, ref.seqno, count + 1],
        );
    return { hashes: rows.slice(0, count).map((r) => blob(r.hash)), incomplete: rows.length > count };
  }

  async getMasterchainBlocks(seqno: number): Promise<BlockRecord[] | null> {
    const mc = await this.getBlock({ workchain: -1, shard: -9223372036854775808n, seqno });
    if (!mc) return null;
    const shards = await this.rows(
      `SELECT b.* FROM shard_state s JOIN blocks b ON b.workchain = s.workchain AND b.shard = s.shard AND b.seqno = s.seqno
       WHERE s.mc_seqno = $1 ORDER BY s.workchain, s.shard`,
      [seqno],
    );
    return [mc, ...shards.map(blockFromRow)];
  }

  async getTransactionHashesByMcSeqno(seqno: number, page: Page): Promise<Buffer[]> {
    const dir = page.sort === 'asc' ? 'ASC' : 'DESC';
    const rows = await this.rows(
      `SELECT hash FROM transactions WHERE mc_seqno = $1 ORDER BY lt ${dir}, account ${dir}, hash ${dir} LIMIT $2 OFFSET $3`,
      [seqno, page.limit, page.offset],
    );
    return rows.map((r) => blob(r.hash));
  }

  /** Full records of the given transactions, in the given order (unknown hashes are skipped). */
  async getTransactions(hashes: Buffer[]): Promise<TransactionRecord[]> {
    if (hashes.length === 0) return [];
    return this.assemble(
      inHashOrder(hashes, await this.rows('SELECT * FROM transactions WHERE hash = ANY($1::bytea[])', [hashes])),
    );
  }

  async getTransactionOutcomes(hashes: Buffer[]): Promise<TransactionOutcomeRecord[]> {
    if (hashes.length === 0) return [];
    const sql = `SELECT ${OUTCOME_TRANSACTION_COLUMNS}, mc_seqno FROM transactions WHERE hash = ANY($1::bytea[])`;
    return this.outcomes(inHashOrder(hashes, await this.rows(sql, [hashes])));
  }

  async findTraces(filter: TraceFilter, page: Page): Promise<TraceRecord[]> {
    const dir = page.sort === 'asc' ? 'ASC' : 'DESC';
    const byUtime = filter.startUtime !== undefined || filter.endUtime !== undefined;
    const where: string[] = ["t.state = 'complete'"];
    const args: unknown[] = [];
    const arg = (v: unknown) => {
      args.push(v);
      return `$${args.length}`;
    };
    let from = 'traces t';
    let order = byUtime ? ['t.end_utime', 't.trace_id'] : ['t.end_lt', 't.trace_id'];
    if (filter.accounts?.length === 1 && !byUtime) {
      // one account: walk its trace_accounts rows in index order (account, end_lt, trace_id) and
      // fetch each one's trace, until the page is full. As a plain join the planner misjudges how
      // many rows match two join columns (it multiplies their selectivities) and, for a busy
      // account, hashes every trace and sorts; the fetch is kept apart (OFFSET 0 keeps the planner
      // from merging it into a join) so that it stays a lookup by primary key per row walked.
      from =
        'trace_accounts a CROSS JOIN LATERAL (SELECT * FROM traces x WHERE x.trace_id = a.trace_id AND x.mc_seqno_start = a.mc_seqno OFFSET 0) t';
      where.push(`a.account = ${arg(filter.accounts[0])}`);
      order = ['a.end_lt', 'a.trace_id'];
    } else if (filter.accounts?.length) {
      from = `(SELECT DISTINCT trace_id, mc_seqno FROM trace_accounts WHERE account = ANY(${arg(filter.accounts)}::text[])) a
              JOIN traces t ON t.trace_id = a.trace_id AND t.mc_seqno_start = a.mc_seqno`;
    } else if (filter.traceIds?.length) {
      where.push(`t.trace_id = ANY(${arg(filter.traceIds)}::bytea[])`);
    } else if (filter.txHashes?.length) {
      from = `(SELECT DISTINCT trace_id FROM transactions WHERE hash = ANY(${arg(filter.txHashes)}::bytea[])) a JOIN traces t ON t.trace_id = a.trace_id`;
    } else if (filter.msgHashes?.length) {
      const m = arg(filter.msgHashes);
      from = `(SELECT x.trace_id FROM messages m JOIN transactions x ON x.hash = m.tx_hash AND x.mc_seqno = m.mc_seqno WHERE m.msg_hash = ANY(${m}::bytea[])
               UNION SELECT x.trace_id FROM messages m JOIN transactions x ON x.hash = m.tx_hash AND x.mc_seqno = m.mc_seqno WHERE m.hash_norm = ANY(${m}::bytea[])) a
              JOIN traces t ON t.trace_id = a.trace_id`;
    }
    if (filter.mcSeqno !== undefined) where.push(`t.mc_seqno_end = ${arg(filter.mcSeqno)}`);
    if (filter.startUtime !== undefined) where.push(`t.end_utime >= ${arg(filter.startUtime)}`);
    if (filter.endUtime !== undefined) where.push(`t.end_utime <= ${arg(filter.endUtime)}`);
    if (filter.startLt !== undefined) where.push(`t.end_lt >= ${arg(clampLt(filter.startLt))}`);
    if (filter.endLt !== undefined) where.push(`t.end_lt <= ${arg(clampLt(filter.endLt))}`);
    // the order keys are columns of the page too, so the statement around it keeps their order
    // without sorting again
    const page_ = `SELECT t.*, ${order.map((k, i) => `${k} AS order_${i}`).join(', ')} FROM ${from} WHERE ${where.join(' AND ')}
                   ORDER BY ${order.map((k) => `${k} ${dir}`).join(', ')} LIMIT ${arg(page.limit)} OFFSET ${arg(page.offset)}`;
    return (await this.rows(withTraceAccounts(page_, order.map((_, i) => `p.order_${i} ${dir}`).join(', ')), args)).map(
      traceWithAccounts,
    );
  }

  async getTraceTransactions(traceId: Buffer, max: number): Promise<TransactionRecord[]> {
    return this.assemble(
      await this.rows('SELECT * FROM transactions WHERE trace_id = $1 ORDER BY lt, hash LIMIT $2', [traceId, max]),
    );
  }

  async getTraceTransactionOutcomes(traceId: Buffer, max: number): Promise<TransactionOutcomeRecord[]> {
    const sql = `SELECT ${OUTCOME_TRANSACTION_COLUMNS}, mc_seqno FROM transactions WHERE trace_id = $1 ORDER BY lt, hash LIMIT $2`;
    return this.outcomes(await this.rows(sql, [traceId, max]));
  }

  /** Outcomes of transaction rows: their message rows, by the primary key in the rows' partitions. */
  private async outcomes(txRows: Row[]): Promise<TransactionOutcomeRecord[]> {
    if (txRows.length === 0) return [];
    const msgRows = await this.rows(
      `SELECT ${OUTCOME_MESSAGE_COLUMNS} FROM messages m WHERE m.tx_hash = ANY($1::bytea[]) AND m.mc_seqno = ANY($2::integer[])`,
      [txRows.map((r) => r.hash), [...new Set(txRows.map((r) => num(r.mc_seqno)))]],
    );
    return outcomesFromRows(txRows, msgRows);
  }

  async getActions(traceIds: Buffer[]): Promise<ActionRecord[]> {
    if (traceIds.length === 0) return [];
    const rows = await this.rows(
      'SELECT * FROM actions WHERE trace_id = ANY($1::bytea[]) ORDER BY trace_id, position',
      [traceIds],
    );
    const byTrace = new Map<string, ActionRecord[]>();
    for (const r of rows) {
      const k = hex(blob(r.trace_id));
      const list = byTrace.get(k) ?? [];
      byTrace.set(k, list);
      list.push(actionFromRow(r));
    }
    // in the order the trace ids were asked for, each trace's actions by position
    const out: ActionRecord[] = [];
    for (const id of traceIds) out.push(...(byTrace.get(hex(id)) ?? []));
    return out;
  }

  async getActionsByIds(actionIds: Buffer[]): Promise<ActionRecord[]> {
    if (actionIds.length === 0) return [];
    return (await this.rows('SELECT * FROM actions WHERE action_id = ANY($1::bytea[])', [actionIds])).map(
      actionFromRow,
    );
  }

  async findMessages(filter: MessageListFilter, page: Page): Promise<MessageListRow[]> {
    const lt = async (sql: string, utime: number | undefined) => {
      if (utime === undefined) return undefined;
      const [row] = await this.rows(sql, [utime]);
      return row ? BigInt(row.lt as bigint | string) : null;
    };
    const lts = {
      from: await lt(TIME_LT_SQL.from('$1'), filter.startUtime),
      below: await lt(TIME_LT_SQL.below('$1'), filter.endUtime),
    };
    if (lts.from === null) return [];
    const args: unknown[] = [];
    const arg = (v: unknown) => (args.push(v), `$${args.length}`);
    const sql = messagePageSql(
      filter,
      page,
      { arg, anyOf: (column, values) => `${column} = ANY(${arg(values)}::bytea[])` },
      lts,
    );
    return (await this.rows(sql, args)).map((r) => ({ msgHash: blob(r.msg_hash), txHash: blob(r.tx_hash) }));
  }

  async findTransactionHashes(filter: TransactionFilter, page: Page): Promise<Buffer[]> {
    const args: unknown[] = [];
    const arg = (v: unknown) => (args.push(v), `$${args.length}`);
    const sql = transactionPageSql(filter, page, {
      arg,
      notIn: (column, values) => `${column} <> ALL(${arg(values)}::text[])`,
      orderedArms: true,
    });
    return (await this.rows(sql, args)).map((r) => blob(r.hash));
  }

  async findBlocks(filter: BlockFilter, page: Page): Promise<BlockRecord[]> {
    const args: unknown[] = [];
    const sql = blockPageSql(filter, page, { arg: (v) => (args.push(v), `$${args.length}`) });
    return (await this.rows(sql, args)).map(blockFromRow);
  }

  async findAdjacentTransactionHashes(hash: Buffer, direction: 'in' | 'out' | undefined): Promise<Buffer[]> {
    const args: unknown[] = [];
    const sql = adjacentTransactionsSql(hash, direction, (v) => (args.push(v), `$${args.length}`));
    return (await this.rows(sql, args)).map((r) => blob(r.tx_hash));
  }

  async getPendingTraceIds(): Promise<Buffer[]> {
    return (await this.rows(PENDING_TRACE_IDS_SQL)).map((r) => blob(r.trace_id));
  }

  async findTransactionHashesByMessage(filter: MessageFilter, page: Page): Promise<Buffer[]> {
    const args: unknown[] = [];
    const arg = (v: unknown) => {
      args.push(v);
      return `$${args.length}`;
    };
    if (filter.msgHash) {
      // the message's two rows (sent, received) and the few external messages sharing its
      // normalized hash: two index lookups, deduplicated and ordered by messageHashPage, as in SQLite
      const h = arg(filter.msgHash);
      const rest = messageConditions(filter, arg);
      const rows = (await this.rows(
        `SELECT tx_lt, tx_account, tx_hash FROM messages WHERE msg_hash = ${h}${rest}
         UNION ALL SELECT tx_lt, tx_account, tx_hash FROM messages WHERE hash_norm = ${h} AND msg_hash != ${h}${rest}`,
        args,
      )) as MessageTransactionRow[];
      return messageHashPage(rows, page);
    }
    const dir = page.sort === 'asc' ? 'ASC' : 'DESC';
    const rest = messageConditions(filter, arg);
    // Several messages of one transaction may match (a fan-out sends many with one opcode): each
    // transaction is listed once.
    const sql = `SELECT DISTINCT tx_lt, tx_account, tx_hash FROM messages WHERE true${rest}
                 ORDER BY tx_lt ${dir}, tx_account ${dir}, tx_hash ${dir} LIMIT ${arg(page.limit)} OFFSET ${arg(page.offset)}`;
    return (await this.rows(sql, args)).map((r) => blob(r.tx_hash));
  }

  async getAccountInfos(accounts: string[]): Promise<AccountInfoRecord[]> {
    const unique = [...new Set(accounts)];
    if (unique.length === 0) return [];
    const byAccount = new Map<string, Row>();
    for (const r of await this.rows('SELECT * FROM accounts WHERE account = ANY($1::text[])', [unique]))
      byAccount.set(r.account as string, r);
    const out: AccountInfoRecord[] = [];
    for (const a of unique) {
      const r = byAccount.get(a);
      if (r) out.push(accountInfoFromRow(r));
    }
    return out;
  }

  async getAccountStates(accounts: string[], mcSeqno: number): Promise<AccountSnapshotRecord[]> {
    const unique = [...new Set(accounts)];
    if (unique.length === 0) return [];
    // each account's newest transaction by then (a LATERAL walk of transactions_by_account), its
    // state (the first of its partition copies: they are equal), then the cells those states name
    const found = await this.rows(
      `SELECT a.account, t.hash, t.lt, t.now, t.mc_seqno, t.state_after FROM unnest($1::text[]) AS a(account)
       CROSS JOIN LATERAL (SELECT hash, lt, now, mc_seqno, state_after FROM transactions
         WHERE account = a.account AND mc_seqno <= $2 ORDER BY lt DESC LIMIT 1) t`,
      [unique, mcSeqno],
    );
    if (found.length === 0) return [];
    const states = new Map<string, Row>();
    for (const r of await this.rows(
      'SELECT DISTINCT ON (hash) * FROM account_states WHERE hash = ANY($1::bytea[]) ORDER BY hash, mc_seqno',
      [found.map((t) => t.state_after)],
    ))
      states.set(hex(blob(r.hash)), r);
    const cells = new Map<string, Buffer>();
    const wanted = [...states.values()].flatMap(cellHashesOfRow);
    for (const r of await this.rows('SELECT hash, boc FROM account_cells WHERE hash = ANY($1::bytea[])', [wanted]))
      cells.set(hex(blob(r.hash)), blob(r.boc));
    const byAccount = new Map(found.map((t) => [t.account as string, t]));
    const out: AccountSnapshotRecord[] = [];
    for (const account of unique) {
      const tx = byAccount.get(account);
      if (!tx) continue;
      const state = states.get(hex(blob(tx.state_after)));
      if (!state) throw new Error(`ledger is inconsistent: account state ${hex(blob(tx.state_after))} is missing`);
      out.push(accountSnapshotFromRows(account, tx, state, cells));
    }
    return out;
  }

  async getAccountTransactionHashes(account: string, range: AccountTransactionRange, limit: number) {
    const rows = await this.rows(
      `SELECT hash FROM transactions WHERE account = $1 AND lt <= $2 AND lt > $3 AND mc_seqno <= $4
       ORDER BY lt DESC LIMIT $5`,
      [account, clampLt(range.fromLt ?? MAX_LT), clampLt(range.toLt ?? -1n), range.mcSeqno, limit],
    );
    return rows.map((r) => blob(r.hash));
  }

  async getTopBalances(mcSeqno: number, count: number) {
    const committed = (
      await this.rows(
        `SELECT account, balance FROM account_balances WHERE mc_seqno <= $1 ORDER BY ${BALANCE_ORDER} LIMIT $2`,
        [mcSeqno, count],
      )
    ).map((r) => ({ account: r.account as string, balance: BigInt(r.balance as string) }));
    const ahead = (await this.rows('SELECT account FROM account_balances WHERE mc_seqno > $1', [mcSeqno])).map(
      (r) => r.account as string,
    );
    return { committed, ahead };
  }

  async findTokenRows<L extends TokenList>(list: L, page: ListPage): Promise<TokenRowOf<L['table']>[]> {
    const args: unknown[] = [];
    const sql = tokenListSql(list, page, {
      arg: (v) => (args.push(v), `$${args.length}`),
      orderedArms: true,
      engine: 'pg',
    });
    return (await this.rows(sql, args)).map((r) => tokenRowFromRow(list.table, r) as TokenRowOf<L['table']>);
  }

  async findTokensAhead(table: StateTableKey, mcSeqno: number): Promise<string[]> {
    const args: unknown[] = [];
    const sql = tokenAheadSql(table, mcSeqno, { arg: (v) => (args.push(v), `$${args.length}`) });
    return (await this.rows(sql, args)).map((r) => r.address as string);
  }

  async getTokenInfos(accounts: string[]): Promise<TokenInfoRecord[]> {
    const unique = [...new Set(accounts)];
    if (unique.length === 0) return [];
    const byAccount = new Map<string, Row[]>();
    for (const r of await this.rows('SELECT * FROM token_info WHERE account = ANY($1::text[]) ORDER BY account, type', [
      unique,
    ])) {
      const list = byAccount.get(r.account as string) ?? [];
      byAccount.set(r.account as string, list);
      list.push(r);
    }
    return unique.flatMap((a) => (byAccount.get(a) ?? []).map(tokenInfoFromRow));
  }

  async getBalanceChanges(scope: { traceId: Buffer } | { actionId: Buffer }): Promise<BalanceChangesRecord | null> {
    let txs: TransactionRecord[];
    if ('traceId' in scope) {
      txs = await this.assemble(
        await this.rows('SELECT * FROM transactions WHERE trace_id = $1 ORDER BY lt, hash', [scope.traceId]),
      );
      if (txs.length === 0) return null;
    } else {
      const [row] = await this.rows('SELECT * FROM actions WHERE action_id = $1', [scope.actionId]);
      if (!row) return null;
      txs = await this.getTransactions(actionFromRow(row).transactions);
    }
    const accounts = [...new Set(txs.map((t) => t.account))];
    return balanceChanges(txs, jettonWalletIdentities(await this.getTokenInfos(accounts)));
  }

  async getTracesByIds(traceIds: Buffer[]): Promise<TraceRecord[]> {
    if (traceIds.length === 0) return [];
    return (
      await this.rows(withTraceAccounts('SELECT * FROM traces WHERE trace_id = ANY($1::bytea[])', 'p.trace_id'), [
        traceIds,
      ])
    ).map(traceWithAccounts);
  }

  async getUncommittedShardBlocks(mcSeqno: number): Promise<BlockRecord[]> {
    const rows = await this.rows(
      'SELECT * FROM blocks WHERE mc_seqno > $1 AND workchain <> -1 ORDER BY mc_seqno, workchain, shard, seqno',
      [mcSeqno],
    );
    return rows.map((r) => blockFromRow(r));
  }

  /** `npm run sandbox` writes SQLite only (docs/sandbox.md): a PostgreSQL ledger is never a sandbox ledger. */
  async sandboxRuns(): Promise<null> {
    return null;
  }

  async getShardAccount(account: string): Promise<Buffer | null> {
    const [row] = await this.rows('SELECT shard_account FROM producer_accounts WHERE account = $1', [account]);
    return (row?.shard_account as Buffer | undefined) ?? null;
  }

  async getQueuedMessages(limit: number): Promise<QueuedMessage[]> {
    return (await this.rows(QUEUED_MESSAGES_SQL, [limit])).map(queuedMessage);
  }

  async latestMasterchainSeqno(): Promise<number | null> {
    if (this.snapshotLatest !== undefined) return this.snapshotLatest;
    return latestFromRows(await this.rows(LATEST_MC_SQL));
  }

  /**
   * Full records of a page of transaction rows in two more round trips: every row of every message
   * the page sent or received (its own rows and the other ends), then their account states and
   * message contents together. Each key list is narrowed to the partitions the page's transactions
   * live in (`mc_seqno = ANY`), so the other partitions are pruned at run time.
   */
  private async assemble(txRows: Row[]): Promise<TransactionRecord[]> {
    if (txRows.length === 0) return [];
    const mcs = [...new Set(txRows.map((r) => num(r.mc_seqno)))];
    const pageTxs = new Set(txRows.map((r) => hex(blob(r.hash))));
    // the page's messages with each one's other end: the transaction that received (`in`) or sent
    // (`out`) it, and the row that keeps the message's own columns (the receiver's copy leaves them
    // to the sender's)
    const allRows = await this.rows(
      `SELECT * FROM messages WHERE msg_hash = ANY(ARRAY(SELECT msg_hash FROM messages WHERE tx_hash = ANY($1::bytea[]) AND mc_seqno = ANY($2::integer[])))
       ORDER BY msg_hash, direction, tx_hash`,
      [txRows.map((r) => r.hash), mcs],
    );
    const msgRows = allRows.filter((m) => pageTxs.has(hex(blob(m.tx_hash))) && mcs.includes(num(m.mc_seqno)));
    const msgsByTx = new Map<string, Row[]>();
    for (const m of msgRows) {
      const k = hex(blob(m.tx_hash));
      const list = msgsByTx.get(k);
      if (list) list.push(m);
      else msgsByTx.set(k, [m]);
    }
    const { ends, payloads } = messageEnds(allRows);
    const stateHashes = new Map<string, Buffer>();
    for (const r of txRows) for (const h of [blob(r.state_before), blob(r.state_after)]) stateHashes.set(hex(h), h);
    // every message's body and init state is kept in its receiver's partition too
    const contentHashes = new Map<string, Buffer>();
    for (const m of [...msgRows, ...payloads.values()]) {
      contentHashes.set(hex(blob(m.body_hash)), blob(m.body_hash));
      const init = optBlob(m.init_state_hash);
      if (init) contentHashes.set(hex(init), init);
    }
    // states and contents in one result: a content row is the one with a boc (a state row has none)
    const parts = await this.rows(
      `SELECT hash, NULL::bytea AS boc, account, balance, status, code_hash, data_hash, frozen_hash, last_trans_lt
       FROM account_states WHERE hash = ANY($1::bytea[]) AND mc_seqno = ANY($3::integer[])
       UNION ALL
       SELECT hash, boc, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM message_contents WHERE hash = ANY($2::bytea[]) AND mc_seqno = ANY($3::integer[])`,
      [[...stateHashes.values()], [...contentHashes.values()], mcs],
    );
    const states = new Map<string, Row>();
    const contents = new Map<string, Buffer>();
    for (const r of parts) {
      if (r.boc === null) states.set(hex(blob(r.hash)), r);
      else contents.set(hex(blob(r.hash)), blob(r.boc));
    }
    return transactionsFromRows(txRows, { messages: msgsByTx, states, contents, ends, payloads });
  }
}

/**
 * The newest masterchain seqno: what a snapshot reads first (in its BEGIN's round trip). The
 * masterchain has one shard, named in full so that the primary key (workchain, shard, seqno) gives
 * the newest block in one index probe; with the workchain alone PostgreSQL reads every masterchain
 * block's entry (6 ms at 570,000 transactions, on every request and every streaming poll).
 */
export const LATEST_MC_SQL = 'SELECT max(seqno) AS s FROM blocks WHERE workchain = -1 AND shard = -9223372036854775808';

export function latestFromRows(rows: Row[]): number | null {
  const s = rows[0]?.s;
  return s === null || s === undefined ? null : num(s);
}

/**
 * Trace rows (`sql`, any statement listing traces) with the accounts each completed trace touched
 * as one more column: one statement for the page. The accounts are read for the page's rows only,
 * after its LIMIT and OFFSET (each an index lookup by trace id), and the rows are put back in `order`.
 */
function withTraceAccounts(sql: string, order: string): string {
  return `SELECT p.*, ARRAY(SELECT a.account FROM trace_accounts a WHERE a.trace_id = p.trace_id AND a.mc_seqno = p.mc_seqno_start) AS trace_accounts
          FROM (${sql}) p ORDER BY ${order}`;
}

/**
 * A trace's accounts in the order SQLite lists them (bytes, as the accounts' "C" collation
 * compares): raw addresses are ASCII, where JavaScript's code unit order is byte order.
 */
const traceWithAccounts = (r: Row): TraceRecord =>
  traceFromRow(
    r,
    (r.trace_accounts as string[]).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
  );

/** The body hash, opcode and direction conditions of a message filter, as ` AND ...` clauses. */
function messageConditions(filter: MessageFilter, arg: (v: unknown) => string): string {
  let rest = '';
  if (filter.bodyHash) rest += ` AND body_hash = ${arg(filter.bodyHash)}`;
  if (filter.opcode !== undefined) rest += ` AND opcode = ${arg(filter.opcode)}`;
  if (filter.direction) rest += ` AND direction = ${arg(filter.direction)}`;
  return rest;
}
