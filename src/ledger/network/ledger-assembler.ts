import { Cell, loadShardAccount } from '@ton/core';
import type { LedgerWriter } from '../../store/interface';
import type {
  AccountInfoRecord,
  AccountStateRecord,
  ActionRecord,
  LedgerBatch,
  MessageRecord,
  ProducerAccountRecord,
  TokenInfoWrite,
  TraceRecord,
  TransactionRecord,
} from '../../store/records';
import type { InboundOutcome } from '../../store/inbound';
import { accountStateRecord } from '../../tvm/account-state';
import { BlockProducer } from './block-producer';
import type { EmulatorEvent, EndSlotEvent, TransactionEvent } from './emulator-events';
import type { AssemblerPosition } from '../producer/position';
import { messageCells, messageRecord } from '../../tvm/extract-messages';
import { useNodeSha256 } from './fast-sha256';
import { addTokenRows, emptyTokenRows, tokenTransactionOf } from '../../store/token-rows';

export interface TraceClassifier {
  /** What the address book says of an account in this state. */
  describe(state: AccountStateRecord): AccountInfoRecord;
  /**
   * A jetton's or NFT's metadata (`metadata`'s token_info) as the state a transaction left says it,
   * with where that state stands; null for any other contract. Read for each transaction as it is
   * written, whatever its trace's state: the writer keeps the newest state's.
   */
  tokenOf(tx: TransactionRecord): TokenInfoWrite | null;
  classify(
    trace: { record: TraceRecord; transactions: TransactionRecord[] },
    lookup: (account: string) => AccountInfoRecord | undefined,
  ): { actions: ActionRecord[]; accounts: AccountInfoRecord[] };
}

interface OpenTrace {
  traceId: Buffer;
  externalHash: Buffer | null;
  externalHashNorm: Buffer | null;
  txs: TransactionRecord[];
  mcSeqnoStart: number;
  done: boolean;
  /** A transaction joined it (or it completed) since its record was last written. */
  changed: boolean;
  messages: number;
  /** Its internal messages not delivered yet, by hash: the sending transaction's record of each. */
  inFlight: Map<string, MessageRecord>;
}

const hex = (b: Buffer) => b.toString('hex');

/**
 * The ledger half of the network: turns the emulator's events into ledger records, assembles them
 * into shard and masterchain blocks and traces, classifies finished traces, and writes one batch
 * per slot (a slot = one masterchain block) to the store.
 */
export class LedgerAssembler {
  private producer = new BlockProducer(0);
  private readonly shadow = new Map<string, AccountStateRecord>();
  private readonly accountInfo = new Map<string, AccountInfoRecord>();
  /**
   * Accounts known only by the state a restart loaded, not read yet: reading every account's state
   * (parse, hashes, the classifier) took a restart seconds, growing with the accounts, before the
   * first live block. They are read when first needed, and the rest a few at a time between slots.
   */
  private readonly unread = new Map<string, ProducerAccountRecord>();
  /** Traces not complete yet, by the emulator's id, in the order they started. */
  private readonly openTraces = new Map<number, OpenTrace>();
  private slotTxs: TransactionRecord[] = [];
  private readonly counters = { transactions: 0, traces: 0, blocks: 0 };
  /** The batches handed to the writer, chained: each starts once the one before is committed. */
  private writing: Promise<void> = Promise.resolve();
  /** Accounts changed since the last checkpoint written: saved with the next one. */
  private readonly changed = new Map<string, ProducerAccountRecord>();
  /** Written with the next batch, in the same transaction. */
  nextBatchMeta: Record<string, string> = {};
  /** What became of accepted messages in this slot (inbound.ts), written with its batch. */
  private inbound: InboundOutcome[] = [];
  /**
   * Batches of masterchain blocks up to this seqno are already in the ledger: they are assembled
   * (to rebuild the state) but not written again, except the position they end on.
   */
  skipThrough = -1;
  /** The root hash of the ledger's masterchain block `skipThrough`, which the assembler must make again. */
  skipThroughHash: Buffer | null = null;
  /** Turns the assembler's position at a checkpoint into the document saved with the batch. */
  savePosition: ((position: AssemblerPosition, meta: Record<string, string>) => string) | null = null;

  constructor(
    private writer: LedgerWriter | null,
    private classifier?: TraceClassifier,
  ) {
    // this thread parses and hashes every cell of every transaction and account state
    useNodeSha256();
  }

  /** Classifies every trace that completes from now on. */
  classifyWith(classifier: TraceClassifier): void {
    this.classifier = classifier;
  }

