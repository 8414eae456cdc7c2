import { Blockchain, type BlockchainTransaction } from '@ton/sandbox';
import { beginCell, storeShardAccount, type Address, type Cell, type Message, type ShardAccount } from '@ton/core';
import { toRaw } from '../../ton/address';
import type { LedgerWriter } from '../../server/store/interface';
import type {
  AccountInfoRecord,
  AccountStateRecord,
  AccountStatus,
  ActionRecord,
  LedgerBatch,
  TokenInfoRecord,
  TraceRecord,
  TransactionRecord,
} from '../../server/store/records';
import { NonexistentAccountStorage, sentCells } from './account-storage';
import { accountStateRecord } from './account-state';
import { BlockProducer } from './block-producer';
import { describeTransaction, isFailed } from './describe-transaction';
import { messageCells, messageRecord } from './extract-messages';
import { useNodeSha256 } from './fast-sha256';

export interface TraceClassifier {
  classify(
    trace: { record: TraceRecord; transactions: TransactionRecord[] },
    lookup: (account: string) => AccountInfoRecord | undefined,
  ): { actions: ActionRecord[]; accounts: AccountInfoRecord[]; tokens: TokenInfoRecord[] };
}

export interface NetworkOptions {
  writer: LedgerWriter | null;
  /** Unix time of slot 0. */
  genesisTime: number;
  /** Seconds between masterchain blocks. */
  slotSeconds?: number;
  /**
   * Hops of a trace per slot: a message sent in one block is delivered in a later one, so a deep
   * trace spans several blocks (and masterchain blocks), as on a real chain.
   */
  hopsPerSlot?: number;
  classify?: TraceClassifier;
}

export interface TraceSummary {
  traceId: Buffer;
  transactions: number;
  /** Some transaction failed (aborted, or a compute phase that did not succeed). */
  anyFailed: boolean;
  rootSuccess: boolean;
  records: TransactionRecord[];
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

const STATUS: Record<string, AccountStatus> = {
  uninitialized: 'uninit',
  'non-existing': 'nonexist',
  active: 'active',
  frozen: 'frozen',
};

/** Drop the emulator's own transaction history this often (it keeps ~28 KB per transaction). */
const HISTORY_DROP_EVERY = 2000;

/**
 * The local network: real TVM execution by the TON emulator, turned into ledger records, blocks and
 * traces, written into the store one batch per slot (a slot = one masterchain block).
 */
export class LedgerNetwork {
  private readonly producer: BlockProducer;
  private readonly shadow = new Map<string, AccountStateRecord>();
  private readonly accountInfo = new Map<string, AccountInfoRecord>();
  private readonly openTraces = new Map<string, OpenTrace>();
  private slotTxs: TransactionRecord[] = [];
  private sinceDrop = 0;
  private counters = { transactions: 0, traces: 0, blocks: 0 };
  private readonly slotSeconds: number;
  /** Written with the next batch, in the same transaction. */
  nextBatchMeta: Record<string, string> = {};
  private readonly hopsPerSlot: number;

  private constructor(
    readonly blockchain: Blockchain,
    private opts: NetworkOptions,
  ) {
    this.slotSeconds = opts.slotSeconds ?? 2;
    this.hopsPerSlot = opts.hopsPerSlot ?? 4;
    this.producer = new BlockProducer(0);
    blockchain.now = this.slotTime(0);
  }

  static async create(opts: NetworkOptions): Promise<LedgerNetwork> {
    useNodeSha256();
    const blockchain = await Blockchain.create({ storage: new NonexistentAccountStorage() });
    blockchain.verbosity = { print: false, blockchainLogs: false, vmLogs: 'none', debugLogs: false };
    return new LedgerNetwork(blockchain, opts);
  }

  private slotTime(slot: number): number {
    return this.opts.genesisTime + slot * this.slotSeconds;
  }

  get now(): number {
    return this.blockchain.now!;
  }

  get slot(): number {
    return this.producer.slot;
  }

  get stats() {
    return { ...this.counters, mcSeqno: this.producer.slot - 1 };
  }

  /** Where batches go from now on (a replay runs with none, then resumes writing). */
  setWriter(writer: LedgerWriter | null): void {
    this.opts.writer = writer;
  }

  /** What the classifier learned of an account (interfaces), for traffic decisions and tests. */
  info(account: string): AccountInfoRecord | undefined {
    return this.accountInfo.get(account);
  }

