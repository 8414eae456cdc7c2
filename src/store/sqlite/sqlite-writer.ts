import type Database from 'better-sqlite3';
import type { LedgerWriter } from '../interface';
import { cellsOfState } from '../account-cells';
import { accountKey } from '../account-key';
import { encodeAction, encodeBoc, encodeDescription } from '../compact';
import { holdsMessagePayload } from '../message-payload';
import { BALANCE_UPSERT, balanceKey, tokenIsCurrent } from '../account-balances';
import { PRODUCER_POSITION_KEY } from '../ledger-meta';
import { INBOUND_OUTCOME_SQL, inboundOutcomeArgs, type InboundOutcome } from '../inbound';
import { tokenWrites } from '../token-tables';
import { insertTokenRows } from './sqlite-schema';
import type { AccountStateRecord, LedgerBatch, MessageRecord, TraceRecord, TransactionRecord } from '../records';

const bool = (b: boolean | null) => (b === null ? null : b ? 1 : 0);
const dec = (v: bigint | null) => (v === null ? null : v.toString());
/** A message's account as `messages` keeps it (account-key.ts). */
const key = (account: string | null) => (account === null ? null : accountKey(account));

/** The message's own columns (MESSAGE_PAYLOAD_COLUMNS), for the row that keeps them. */
const messagePayload = (m: MessageRecord) => ({
  destination: key(m.destination),
  value: dec(m.value),
  fwdFee: dec(m.fwdFee),
  ihrFee: dec(m.ihrFee),
  importFee: dec(m.importFee),
  createdLt: m.createdLt,
  createdAt: m.createdAt,
  bounce: bool(m.bounce),
  bounced: bool(m.bounced),
  ihrDisabled: bool(m.ihrDisabled),
  initStateHash: m.initState?.hash ?? null,
  comment: m.comment,
});
const NO_PAYLOAD: Record<keyof ReturnType<typeof messagePayload>, null> = {
  destination: null,
  value: null,
  fwdFee: null,
  ihrFee: null,
  importFee: null,
  createdLt: null,
  createdAt: null,
  bounce: null,
  bounced: null,
  ihrDisabled: null,
  initStateHash: null,
  comment: null,
};

/** Writes whole batches in one SQLite transaction each: a crash mid-batch leaves the previous ledger. */
export class SqliteLedgerWriter implements LedgerWriter {
  private readonly insertBlock;
  private readonly insertShardState;
  private readonly insertTx;
  private readonly insertMessage;
  private readonly insertContent;
  private readonly insertState;
  private readonly upsertBalance;
  private readonly insertCell;
  private readonly upsertTrace;
  private readonly deleteTraceAccounts;
  private readonly insertTraceAccount;
  private readonly deleteActions;
  private readonly insertAction;
  private readonly upsertAccount;
  private readonly upsertToken;
  private readonly newestTx;
  private readonly putMeta;
  private readonly upsertProducerAccount;
  private readonly inboundOutcome: Record<InboundOutcome['state'], Database.Statement>;
  private readonly write: (batch: LedgerBatch) => void;

