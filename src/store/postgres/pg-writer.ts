import type { Pool, PoolClient } from 'pg';
import { INBOUND_OUTCOME_SQL, inboundOutcomeArgs } from '../inbound';
import type { AccountStateRecord, LedgerBatch, MessageRecord, TransactionRecord } from '../records';
import { cellsOfState } from '../account-cells';
import { encodeAction, encodeBoc, encodeDescription } from '../compact';
import { BALANCE_UPSERT, balanceKey, tokenIsCurrent } from '../account-balances';
import { holdsMessagePayload } from '../message-payload';
import { PRODUCER_POSITION_KEY } from '../ledger-meta';
import type { PartitionKeeper } from './pg-partitions';
import { tokenWrites } from '../token-tables';
import { insertTokenRows } from './pg-schema';

type Col = readonly [name: string, type: string];
type Value = Buffer | string | number | bigint | boolean | null;

/**
 * One multi-row statement per table: each column travels as one array parameter and `unnest` turns
 * the arrays back into rows, so a batch of any size is a handful of round trips. `conflict` is the
 * statement's ON CONFLICT clause: SQLite's INSERT OR REPLACE / OR IGNORE, restated.
 */
async function insertRows(
  client: PoolClient,
  table: string,
  cols: readonly Col[],
  rows: readonly Value[][],
  conflict: string,
): Promise<void> {
  if (rows.length === 0) return;
  const arrays = cols.map((_, i) => rows.map((r) => r[i] ?? null));
  const names = cols.map(([n]) => n).join(', ');
  const params = cols.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  await client.query(`INSERT INTO ${table} (${names}) SELECT * FROM unnest(${params}) ${conflict}`, arrays);
}

/** `ON CONFLICT (key) DO UPDATE SET` every other column: INSERT OR REPLACE. */
const replace = (cols: readonly Col[], key: readonly string[]) =>
  `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${cols
    .map(([n]) => n)
    .filter((n) => !key.includes(n))
    .map((n) => `${n} = excluded.${n}`)
    .join(', ')}`;

const IGNORE = 'ON CONFLICT DO NOTHING';

/**
 * One statement may not touch a row twice, while SQLite's INSERT OR REPLACE applied one after the
 * other lets the last record of a key win: keep the last row of each key, in first-seen order.
 */
function lastByKey(rows: Value[][], keyLen: number): Value[][] {
  const out = new Map<string, Value[]>();
  for (const r of rows) {
    const k = r
      .slice(0, keyLen)
      .map((v) => (Buffer.isBuffer(v) ? v.toString('hex') : String(v)))
      .join('|');
    out.set(k, r);
  }
  return [...out.values()];
}

