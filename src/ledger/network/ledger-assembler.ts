import { Cell, loadShardAccount } from '@ton/core';
import type { LedgerWriter } from '../../store/interface';
import type {
  AccountInfoRecord,
  AccountStateRecord,
  ActionRecord,
  LedgerBatch,
  ProducerAccountRecord,
  TokenInfoRecord,
  TraceRecord,
  TransactionRecord,
} from '../../store/records';
import { accountStateRecord } from './account-state';
import { BlockProducer } from './block-producer';
import type { EmulatorEvent, EndSlotEvent, TransactionEvent } from './emulator-events';
import type { AssemblerPosition } from '../producer/position';
import { messageCells, messageRecord } from './extract-messages';
import { useNodeSha256 } from './fast-sha256';

export interface TraceClassifier {
  /** What the address book says of an account in this state. */
  describe(state: AccountStateRecord): AccountInfoRecord;
  classify(
    trace: { record: TraceRecord; transactions: TransactionRecord[] },
    lookup: (account: string) => AccountInfoRecord | undefined,
  ): { actions: ActionRecord[]; accounts: AccountInfoRecord[]; tokens: TokenInfoRecord[] };
}

interface OpenTrace {
  traceId: Buffer;
  externalHash: Buffer | null;
  externalHashNorm: Buffer | null;
  txs: TransactionRecord[];
  mcSeqnoStart: number;
  done: boolean;
  messages: number;
}

/**
 * The ledger half of the network: turns the emulator's events into ledger records, assembles them
 * into shard and masterchain blocks and traces, classifies finished traces, and writes one batch
 * per slot (a slot = one masterchain block) to the store.
 */