  /**
   * Genesis: the state of an account before history begins (not a transaction, not listed). With
   * code and data the account is active; with a balance alone it is `uninit` holding funds, ready to
   * be deployed by its first external message.
   */
  async genesisAccount(address: Address, init: { balance: bigint; code?: Cell; data?: Cell; special?: { tick: boolean; tock: boolean } }): Promise<void> {
    const shard: ShardAccount = {
      account: {
        addr: address,
        storageStats: { used: { cells: 1n, bits: 100n }, lastPaid: this.now, storageExtra: null },
        storage: {
          lastTransLt: 0n,
          balance: { coins: init.balance },
          state: init.code
            ? { type: 'active', state: { code: init.code, data: init.data, special: init.special } }
            : { type: 'uninit' },
        },
      },
      lastTransactionLt: 0n,
      lastTransactionHash: 0n,
    };
    await this.blockchain.setShardAccount(address, shard);
    const raw = toRaw(address);
    const cell = beginCell().store(storeShardAccount(shard)).endCell();
    // the state hash a transaction's state update starts from is the hash of the Account cell
    const accountCell = cell.refs[0] ?? cell;
    this.shadow.set(raw, accountStateRecord(raw, accountCell.hash(), shard));
  }

  /** Runs the trace of one external-in message through the TVM, hop by hop. */
  async sendExternal(message: Message | Cell): Promise<TraceSummary> {
    const iter = await this.blockchain.sendMessageIter(message);
    return this.runTrace(async () => {
      const r = await iter.next();
      return r.done ? null : r.value;
    }, null);
  }

  /** A tick and a tock transaction of a special masterchain account: one trace each, without an external message. */
  async runTickTock(address: Address, which: 'tick' | 'tock'): Promise<TraceSummary> {
    const result = await this.blockchain.runTickTock(address, which);
    const txs = [...result.transactions];
    return this.runTrace(async () => txs.shift() ?? null, address);
  }

  private async runTrace(next: () => Promise<BlockchainTransaction | null>, tickTockAccount: Address | null): Promise<TraceSummary> {
    // The emulator's queue is first-in first-out, so transactions come breadth-first; a mirror of
    // its queue (the depth of each pending message) tells the depth of the next transaction before
    // it runs, and with it the slot (and the clock) it runs in.
    const pendingDepths: number[] = [0];
    const startSlot = this.producer.slot;
    let trace: OpenTrace | null = null;
    const records: TransactionRecord[] = [];
    for (;;) {
      const depth = pendingDepths[0] ?? 0;
      const targetSlot = startSlot + Math.floor(depth / this.hopsPerSlot);
      while (this.producer.slot < targetSlot) await this.endSlot();
      this.blockchain.now = this.slotTime(this.producer.slot);
      const tx = await next();
      if (!tx) break;
      pendingDepths.shift();
      const rec = await this.record(tx, tickTockAccount, trace);
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
        rec.traceId = trace.traceId;
        rec.traceExternalHash = trace.externalHash;
      }
      trace.txs.push(rec);
      trace.messages += (rec.inMsg ? 1 : 0) + rec.outMsgs.length;
      records.push(rec);
      for (const m of rec.outMsgs) if (m.destination !== null) pendingDepths.push(depth + 1);
    }
    if (!trace) throw new Error('the message produced no transaction');
    trace.done = true;
    this.counters.traces += 1;
    this.sinceDrop += records.length;
    if (this.sinceDrop >= HISTORY_DROP_EVERY) {
      // pitfall: the emulator keeps every transaction it ran; nothing of ours needs that history
      (this.blockchain as unknown as { transactions: unknown[] }).transactions = [];
      this.sinceDrop = 0;
    }
    // pitfall: the emulator never yields to the event loop on its own
    await new Promise((resolve) => setImmediate(resolve));
    return {
      traceId: trace.traceId,
      transactions: records.length,
      anyFailed: records.some((r) => isFailed(r.description)),
      rootSuccess: !isFailed(records[0]!.description),
      records,
    };
  }