const BLOCK_COLS: Col[] = [
  ['workchain', 'integer'],
  ['shard', 'bigint'],
  ['seqno', 'integer'],
  ['root_hash', 'bytea'],
  ['file_hash', 'bytea'],
  ['mc_seqno', 'integer'],
  ['gen_utime', 'bigint'],
  ['start_lt', 'bigint'],
  ['end_lt', 'bigint'],
  ['tx_count', 'integer'],
  ['global_id', 'integer'],
  ['prev_blocks', 'text'],
  ['after_split', 'boolean'],
  ['before_split', 'boolean'],
  ['after_merge', 'boolean'],
  ['want_split', 'boolean'],
  ['want_merge', 'boolean'],
  ['key_block', 'boolean'],
];
const SHARD_STATE_COLS: Col[] = [
  ['mc_seqno', 'integer'],
  ['workchain', 'integer'],
  ['shard', 'bigint'],
  ['seqno', 'integer'],
];
const TX_COLS: Col[] = [
  ['hash', 'bytea'],
  ['mc_seqno', 'integer'],
  ['lt', 'bigint'],
  ['account', 'text'],
  ['workchain', 'integer'],
  ['shard', 'bigint'],
  ['block_seqno', 'integer'],
  ['now', 'bigint'],
  ['orig_status', 'text'],
  ['end_status', 'text'],
  ['total_fees', 'text'],
  ['total_fees_extra', 'text'],
  ['description', 'bytea'],
  ['boc', 'bytea'],
  ['prev_trans_hash', 'bytea'],
  ['prev_trans_lt', 'bigint'],
  ['state_before', 'bytea'],
  ['state_after', 'bytea'],
  ['trace_id', 'bytea'],
  ['trace_external_hash', 'bytea'],
];
const MSG_COLS: Col[] = [
  ['tx_hash', 'bytea'],
  ['direction', 'text'],
  ['position', 'integer'],
  ['mc_seqno', 'integer'],
  ['msg_hash', 'bytea'],
  ['hash_norm', 'bytea'],
  ['tx_lt', 'bigint'],
  ['tx_account', 'text'],
  ['source', 'text'],
  ['destination', 'text'],
  ['value', 'text'],
  ['value_extra', 'text'],
  ['fwd_fee', 'text'],
  ['ihr_fee', 'text'],
  ['import_fee', 'text'],
  ['created_lt', 'bigint'],
  ['created_at', 'bigint'],
  ['opcode', 'integer'],
  ['bounce', 'boolean'],
  ['bounced', 'boolean'],
  ['ihr_disabled', 'boolean'],
  ['body_hash', 'bytea'],
  ['init_state_hash', 'bytea'],
  ['comment', 'text'],
];
const CONTENT_COLS: Col[] = [
  ['hash', 'bytea'],
  ['mc_seqno', 'integer'],
  ['boc', 'bytea'],
];
const STATE_COLS: Col[] = [
  ['hash', 'bytea'],
  ['mc_seqno', 'integer'],
  ['account', 'text'],
  ['balance', 'text'],
  ['status', 'text'],
  ['code_hash', 'bytea'],
  ['data_hash', 'bytea'],
  ['frozen_hash', 'bytea'],
  ['last_trans_lt', 'bigint'],
];
const CELL_COLS: Col[] = [
  ['hash', 'bytea'],
  ['boc', 'bytea'],
];
const BALANCE_COLS: Col[] = [
  ['account', 'text'],
  ['balance', 'text'],
  ['lt', 'bigint'],
  ['mc_seqno', 'integer'],
];
const TRACE_COLS: Col[] = [
  ['trace_id', 'bytea'],
  ['mc_seqno_start', 'integer'],
  ['external_hash', 'bytea'],
  ['external_hash_norm', 'bytea'],
  ['start_lt', 'bigint'],
  ['end_lt', 'bigint'],
  ['start_utime', 'bigint'],
  ['end_utime', 'bigint'],
  ['mc_seqno_end', 'integer'],
  ['transactions', 'integer'],
  ['messages', 'integer'],
  ['pending_messages', 'integer'],
  ['state', 'text'],
  ['classification_state', 'text'],
];
const TRACE_ACCOUNT_COLS: Col[] = [
  ['account', 'text'],
  ['end_lt', 'bigint'],
  ['trace_id', 'bytea'],
  ['mc_seqno', 'integer'],
  ['end_utime', 'bigint'],
];
const ACTION_COLS: Col[] = [
  ['action_id', 'bytea'],
  ['mc_seqno', 'integer'],
  ['trace_id', 'bytea'],
  ['position', 'integer'],
  ['type', 'text'],
  ['parent_action_id', 'bytea'],
  ['success', 'boolean'],
  ['start_lt', 'bigint'],
  ['end_lt', 'bigint'],
  ['start_utime', 'bigint'],
  ['end_utime', 'bigint'],
  ['body', 'bytea'],
];
const ACCOUNT_COLS: Col[] = [
  ['account', 'text'],
  ['code_hash', 'bytea'],
  ['interfaces', 'text'],
  ['status', 'text'],
];
const TOKEN_COLS: Col[] = [
  ['account', 'text'],
  ['type', 'text'],
  ['name', 'text'],
  ['symbol', 'text'],
  ['decimals', 'integer'],
  ['description', 'text'],
  ['image', 'text'],
  ['extra', 'text'],
];
const META_COLS: Col[] = [
  ['key', 'text'],
  ['value', 'text'],
];
const PRODUCER_ACCOUNT_COLS: Col[] = [
  ['account', 'text'],
  ['state_hash', 'bytea'],
  ['shard_account', 'bytea'],
];

const dec = (v: bigint | null) => (v === null ? null : v.toString());

/**
 * Writes each batch in one PostgreSQL transaction: a reader (or a replica) sees the ledger before the
 * batch or after it, never a half-applied block, and a writer killed mid-batch leaves the previous
 * ledger. Batches are written one after the other, in the order they were handed over.
 */