  get stats() {
    return { ...this.counters, mcSeqno: this.producer.slot - 1 };
  }

  /** Where batches go from now on (a replay runs with none, then resumes writing). */
  setWriter(writer: LedgerWriter | null): void {
    this.writer = writer;
  }

  /** What the classifier learned of an account (interfaces). */
  info(account: string): AccountInfoRecord | undefined {
    this.read(account);
    return this.accountInfo.get(account);
  }

  /** An account's latest state as the ledger holds it (`undefined`: none yet). */
  private stateOf(account: string): AccountStateRecord | undefined {
    this.read(account);
    return this.shadow.get(account);
  }

  /** Reads the saved state of `account` if a restart left it unread. */
  private read(account: string): void {
    const saved = this.unread.get(account);
    if (!saved) return;
    this.unread.delete(account);
    const state = accountStateRecord(
      account,
      saved.stateHash,
      loadShardAccount(Cell.fromBoc(saved.shardAccount)[0]!.beginParse()),
    );
    this.shadow.set(account, state);
    this.accountInfo.set(account, this.classifier!.describe(state));
  }

  /** Reads up to `n` of the states a restart left unread; answers how many remain. */
  readSaved(n: number): number {
    for (const account of this.unread.keys()) {
      if (n-- <= 0) break;
      this.read(account);
    }
    return this.unread.size;
  }

  /** Takes one event; a transaction event gives back its record. */
  handle(event: EmulatorEvent): TransactionRecord | null {
    switch (event.kind) {
      case 'genesis':
        this.shadow.set(event.state.account, event.state);
        if (this.classifier) this.accountInfo.set(event.state.account, this.classifier.describe(event.state));
        this.changed.set(event.state.account, {
          account: event.state.account,
          stateHash: event.state.hash,
          shardAccount: event.shardAccountBoc,
        });
        return null;
      case 'tx':
        return this.transaction(event);
      case 'traceEnd': {
        const trace = this.openTraces.get(event.trace)!;
        trace.done = true;
        trace.changed = true;
        this.counters.traces += 1;
        return null;
      }
      case 'endSlot':
        this.endSlot(event);
        return null;
      case 'paid':
        for (const hash of event.requests)
          this.inbound.push({ hash, state: 'taken', mcSeqno: this.producer.slot, resultHash: event.messageHash });
        return null;
      case 'refused':
        this.inbound.push({
          hash: event.messageHash,
          state: 'refused',
          mcSeqno: this.producer.slot,
          error: event.reason,
        });
        return null;
    }
  }

  private transaction(e: TransactionEvent): TransactionRecord {
    const trace = e.traceStart ? null : this.openTraces.get(e.trace)!;
    const { hash, account } = e.tx;
    const [workchain, idHex] = account.split(':') as [string, string];
    const cells = messageCells(Cell.fromBoc(e.tx.boc)[0]!);
    const rec: TransactionRecord = {
      ...e.tx,
      stateAfter: accountStateRecord(
        account,
        e.stateAfter.hash,
        loadShardAccount(Cell.fromBoc(e.stateAfter.shardAccountBoc)[0]!.beginParse()),
      ),
      inMsg: cells.inMsg ? messageRecord(cells.inMsg, { outTx: null, inTx: hash }) : null,
      outMsgs: cells.outMsgs.map((c) => messageRecord(c, { outTx: hash, inTx: null })),
      block: this.producer.blockFor(Number(workchain), Buffer.from(idHex, 'hex')),
      mcSeqno: this.producer.slot,
      stateBefore: this.stateOf(account) ?? accountStateRecord(account, e.oldStateHash, null),
      traceId: trace?.traceId ?? hash,
      traceExternalHash: trace?.externalHash ?? null,
    };
    this.unread.delete(account);
    this.shadow.set(account, rec.stateAfter);
    // what the address book says of the account follows its latest state, whether or not the
    // trace that changed it is complete: a restart rebuilds exactly this from the saved states
    if (this.classifier) this.accountInfo.set(account, this.classifier.describe(rec.stateAfter));
    this.changed.set(account, { account, stateHash: e.stateAfter.hash, shardAccount: e.stateAfter.shardAccountBoc });
    if (rec.inMsg && trace) {
      // the two ends of an internal message: its sender is in the trace, and now knows its receiver
      const sent = trace.inFlight.get(hex(rec.inMsg.hash));
      if (sent) {
        sent.inMsgTxHash = hash;
        rec.inMsg.outMsgTxHash = sent.outMsgTxHash;
        trace.inFlight.delete(hex(rec.inMsg.hash));
      }
    }
    this.producer.add(rec);
    this.slotTxs.push(rec);
    this.counters.transactions += 1;
    this.addToTrace(rec, trace, e.trace);
    return rec;
  }

