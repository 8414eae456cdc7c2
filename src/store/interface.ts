// The narrow interface of the store (docs/architecture.md: "the store is behind one module with a narrow
// interface, so a second engine can be added without touching the handlers"). SQLite implements it
// in this folder; a second engine implements the same two interfaces.
import type {
  AccountInfoRecord,
  ActionRecord,
  BlockRecord,
  BlockRef,
  LedgerBatch,
  TokenInfoRecord,
  TraceRecord,
  TransactionRecord,
} from './records';

export type SortOrder = 'asc' | 'desc';

export interface Page {
  limit: number;
  offset: number;
  sort: SortOrder;
}

export interface TraceFilter {
  /** At most one of account / traceIds / txHashes / msgHashes is set (the handler enforces it). */
  accounts?: string[];
  traceIds?: Buffer[];
  txHashes?: Buffer[];
  /** Matches a message's hash or its normalized hash. */
  msgHashes?: Buffer[];
  mcSeqno?: number;
  /** Inclusive bounds on `end_utime`. */
  startUtime?: number;
  endUtime?: number;
  /** Inclusive bounds on `end_lt`. */
  startLt?: bigint;
  endLt?: bigint;
}

export interface MessageFilter {
  msgHash?: Buffer;
  bodyHash?: Buffer;
  opcode?: number;
  direction?: 'in' | 'out';
}

export interface LedgerWriter {
  /**
   * Writes the whole batch in one transaction, or nothing; resolves once it is committed. An engine
   * may write asynchronously (PostgreSQL), so callers write batches one after another, in order.
   */
  writeBatch(batch: LedgerBatch): Promise<void>;
  close(): void;
}

export interface LedgerReader {
  getBlock(ref: BlockRef): BlockRecord | null;
  /**
   * The v2 cursor walk: transactions of one block in ascending (account id, lt), strictly after
   * (afterAccount, afterLt) when given; `incomplete` is true exactly when more follow.
   */
  getBlockTransactions(
    ref: BlockRef,
    after: { account: string; lt: bigint } | null,
    count: number,
  ): { transactions: TransactionRecord[]; incomplete: boolean };
  getBlockTransactionHashes(
    ref: BlockRef,
    after: { account: string; lt: bigint } | null,
    count: number,
  ): { hashes: Buffer[]; incomplete: boolean };
  /** The masterchain block first, then the shard blocks it commits. `null` when unknown. */
  getTransaction(hash: Buffer): TransactionRecord | null;
  getMasterchainBlocks(seqno: number): BlockRecord[] | null;
  getTransactionsByMcSeqno(seqno: number, page: Page): TransactionRecord[];
  getTransactionHashesByMcSeqno(seqno: number, page: Page): Buffer[];
  getTransactions(hashes: Buffer[]): TransactionRecord[];
  /** Completed traces only, ordered by end_lt (end_utime when a utime bound is given), then trace id. */
  findTraces(filter: TraceFilter, page: Page): TraceRecord[];
  /** The trace's transactions by lt, at most `max`. */
  getTraceTransactions(traceId: Buffer, max: number): TransactionRecord[];
  getActions(traceIds: Buffer[]): ActionRecord[];
  /** Each transaction once, even when several of its messages match. */
  findTransactionsByMessage(filter: MessageFilter, page: Page): TransactionRecord[];
  findTransactionHashesByMessage(filter: MessageFilter, page: Page): Buffer[];
  getAccountInfos(accounts: string[]): AccountInfoRecord[];
  getTokenInfos(accounts: string[]): TokenInfoRecord[];
  latestMasterchainSeqno(): number | null;
  close(): void;
}