export class PgLedgerWriter {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly pool: Pool,
    private readonly partitions: PartitionKeeper,
  ) {}

  /** The store closes the connections. */
  close(): void {}

  writeBatch(batch: LedgerBatch): Promise<void> {
    const run = this.queue.then(() => this.writeNow(batch));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async writeNow(batch: LedgerBatch): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      try {
        await this.writeRows(client, batch);
        await client.query('COMMIT');
        this.partitions.committed();
      } catch (error) {
        this.partitions.rolledBack();
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    } finally {
      client.release();
    }
  }

  private async writeRows(client: PoolClient, batch: LedgerBatch): Promise<void> {
    const traceStart = new Map<string, number>();
    for (const t of batch.traces) traceStart.set(t.traceId.toString('hex'), t.mcSeqnoStart);
    await this.resolveActionTraces(client, batch, traceStart);
    await this.partitions.ensure(client, [
      ...batch.transactions.map((t) => t.mcSeqno),
      ...traceStart.values(),
      ...batch.blocks.map((b) => b.mcSeqno),
    ]);

    const blocks: Value[][] = [];
    const shardState: Value[][] = [];
    for (const b of batch.blocks) {
      const prev = JSON.stringify(
        b.prevBlocks.map((p) => ({ workchain: p.workchain, shard: p.shard.toString(), seqno: p.seqno })),
      );
      blocks.push([
        b.workchain,
        b.shard,
        b.seqno,
        b.rootHash,
        b.fileHash,
        b.mcSeqno,
        b.genUtime,
        b.startLt,
        b.endLt,
        b.txCount,
        b.globalId,
        prev,
        b.afterSplit,
        b.beforeSplit,
        b.afterMerge,
        b.wantSplit,
        b.wantMerge,
        b.keyBlock,
      ]);
      for (const s of b.shards ?? []) shardState.push([b.seqno, s.workchain, s.shard, s.seqno]);
    }
    await insertRows(
      client,
      'blocks',
      BLOCK_COLS,
      lastByKey(blocks, 3),
      replace(BLOCK_COLS, ['workchain', 'shard', 'seqno']),
    );
    await insertRows(
      client,
      'shard_state',
      SHARD_STATE_COLS,
      lastByKey(shardState, 3),
      replace(SHARD_STATE_COLS, ['mc_seqno', 'workchain', 'shard']),
    );

    const txs: Value[][] = [];
    const msgs: Value[][] = [];
    const contents: Value[][] = [];
    const states: Value[][] = [];
    const cells: Value[][] = [];
    // each account's newest state's balance in the batch (one statement may not touch a row twice)
    const balances = new Map<string, { lt: bigint; row: Value[] }>();
    const state = (s: AccountStateRecord, mc: number) => {
      for (const c of cellsOfState(s)) cells.push([c.hash, c.boc]);
      states.push([
        s.hash,
        mc,
        s.account,
        s.balance.toString(),
        s.status,
        s.codeHash,
        s.dataHash,
        s.frozenHash,
        s.lastTransLt,
      ]);
    };
    const message = (tx: TransactionRecord, m: MessageRecord, direction: 'in' | 'out', position: number) => {
      contents.push([m.body.hash, tx.mcSeqno, m.body.boc]);
      if (m.initState) contents.push([m.initState.hash, tx.mcSeqno, m.initState.boc]);
      // the receiver's copy of an internal message leaves the message's own columns to the sender's
      const own = holdsMessagePayload(direction, m.source, m.outMsgTxHash);
      const p = <T>(v: T) => (own ? v : null);
      msgs.push([
        tx.hash,
        direction,
        position,
        tx.mcSeqno,
        m.hash,
        m.hashNorm,
        tx.lt,
        tx.account,
        m.source,
        p(m.destination),
        p(dec(m.value)),
        JSON.stringify(m.valueExtraCurrencies),
        p(dec(m.fwdFee)),
        p(dec(m.ihrFee)),
        p(dec(m.importFee)),
        p(m.createdLt),
        p(m.createdAt),
        m.opcode,
        p(m.bounce),
        p(m.bounced),
        p(m.ihrDisabled),
        m.body.hash,
        p(m.initState?.hash ?? null),
        p(m.comment),
      ]);
    };
    for (const tx of batch.transactions) {
      state(tx.stateBefore, tx.mcSeqno);
      state(tx.stateAfter, tx.mcSeqno);
      const newest = balances.get(tx.account);
      if (!newest || tx.lt > newest.lt)
        balances.set(tx.account, {
          lt: tx.lt,
          row: [tx.account, balanceKey(tx.stateAfter.balance), tx.lt, tx.mcSeqno],
        });
      txs.push([
        tx.hash,
        tx.mcSeqno,
        tx.lt,
        tx.account,
        tx.block.workchain,
        tx.block.shard,
        tx.block.seqno,
        tx.now,
        tx.origStatus,
        tx.endStatus,
        tx.totalFees.toString(),
        JSON.stringify(tx.totalFeesExtraCurrencies),
        encodeDescription(tx.description),
        encodeBoc(tx.boc),
        tx.prevTransHash,
        tx.prevTransLt,
        tx.stateBefore.hash,
        tx.stateAfter.hash,
        tx.traceId,
        tx.traceExternalHash,
      ]);
      if (tx.inMsg) message(tx, tx.inMsg, 'in', 0);
      tx.outMsgs.forEach((m, i) => message(tx, m, 'out', i));
    }
    await insertRows(client, 'account_states', STATE_COLS, lastByKey(states, 2), IGNORE);
    await insertRows(client, 'account_cells', CELL_COLS, lastByKey(cells, 1), IGNORE);
    await insertRows(
      client,
      'account_balances',
      BALANCE_COLS,
      [...balances.values()].map((b) => b.row),
      BALANCE_UPSERT,
    );
    await insertRows(client, 'message_contents', CONTENT_COLS, lastByKey(contents, 2), IGNORE);
    await insertRows(client, 'transactions', TX_COLS, lastByKey(txs, 2), replace(TX_COLS, ['hash', 'mc_seqno']));
    await insertRows(
      client,
      'messages',
      MSG_COLS,
      lastByKey(msgs, 4),
      replace(MSG_COLS, ['tx_hash', 'direction', 'position', 'mc_seqno']),
    );

    const traces: Value[][] = [];
    const traceAccounts: Value[][] = [];
    for (const t of batch.traces) {
      traces.push([
        t.traceId,
        t.mcSeqnoStart,
        t.externalHash,
        t.externalHashNorm,
        t.startLt,
        t.endLt,
        t.startUtime,
        t.endUtime,
        t.mcSeqnoEnd,
        t.transactions,
        t.messages,
        t.pendingMessages,
        t.state,
        t.classificationState,
      ]);
    }
    // A trace written again replaces its accounts; only completed traces are listed by
    // traces?account=, so pending ones get no rows yet (the last record of a trace decides).
    const lastTraces = new Map(batch.traces.map((t) => [t.traceId.toString('hex'), t]));
    for (const t of lastTraces.values()) {
      if (t.state === 'complete')
        for (const account of new Set(t.accounts))
          traceAccounts.push([account, t.endLt, t.traceId, t.mcSeqnoStart, t.endUtime]);
    }
    await insertRows(
      client,
      'traces',
      TRACE_COLS,
      lastByKey(traces, 2),
      replace(TRACE_COLS, ['trace_id', 'mc_seqno_start']),
    );
    if (lastTraces.size > 0) {
      const ids = [...lastTraces.values()].map((t) => t.traceId);
      await client.query(
        'DELETE FROM trace_accounts WHERE trace_id = ANY($1::bytea[]) AND mc_seqno = ANY($2::integer[])',
        [ids, [...new Set([...lastTraces.values()].map((t) => t.mcSeqnoStart))]],
      );
    }
    await insertRows(client, 'trace_accounts', TRACE_ACCOUNT_COLS, traceAccounts, IGNORE);

    if (batch.actions.length > 0) {
      const ids = new Map(batch.actions.map((a) => [a.traceId.toString('hex'), a.traceId]));
      await client.query('DELETE FROM actions WHERE trace_id = ANY($1::bytea[]) AND mc_seqno = ANY($2::integer[])', [
        [...ids.values()],
        [...new Set([...ids.keys()].map((k) => traceStart.get(k)!))],
      ]);
    }
    // position: the action's place in its batch, as the SQLite writer numbers it
    const actions: Value[][] = batch.actions.map((a, position) => [
      a.actionId,
      traceStart.get(a.traceId.toString('hex'))!,
      a.traceId,
      position,
      a.type,
      a.parentActionId,
      a.success,
      a.startLt,
      a.endLt,
      a.startUtime,
      a.endUtime,
      encodeAction(
        a.transactions.map((h) => h.toString('base64')),
        a.accounts,
        a.details,
      ),
    ]);
    await insertRows(
      client,
      'actions',
      ACTION_COLS,
      lastByKey(actions, 2),
      replace(ACTION_COLS, ['action_id', 'mc_seqno']),
    );

    const accounts: Value[][] = batch.accounts.map((a) => [
      a.account,
      a.codeHash,
      JSON.stringify(a.interfaces),
      a.status,
    ]);
    await insertRows(client, 'accounts', ACCOUNT_COLS, lastByKey(accounts, 1), replace(ACCOUNT_COLS, ['account']));
    const meta: Value[][] = Object.entries(batch.meta ?? {});
    if (batch.checkpoint) {
      const producerAccounts: Value[][] = batch.checkpoint.accounts.map((a) => [
        a.account,
        a.stateHash,
        a.shardAccount,
      ]);
      await insertRows(
        client,
        'producer_accounts',
        PRODUCER_ACCOUNT_COLS,
        lastByKey(producerAccounts, 1),
        replace(PRODUCER_ACCOUNT_COLS, ['account']),
      );
      meta.push([PRODUCER_POSITION_KEY, batch.checkpoint.position]);
    }
    await insertRows(client, 'ledger_meta', META_COLS, lastByKey(meta, 1), replace(META_COLS, ['key']));
    // what the producer did with the messages the service accepted: in the batch whose position holds them
    for (const o of batch.inbound ?? []) {
      let n = 0;
      await client.query(
        INBOUND_OUTCOME_SQL[o.state].replace(/\?/g, () => `$${++n}`),
        inboundOutcomeArgs(o),
      );
    }
    // a token's reading older than its account's newest stored transaction is not written
    const tokenAccounts = [...new Set(batch.tokens.map((t) => t.account))];
    const newest = new Map<string, { mcSeqno: number; lt: bigint }>();
    if (tokenAccounts.length) {
      const r = await client.query<{ account: string; mc_seqno: number; lt: string }>(
        'SELECT account, mc_seqno, lt FROM account_balances WHERE account = ANY($1)',
        [tokenAccounts],
      );
      for (const row of r.rows) newest.set(row.account, { mcSeqno: Number(row.mc_seqno), lt: BigInt(row.lt) });
    }
    const tokens: Value[][] = batch.tokens
      .filter((t) => tokenIsCurrent(t, newest.get(t.account) ?? null))
      .map((t) => [t.account, t.type, t.name, t.symbol, t.decimals, t.description, t.image, JSON.stringify(t.extra)]);
    await insertRows(client, 'token_info', TOKEN_COLS, lastByKey(tokens, 2), replace(TOKEN_COLS, ['account', 'type']));
    if (batch.tokenRows) for (const w of tokenWrites(batch.tokenRows, 'pg')) await insertTokenRows(client, w);
  }

  /** Actions are stored in their trace's partition: a trace classified in an earlier batch is looked up. */
  private async resolveActionTraces(
    client: PoolClient,
    batch: LedgerBatch,
    traceStart: Map<string, number>,
  ): Promise<void> {
    const unknown = [...new Map(batch.actions.map((a) => [a.traceId.toString('hex'), a.traceId])).entries()].filter(
      ([k]) => !traceStart.has(k),
    );
    if (unknown.length === 0) return;
    const r = await client.query<{ trace_id: Buffer; mc_seqno_start: number }>(
      'SELECT trace_id, mc_seqno_start FROM traces WHERE trace_id = ANY($1::bytea[])',
      [unknown.map(([, id]) => id)],
    );
    for (const row of r.rows) traceStart.set(row.trace_id.toString('hex'), row.mc_seqno_start);
    for (const [k] of unknown)
      if (!traceStart.has(k)) throw new Error(`actions of trace ${k} arrived before the trace itself`);
  }
}