  private addToTrace(rec: TransactionRecord, open: OpenTrace | null, id: number): void {
    let trace = open;
    if (!trace) {
      trace = this.openTrace(rec);
      this.openTraces.set(id, trace);
      rec.traceExternalHash = trace.externalHash;
    }
    this.joinTrace(trace, rec);
  }

  private openTrace(first: TransactionRecord): OpenTrace {
    return {
      traceId: first.hash,
      externalHash: first.inMsg && first.inMsg.source === null ? first.inMsg.hash : null,
      externalHashNorm: first.inMsg?.hashNorm ?? null,
      txs: [],
      mcSeqnoStart: first.mcSeqno,
      done: false,
      changed: true,
      messages: 0,
      inFlight: new Map(),
    };
  }

  private joinTrace(trace: OpenTrace, rec: TransactionRecord): void {
    trace.txs.push(rec);
    trace.changed = true;
    trace.messages += (rec.inMsg ? 1 : 0) + rec.outMsgs.length;
    for (const m of rec.outMsgs) if (m.destination !== null) trace.inFlight.set(hex(m.hash), m);
  }

  /**
   * Messages the service accepted, handed to the emulator for the current slot: marked taken in its
   * batch, the one whose position holds them (in a queue, or as transactions).
   */
  takeInbound(hashes: Buffer[]): void {
    for (const hash of hashes) this.inbound.push({ hash, state: 'taken', mcSeqno: this.producer.slot });
  }

  /** Seals the current slot's blocks and writes them, with their transactions and traces, in one batch. */
  private endSlot({ now, lt, checkpoint }: EndSlotEvent): void {
    const blocks = this.producer.seal(now, lt);
    this.counters.blocks += blocks.length;
    const batch: LedgerBatch = {
      blocks,
      transactions: this.slotTxs,
      traces: [],
      actions: [],
      accounts: [],
      tokens: [],
      meta: this.nextBatchMeta,
      ...(this.inbound.length > 0 ? { inbound: this.inbound } : {}),
    };
    this.inbound = [];
    if (this.classifier) {
      // the jetton and NFT tables follow each transaction, whatever its trace's state (as the
      // address book does): what each contract is comes from its code hash
      const rows = emptyTokenRows();
      for (const tx of this.slotTxs) {
        addTokenRows(tokenTransactionOf(tx), this.classifier.describe(tx.stateAfter).interfaces[0], rows);
        // and so does its metadata (`metadata`'s token_info), the writer keeping the newest state's
        const token = this.classifier.tokenOf(tx);
        if (token) batch.tokens.push(token);
      }
      batch.tokenRows = rows;
    }
    // a trace is written when it starts and each time it changes: pending while messages of it
    // are in flight, complete (and classified) once the last is delivered
    for (const [k, t] of this.openTraces) {
      if (!t.changed) continue;
      t.changed = false;
      const record = this.traceRecord(t);
      batch.traces.push(record);
      if (t.done) {
        this.openTraces.delete(k);
        if (this.classifier) {
          const out = this.classifier.classify({ record, transactions: t.txs }, (a) => this.info(a));
          batch.actions.push(...out.actions);
          batch.accounts.push(...out.accounts);
        }
      }
    }
    this.slotTxs = [];
    const writer = this.writer;
    if (!writer) return;
    const mc = blocks[0]!;
    if (mc.seqno === this.skipThrough && this.skipThroughHash && !mc.rootHash.equals(this.skipThroughHash)) {
      throw new Error(
        `masterchain block ${mc.seqno} made again differs from the ledger's: it was not produced from this seed or by this build`,
      );
    }
    // Of the batches the ledger holds, only the position of the last (its block checked above) is
    // written: a replay that goes wrong never leaves a position behind.
    const skipped = mc.seqno <= this.skipThrough;
    const out: LedgerBatch | null = skipped
      ? checkpoint && mc.seqno === this.skipThrough
        ? { blocks: [], transactions: [], traces: [], actions: [], accounts: [], tokens: [] }
        : null
      : batch;
    if (!out) return;
    if (checkpoint && this.savePosition) {
      const position = this.savePosition(
        {
          lt,
          blocks: this.producer.exportState(),
          counters: { ...this.counters },
          ...this.openTracesPosition(),
          emulator: checkpoint,
        },
        this.nextBatchMeta,
      );
      out.checkpoint = { position, accounts: [...this.changed.values()] };
      this.changed.clear();
    }
    // After a failed write the chain stays rejected: no later batch is written over the gap.
    this.writing = this.writing.then(() => writer.writeBatch(out));
  }