  private async record(tx: BlockchainTransaction, tickTockAccount: Address | null, trace: OpenTrace | null): Promise<TransactionRecord> {
    const cells = messageCells(tx.raw);
    // remember the cells this transaction sent, for their delivery (see DeliveringContract)
    for (const [index, m] of tx.outMessages) if (cells.outMsgs[index]) sentCells.set(m.info, cells.outMsgs[index]!);
    const hash = tx.raw.hash();
    // The workchain is not part of a transaction: it comes from the inbound message's destination.
    const inInfo = tx.inMessage?.info;
    const workchain = inInfo && inInfo.type !== 'external-out' ? inInfo.dest.workChain : tickTockAccount!.workChain;
    const accountId = Buffer.from(tx.address.toString(16).padStart(64, '0'), 'hex');
    const account = `${workchain}:${accountId.toString('hex').toUpperCase()}`;
    const block = this.producer.blockFor(workchain, accountId);
    const contract = await this.blockchain.getContract(
      inInfo && inInfo.type !== 'external-out' ? inInfo.dest : tickTockAccount!,
    );
    const before = this.shadow.get(account) ?? accountStateRecord(account, tx.stateUpdate.oldHash, null);
    const after = accountStateRecord(account, tx.stateUpdate.newHash, contract.account);
    this.shadow.set(account, after);
    const rec: TransactionRecord = {
      hash,
      lt: tx.lt,
      account,
      block,
      mcSeqno: this.producer.slot,
      now: tx.now,
      origStatus: STATUS[tx.oldStatus] ?? 'nonexist',
      endStatus: STATUS[tx.endStatus] ?? 'nonexist',
      totalFees: tx.totalFees.coins,
      totalFeesExtraCurrencies: {},
      description: describeTransaction(tx.description),
      boc: tx.raw.toBoc(),
      prevTransHash: Buffer.from(tx.prevTransactionHash.toString(16).padStart(64, '0'), 'hex'),
      prevTransLt: tx.prevTransactionLt,
      stateBefore: before,
      stateAfter: after,
      traceId: trace?.traceId ?? hash,
      traceExternalHash: trace?.externalHash ?? null,
      inMsg: cells.inMsg ? messageRecord(cells.inMsg, { outTx: this.senderOf(cells.inMsg, trace), inTx: hash }) : null,
      outMsgs: cells.outMsgs.map((c) => messageRecord(c, { outTx: hash, inTx: null })),
    };
    // the receiver of each message this transaction received is now known on the sender's side
    if (rec.inMsg && trace) {
      for (const t of trace.txs) {
        const m = t.outMsgs.find((o) => o.hash.equals(rec.inMsg!.hash));
        if (m) m.inMsgTxHash = hash;
      }
    }
    this.producer.add(rec);
    this.slotTxs.push(rec);
    this.counters.transactions += 1;
    return rec;
  }

  private senderOf(msg: Cell, trace: OpenTrace | null): Buffer | null {
    if (!trace) return null;
    const h = msg.hash();
    for (let i = trace.txs.length - 1; i >= 0; i--) {
      if (trace.txs[i]!.outMsgs.some((m) => m.hash.equals(h))) return trace.txs[i]!.hash;
    }
    return null;
  }

  /** Seals the current slot's blocks and writes them, with their transactions and traces, in one batch. */
  async endSlot(): Promise<void> {
    const blocks = this.producer.seal(this.now, this.blockchain.lt);
    this.counters.blocks += blocks.length;
    const batch: LedgerBatch = { blocks, transactions: this.slotTxs, traces: [], actions: [], accounts: [], tokens: [], meta: this.nextBatchMeta };
    for (const [k, t] of this.openTraces) {
      const record = this.traceRecord(t);
      batch.traces.push(record);
      if (t.done) {
        this.openTraces.delete(k);
        if (this.opts.classify) {
          const out = this.opts.classify.classify({ record, transactions: t.txs }, (a) => this.accountInfo.get(a));
          batch.actions.push(...out.actions);
          batch.accounts.push(...out.accounts);
          batch.tokens.push(...out.tokens);
          for (const a of out.accounts) this.accountInfo.set(a.account, a);
        }
      }
    }
    this.opts.writer?.writeBatch(batch);
    this.slotTxs = [];
    this.blockchain.now = this.slotTime(this.producer.slot);
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
      classificationState: t.done && this.opts.classify ? 'ok' : 'unclassified',
      accounts: [...new Set(t.txs.map((x) => x.account))],
    };
  }

  /** Seals the last slot if it holds anything. */
  async close(): Promise<void> {
    if (this.slotTxs.length > 0 || this.openTraces.size > 0) await this.endSlot();
  }
}