export class LedgerAssembler {
  private producer = new BlockProducer(0);
  private readonly shadow = new Map<string, AccountStateRecord>();
  private readonly accountInfo = new Map<string, AccountInfoRecord>();
  private readonly openTraces = new Map<string, OpenTrace>();
  private current: OpenTrace | null = null;
  private slotTxs: TransactionRecord[] = [];
  private readonly counters = { transactions: 0, traces: 0, blocks: 0 };
  /** The batches handed to the writer, chained: each starts once the one before is committed. */
  private writing: Promise<void> = Promise.resolve();
  /** Accounts changed since the last checkpoint written: saved with the next one. */
  private readonly changed = new Map<string, ProducerAccountRecord>();
  /** Written with the next batch, in the same transaction. */
  nextBatchMeta: Record<string, string> = {};
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
    return this.accountInfo.get(account);
  }

  /** Takes one event; a transaction event gives back its record. */
  handle(event: EmulatorEvent): TransactionRecord | null {
    switch (event.kind) {
      case 'genesis':
        this.shadow.set(event.state.account, event.state);
        this.changed.set(event.state.account, { account: event.state.account, stateHash: event.state.hash, shardAccount: event.shardAccountBoc });
        return null;
      case 'tx':
        return this.transaction(event);
      case 'traceEnd':
        this.current!.done = true;
        this.current = null;
        this.counters.traces += 1;
        return null;
      case 'endSlot':
        this.endSlot(event);
        return null;
    }
  }

  private transaction(e: TransactionEvent): TransactionRecord {
    const trace = e.traceStart ? null : this.current;
    const { hash, account } = e.tx;
    const [workchain, idHex] = account.split(':') as [string, string];
    const cells = messageCells(Cell.fromBoc(e.tx.boc)[0]!);
    const rec: TransactionRecord = {
      ...e.tx,
      stateAfter: accountStateRecord(account, e.stateAfter.hash, loadShardAccount(Cell.fromBoc(e.stateAfter.shardAccountBoc)[0]!.beginParse())),
      inMsg: cells.inMsg ? messageRecord(cells.inMsg, { outTx: null, inTx: hash }) : null,
      outMsgs: cells.outMsgs.map((c) => messageRecord(c, { outTx: hash, inTx: null })),
      block: this.producer.blockFor(Number(workchain), Buffer.from(idHex, 'hex')),
      mcSeqno: this.producer.slot,
      stateBefore: this.shadow.get(account) ?? accountStateRecord(account, e.oldStateHash, null),
      traceId: trace?.traceId ?? hash,
      traceExternalHash: trace?.externalHash ?? null,
    };
    this.shadow.set(account, rec.stateAfter);
    this.changed.set(account, { account, stateHash: e.stateAfter.hash, shardAccount: e.stateAfter.shardAccountBoc });
    if (rec.inMsg && trace) {
      // the two ends of an internal message: its sender is in the trace, and now knows its receiver
      const h = rec.inMsg.hash;
      for (let i = trace.txs.length - 1; i >= 0; i--) {
        const m = trace.txs[i]!.outMsgs.find((o) => o.hash.equals(h));
        if (m) {
          m.inMsgTxHash = hash;
          rec.inMsg.outMsgTxHash = trace.txs[i]!.hash;
          break;
        }
      }
    }
    this.producer.add(rec);
    this.slotTxs.push(rec);
    this.counters.transactions += 1;
    this.addToTrace(rec, trace);
    return rec;
  }

  private addToTrace(rec: TransactionRecord, open: OpenTrace | null): void {
    let trace = open;
    if (!trace) {
      trace = {
        traceId: rec.hash,
        externalHash: rec.inMsg && rec.inMsg.source === null ? rec.inMsg.hash : null,
        externalHashNorm: rec.inMsg?.hashNorm ?? null,
        txs: [],
        mcSeqnoStart: rec.mcSeqno,
        done: false,
        messages: 0,
      };
      this.openTraces.set(trace.traceId.toString('hex'), trace);
      this.current = trace;
      rec.traceExternalHash = trace.externalHash;
    }
    trace.txs.push(rec);
    trace.messages += (rec.inMsg ? 1 : 0) + rec.outMsgs.length;
  }

  /** Seals the current slot's blocks and writes them, with their transactions and traces, in one batch. */
  private endSlot({ now, lt, checkpoint }: EndSlotEvent): void {
    const blocks = this.producer.seal(now, lt);
    this.counters.blocks += blocks.length;
    const batch: LedgerBatch = { blocks, transactions: this.slotTxs, traces: [], actions: [], accounts: [], tokens: [], meta: this.nextBatchMeta };
    for (const [k, t] of this.openTraces) {
      const record = this.traceRecord(t);
      batch.traces.push(record);
      if (t.done) {
        this.openTraces.delete(k);
        if (this.classifier) {
          const out = this.classifier.classify({ record, transactions: t.txs }, (a) => this.accountInfo.get(a));
          batch.actions.push(...out.actions);
          batch.accounts.push(...out.accounts);
          batch.tokens.push(...out.tokens);
          for (const a of out.accounts) this.accountInfo.set(a.account, a);
        }
      }
    }
    this.slotTxs = [];
    const writer = this.writer;
    if (!writer) return;
    const mc = blocks[0]!;
    if (mc.seqno === this.skipThrough && this.skipThroughHash && !mc.rootHash.equals(this.skipThroughHash)) {
      throw new Error(`masterchain block ${mc.seqno} made again differs from the ledger's: it was not produced from this seed or by this build`);
    }
    // Of the batches the ledger holds, only the position of the last (its block checked above) is
    // written: a replay that goes wrong never leaves a position behind.
    const skipped = mc.seqno <= this.skipThrough;
    const out: LedgerBatch | null = skipped
      ? checkpoint && mc.seqno === this.skipThrough ? { blocks: [], transactions: [], traces: [], actions: [], accounts: [], tokens: [] } : null
      : batch;
    if (!out) return;
    if (checkpoint && this.savePosition) {
      if (this.openTraces.size > 0) throw new Error('a checkpoint arrived while a trace is open');
      const position = this.savePosition({ lt, blocks: this.producer.exportState(), counters: { ...this.counters }, traffic: checkpoint }, this.nextBatchMeta);
      out.checkpoint = { position, accounts: [...this.changed.values()] };
      this.changed.clear();
    }
    // After a failed write the chain stays rejected: no later batch is written over the gap.
    this.writing = this.writing.then(() => writer.writeBatch(out));
  }

  /**
   * Takes up a saved position: the blocks, the counters, every account's latest state (the state a
   * next transaction starts from) and what the address book knew of it. At a checkpoint every
   * trace is complete and classified, so each account's entry is what its latest state says.
   */
  restore(position: AssemblerPosition, accounts: ProducerAccountRecord[]): void {
    if (!this.classifier) throw new Error('restore needs the classifier');
    this.producer = new BlockProducer(position.blocks.slot, position.blocks);
    Object.assign(this.counters, position.counters);
    for (const a of accounts) {
      const state = accountStateRecord(a.account, a.stateHash, loadShardAccount(Cell.fromBoc(a.shardAccount)[0]!.beginParse()));
      this.shadow.set(a.account, state);
      this.accountInfo.set(a.account, this.classifier.describe(state));
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
    for (const x of t.txs) for (const m of x.outMsgs) if (m.destination !== null && !delivered.has(m.hash.toString('hex'))) pending += 1;
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