  /**
   * The open traces, for a restart: their ids, and the data cells of their transactions' account
   * states. The ledger holds their transactions, but keeps of an account state its hashes only, and
   * the classifier reads the data (token contents, jetton amounts) when the trace completes.
   */
  private openTracesPosition(): Pick<AssemblerPosition, 'openTraces' | 'stateData'> {
    const stateData = new Map<string, [Buffer, Buffer]>();
    for (const t of this.openTraces.values()) {
      for (const tx of t.txs)
        for (const st of [tx.stateBefore, tx.stateAfter])
          if (st.dataBoc) stateData.set(hex(st.hash), [st.hash, st.dataBoc]);
    }
    return { openTraces: [...this.openTraces].map(([id, t]) => [id, t.traceId]), stateData: [...stateData.values()] };
  }

  /**
   * Takes up a saved position: the blocks, the counters, every account's latest state (the state a
   * next transaction starts from) and what the address book says of it, and the traces still open,
   * whose transactions so far the ledger holds (`traceTransactions` reads them back).
   */
  async restore(
    position: AssemblerPosition,
    accounts: ProducerAccountRecord[],
    traceTransactions: (traceId: Buffer) => Promise<TransactionRecord[]>,
  ): Promise<void> {
    if (!this.classifier) throw new Error('restore needs the classifier');
    this.producer = new BlockProducer(position.blocks.slot, position.blocks);
    Object.assign(this.counters, position.counters);
    for (const a of accounts) this.unread.set(a.account, a);
    const data = new Map(position.stateData.map(([hash, boc]) => [hex(hash), boc]));
    // as the ledger keeps a state: its hashes, and the account of the first state with that hash
    // (every account that does not exist has the same state)
    const complete = (st: AccountStateRecord, account: string): AccountStateRecord => ({
      ...st,
      account,
      dataBoc: data.get(hex(st.hash)) ?? null,
    });
    for (const [id, traceId] of position.openTraces) {
      const txs = await traceTransactions(traceId);
      if (txs.length === 0)
        throw new Error(`the ledger lacks the transactions of open trace ${hex(traceId)} its saved position names`);
      const trace = this.openTrace(txs[0]!);
      for (const tx of txs) {
        tx.stateBefore = complete(tx.stateBefore, tx.account);
        tx.stateAfter = complete(tx.stateAfter, tx.account);
        // only messages still in flight wait for their receiver
        if (tx.inMsg) trace.inFlight.delete(hex(tx.inMsg.hash));
        this.joinTrace(trace, tx);
      }
      trace.changed = false;
      this.openTraces.set(id, trace);
    }
  }

  /**
   * Resolves when every batch sealed so far is committed; rejects with the first failed write (and
   * from then on), so a producer whose store refused a batch stops instead of carrying on.
   */
  written(): Promise<void> {
    return this.writing;
  }

  /** Whether the current slot holds anything not yet written. */
  get hasUnwritten(): boolean {
    return this.slotTxs.length > 0 || this.openTraces.size > 0;
  }

  private traceRecord(t: OpenTrace): TraceRecord {
    const first = t.txs[0]!;
    const last = t.txs[t.txs.length - 1]!;
    const delivered = new Set(t.txs.map((x) => x.inMsg?.hash.toString('hex')));
    let pending = 0;
    for (const x of t.txs)
      for (const m of x.outMsgs) if (m.destination !== null && !delivered.has(m.hash.toString('hex'))) pending += 1;
    return {
      traceId: t.traceId,
      externalHash: t.externalHash,
      externalHashNorm: t.externalHashNorm,
      startLt: first.lt,
      endLt: last.lt,
      startUtime: first.now,
      endUtime: last.now,
      mcSeqnoStart: t.mcSeqnoStart,
      mcSeqnoEnd: last.mcSeqno,
      transactions: t.txs.length,
      messages: t.messages,
      pendingMessages: t.done ? 0 : pending,
      state: t.done ? 'complete' : 'pending',
      classificationState: t.done && this.classifier ? 'ok' : 'unclassified',
      accounts: [...new Set(t.txs.map((x) => x.account))],
    };
  }
}