  constructor(private readonly db: Database.Database) {
    this.insertBlock = db.prepare(`INSERT OR REPLACE INTO blocks VALUES
      (@workchain, @shard, @seqno, @rootHash, @fileHash, @mcSeqno, @genUtime, @startLt, @endLt, @txCount, @globalId,
       @prevBlocks, @afterSplit, @beforeSplit, @afterMerge, @wantSplit, @wantMerge, @keyBlock)`);
    this.insertShardState = db.prepare('INSERT OR REPLACE INTO shard_state VALUES (?, ?, ?, ?)');
    this.insertTx = db.prepare(`INSERT OR REPLACE INTO transactions VALUES
      (@hash, @lt, @account, @workchain, @shard, @blockSeqno, @mcSeqno, @now, @origStatus, @endStatus, @totalFees,
       @totalFeesExtra, @description, @boc, @prevTransHash, @prevTransLt, @stateBefore, @stateAfter, @traceId, @traceExternalHash)`);
    this.insertMessage = db.prepare(`INSERT OR REPLACE INTO messages VALUES
      (@txHash, @direction, @position, @hash, @hashNorm, @txLt, @txAccount, @source, @destination, @value, @valueExtra,
       @fwdFee, @ihrFee, @importFee, @createdLt, @createdAt, @opcode, @bounce, @bounced, @ihrDisabled, @bodyHash,
       @initStateHash, @comment)`);
    this.insertContent = db.prepare('INSERT OR IGNORE INTO message_contents VALUES (?, ?)');
    this.insertState = db.prepare('INSERT OR IGNORE INTO account_states VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    this.upsertBalance = db.prepare(`INSERT INTO account_balances VALUES (?, ?, ?, ?) ${BALANCE_UPSERT}`);
    this.newestTx = db.prepare('SELECT mc_seqno, lt FROM account_balances WHERE account = ?');
    this.insertCell = db.prepare('INSERT OR IGNORE INTO account_cells VALUES (?, ?)');
    this.upsertTrace = db.prepare(`INSERT OR REPLACE INTO traces VALUES
      (@traceId, @externalHash, @externalHashNorm, @startLt, @endLt, @startUtime, @endUtime, @mcSeqnoStart, @mcSeqnoEnd,
       @transactions, @messages, @pendingMessages, @state, @classificationState)`);
    this.deleteTraceAccounts = db.prepare('DELETE FROM trace_accounts WHERE trace_id = ?');
    this.insertTraceAccount = db.prepare('INSERT OR IGNORE INTO trace_accounts VALUES (?, ?, ?, ?)');
    this.deleteActions = db.prepare('DELETE FROM actions WHERE trace_id = ?');
    this.insertAction = db.prepare('INSERT OR REPLACE INTO actions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    this.upsertAccount = db.prepare('INSERT OR REPLACE INTO accounts VALUES (?, ?, ?, ?)');
    this.upsertToken = db.prepare('INSERT OR REPLACE INTO token_info VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    this.putMeta = db.prepare(
      'INSERT INTO ledger_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    this.upsertProducerAccount =
      db.prepare(`INSERT INTO producer_accounts VALUES (?, ?, ?) ON CONFLICT (account) DO UPDATE
      SET state_hash = excluded.state_hash, shard_account = excluded.shard_account`);
    this.inboundOutcome = {
      taken: db.prepare(INBOUND_OUTCOME_SQL.taken),
      refused: db.prepare(INBOUND_OUTCOME_SQL.refused),
    };
    this.write = db.transaction((batch: LedgerBatch) => this.writeUnsafe(batch));
  }

  // better-sqlite3 commits synchronously: the batch is on disk when the promise is made.
  async writeBatch(batch: LedgerBatch): Promise<void> {
    this.write(batch);
  }

  /**
   * The same, throwing rather than rejecting: inside a transaction of the caller's on the same
   * connection (`db.transaction`), the batch becomes a savepoint of it, committed with the caller's
   * own rows or not at all (the sandbox receiver's run records, src/sandbox/run-store.ts).
   */
  writeBatchSync(batch: LedgerBatch): void {
    this.write(batch);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private writeUnsafe(batch: LedgerBatch): void {
    for (const b of batch.blocks) {
      this.insertBlock.run({
        ...b,
        prevBlocks: JSON.stringify(
          b.prevBlocks.map((p) => ({ workchain: p.workchain, shard: p.shard.toString(), seqno: p.seqno })),
        ),
        afterSplit: bool(b.afterSplit),
        beforeSplit: bool(b.beforeSplit),
        afterMerge: bool(b.afterMerge),
        wantSplit: bool(b.wantSplit),
        wantMerge: bool(b.wantMerge),
        keyBlock: bool(b.keyBlock),
        shards: undefined,
      });
      for (const s of b.shards ?? []) this.insertShardState.run(b.seqno, s.workchain, s.shard, s.seqno);
    }
    for (const tx of batch.transactions) this.writeTransaction(tx);
    for (const trace of batch.traces) this.writeTrace(trace);
    const tracesWithActions = new Set<string>();
    for (const a of batch.actions) {
      const key = a.traceId.toString('hex');
      if (!tracesWithActions.has(key)) {
        tracesWithActions.add(key);
        this.deleteActions.run(a.traceId);
      }
    }
    batch.actions.forEach((a, position) => {
      this.insertAction.run(
        a.actionId,
        a.traceId,
        position,
        a.type,
        a.parentActionId,
        a.success ? 1 : 0,
        a.startLt,
        a.endLt,
        a.startUtime,
        a.endUtime,
        encodeAction(
          a.transactions.map((h) => h.toString('base64')),
          a.accounts,
          a.details,
        ),
      );
    });
    for (const acc of batch.accounts) {
      this.upsertAccount.run(acc.account, acc.codeHash, JSON.stringify(acc.interfaces), acc.status);
    }
    for (const [key, value] of Object.entries(batch.meta ?? {})) this.putMeta.run(key, value);
    if (batch.checkpoint) {
      for (const a of batch.checkpoint.accounts)
        this.upsertProducerAccount.run(a.account, a.stateHash, encodeBoc(a.shardAccount));
      this.putMeta.run(PRODUCER_POSITION_KEY, batch.checkpoint.position);
    }
    // what the producer did with the messages the service accepted: in the batch whose position holds them
    for (const o of batch.inbound ?? []) this.inboundOutcome[o.state].run(...inboundOutcomeArgs(o));
    if (batch.tokenRows) {
      for (const w of tokenWrites(batch.tokenRows, 'sqlite')) insertTokenRows(this.db, w);
    }
    for (const t of batch.tokens) {
      const newest = this.newestTx.get(t.account) as { mc_seqno: number | bigint; lt: number | bigint } | undefined;
      if (!tokenIsCurrent(t, newest ? { mcSeqno: Number(newest.mc_seqno), lt: BigInt(newest.lt) } : null)) continue;
      this.upsertToken.run(
        t.account,
        t.type,
        t.name,
        t.symbol,
        t.decimals,
        t.description,
        t.image,
        JSON.stringify(t.extra),
      );
    }
  }

  private writeState(s: AccountStateRecord): void {
    this.insertState.run(
      s.hash,
      s.account,
      s.balance.toString(),
      s.status,
      s.codeHash,
      s.dataHash,
      s.frozenHash,
      s.lastTransLt,
    );
    // cells and message contents deflated (compact.ts), since schema version 7
    for (const c of cellsOfState(s)) this.insertCell.run(c.hash, encodeBoc(c.boc));
  }

  private writeTransaction(tx: TransactionRecord): void {
    this.writeState(tx.stateBefore);
    this.writeState(tx.stateAfter);
    this.upsertBalance.run(tx.account, balanceKey(tx.stateAfter.balance), tx.lt, tx.mcSeqno);
    this.insertTx.run({
      hash: tx.hash,
      lt: tx.lt,
      account: tx.account,
      workchain: tx.block.workchain,
      shard: tx.block.shard,
      blockSeqno: tx.block.seqno,
      mcSeqno: tx.mcSeqno,
      now: tx.now,
      origStatus: tx.origStatus,
      endStatus: tx.endStatus,
      totalFees: tx.totalFees.toString(),
      totalFeesExtra: JSON.stringify(tx.totalFeesExtraCurrencies),
      description: encodeDescription(tx.description),
      boc: encodeBoc(tx.boc),
      prevTransHash: tx.prevTransHash,
      prevTransLt: tx.prevTransLt,
      stateBefore: tx.stateBefore.hash,
      stateAfter: tx.stateAfter.hash,
      traceId: tx.traceId,
      traceExternalHash: tx.traceExternalHash,
    });
    if (tx.inMsg) this.writeMessage(tx, tx.inMsg, 'in', 0);
    tx.outMsgs.forEach((m, i) => this.writeMessage(tx, m, 'out', i));
  }

  private writeMessage(tx: TransactionRecord, m: MessageRecord, direction: 'in' | 'out', position: number): void {
    this.insertContent.run(m.body.hash, encodeBoc(m.body.boc));
    if (m.initState) this.insertContent.run(m.initState.hash, encodeBoc(m.initState.boc));
    const own = holdsMessagePayload(direction, m.source, m.outMsgTxHash);
    this.insertMessage.run({
      txHash: tx.hash,
      direction,
      position,
      hash: m.hash,
      hashNorm: m.hashNorm,
      txLt: tx.lt,
      txAccount: accountKey(tx.account),
      source: key(m.source),
      valueExtra: JSON.stringify(m.valueExtraCurrencies),
      opcode: m.opcode,
      bodyHash: m.body.hash,
      ...(own ? messagePayload(m) : NO_PAYLOAD),
    });
  }

  private writeTrace(t: TraceRecord): void {
    this.upsertTrace.run({ ...t, accounts: undefined });
    this.deleteTraceAccounts.run(t.traceId);
    // Only completed traces are listed by traces?account=, so pending ones get no rows yet.
    if (t.state === 'complete') {
      for (const account of new Set(t.accounts)) this.insertTraceAccount.run(account, t.endLt, t.traceId, t.endUtime);
    }
  }
}
