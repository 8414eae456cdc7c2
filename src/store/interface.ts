// The narrow interface of the store (docs/architecture.md: "the store is behind one module with a narrow
// interface, so a second engine can be added without touching the handlers"). Each engine
// (sqlite/, postgres/) implements `LedgerQueries` and `LedgerWriter`; open-ledger.ts picks one by
// the ledger's location.
import type {
  AccountInfoRecord,
  AccountSnapshotRecord,
  ActionRecord,
  BalanceChangesRecord,
  BlockRecord,
  BlockRef,
  LedgerBatch,
  SavedProducerState,
  TokenInfoRecord,
  TraceRecord,
  TransactionOutcomeRecord,
  TransactionRecord,
} from './records';
import type { MessageListFilter, MessageListRow } from './message-list';
import type { AccountBalanceRow } from './account-balances';
import type { SandboxRunReads } from './sandbox-runs';
import type { ListPage, TokenList } from './token-lists';
import type { StateTableKey, TokenRowOf } from './token-tables';

export type SortOrder = 'asc' | 'desc';

/** An accepted external message waiting for its block. */
export interface QueuedMessage {
  hash: Buffer;
  boc: Buffer;
  /** Unix ms. */
  receivedAt: number;
}

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

/** Which of an account's transactions: committed by `mcSeqno`, lt in (toLt, fromLt]. */
export interface AccountTransactionRange {
  mcSeqno: number;
  fromLt?: bigint;
  toLt?: bigint;
}

export interface MessageFilter {
  msgHash?: Buffer;
  bodyHash?: Buffer;
  opcode?: number;
  direction?: 'in' | 'out';
}

/** `transactions`: every condition given must hold (the handler checks which may go together). */
export interface TransactionFilter {
  /** Block: the workchain, then its shard, then the block's seqno (each needs the ones before). */
  workchain?: number;
  shard?: bigint;
  seqno?: number;
  mcSeqno?: number;
  /** Any of these accounts. */
  accounts?: string[];
  /** None of these accounts. */
  excludeAccounts?: string[];
  hash?: Buffer;
  lt?: bigint;
  /** Inclusive bounds on the transaction's `now`. */
  startUtime?: number;
  endUtime?: number;
  /** Inclusive bounds on lt. */
  startLt?: bigint;
  endLt?: bigint;
}

/** `blocks`: every condition given must hold. */
export interface BlockFilter {
  workchain?: number;
  shard?: bigint;
  seqno?: number;
  rootHash?: Buffer;
  fileHash?: Buffer;
  /** The masterchain block that committed it (a masterchain block: its own seqno). */
  mcSeqno?: number;
  /** Inclusive bounds on `gen_utime`. */
  startUtime?: number;
  endUtime?: number;
  /** Inclusive bounds on the block's start lt. */
  startLt?: bigint;
  endLt?: bigint;
}

export interface LedgerWriter {
  /**
   * Writes the whole batch in one transaction, or nothing; resolves once it is committed. An engine
   * may write asynchronously (PostgreSQL), so callers write batches one after another, in order.
   */
  writeBatch(batch: LedgerBatch): Promise<void>;
  close(): void;
}

/**
 * What each engine answers: the service's reads, each written in the engine's own SQL. Every method
 * answers with a promise, so that an engine reached over the network (a server database) implements
 * the same interface as the embedded one.
 */
export interface LedgerQueries {
  getBlock(ref: BlockRef): Promise<BlockRecord | null>;
  /**
   * The v2 cursor walk: hashes of one block's transactions in ascending (account id, lt), strictly
   * after (afterAccount, afterLt) when given; `incomplete` is true exactly when more follow.
   */
  getBlockTransactionHashes(
    ref: BlockRef,
    after: { account: string; lt: bigint } | null,
    count: number,
  ): Promise<{ hashes: Buffer[]; incomplete: boolean }>;
  /** The masterchain block first, then the shard blocks it commits. `null` when unknown. */
  getMasterchainBlocks(seqno: number): Promise<BlockRecord[] | null>;
  getTransactionHashesByMcSeqno(seqno: number, page: Page): Promise<Buffer[]>;
  /** Full records of the given transactions, in the given order (unknown hashes are skipped). */
  getTransactions(hashes: Buffer[]): Promise<TransactionRecord[]>;
  /** Completed traces only, ordered by end_lt (end_utime when a utime bound is given), then trace id. */
  findTraces(filter: TraceFilter, page: Page): Promise<TraceRecord[]>;
  /** The trace's transactions by lt, at most `max`. */
  getTraceTransactions(traceId: Buffer, max: number): Promise<TransactionRecord[]>;
  /**
   * `getTraceTransactions` as outcomes (a sandbox run's listing): the transaction rows and their
   * message rows alone, each inbound message's `bounced` from its sender's row when the receiver's
   * leaves it out; no contents, states or BOCs.
   */
  getTraceTransactionOutcomes(traceId: Buffer, max: number): Promise<TransactionOutcomeRecord[]>;
  /** `getTransactions` as outcomes, in the given order (unknown hashes are skipped). */
  getTransactionOutcomes(hashes: Buffer[]): Promise<TransactionOutcomeRecord[]>;
  getActions(traceIds: Buffer[]): Promise<ActionRecord[]>;
  /** Actions by id, in any order; unknown ids are skipped. */
  getActionsByIds(actionIds: Buffer[]): Promise<ActionRecord[]>;
  /**
   * `messages`: each message once (the row of its sender, or of the receiver of an external-in
   * message), ordered by its lt (`created_lt`, or its receiver's lt), then its hash.
   */
  findMessages(filter: MessageListFilter, page: Page): Promise<MessageListRow[]>;
  /**
   * `transactions`: hashes of the transactions that match, ordered by lt, then hash
   * (pending traces' transactions included: a transaction is final once in a block).
   */
  findTransactionHashes(filter: TransactionFilter, page: Page): Promise<Buffer[]>;
  /** `blocks`: by generation time, then workchain, shard and seqno. */
  findBlocks(filter: BlockFilter, page: Page): Promise<BlockRecord[]>;
  /**
   * `adjacentTransactions`: the transactions that sent this one's inbound message (`in`) or
   * received its outbound messages (`out`), or both; by lt, then hash, newest first.
   */
  findAdjacentTransactionHashes(hash: Buffer, direction: 'in' | 'out' | undefined): Promise<Buffer[]>;
  /**
   * Traces still in flight (`pendingTraces`, `pendingTransactions`), newest end_lt first, then
   * trace id: as many as the delivery holds open, whatever the ledger's size.
   */
  getPendingTraceIds(): Promise<Buffer[]>;
  /** Each transaction once, even when several of its messages match. */
  findTransactionHashesByMessage(filter: MessageFilter, page: Page): Promise<Buffer[]>;
  getAccountInfos(accounts: string[]): Promise<AccountInfoRecord[]>;
  /**
   * Each account's latest state as of masterchain block `mcSeqno` (give the snapshot's
   * `latestMasterchainSeqno`: shard blocks already written but not yet committed are ahead of it),
   * with its code and data BOCs; accounts without a transaction by then are left out. In the order
   * asked, each account once. Shared by v2 (getAddressInformation, runGetMethod) and v3
   * (accountStates, walletStates).
   */
  getAccountStates(accounts: string[], mcSeqno: number): Promise<AccountSnapshotRecord[]>;
  /**
   * Hashes of an account's transactions committed by masterchain block `mcSeqno`, newest first
   * (by lt): from the one at `fromLt` (inclusive) when given, down to lts above `toLt` (exclusive)
   * when given, at most `limit`.
   */
  getAccountTransactionHashes(account: string, range: AccountTransactionRange, limit: number): Promise<Buffer[]>;
  getTokenInfos(accounts: string[]): Promise<TokenInfoRecord[]>;
  /**
   * `topAccountsByBalance`'s two parts (account-balances.ts): the first `count` accounts by balance
   * (then account) whose newest state is committed by masterchain block `mcSeqno`, and the accounts
   * whose newest state is not (their state as of `mcSeqno` is `getAccountStates`').
   */
  getTopBalances(mcSeqno: number, count: number): Promise<{ committed: AccountBalanceRow[]; ahead: string[] }>;
  /**
   * A page of a jetton or NFT list (token-lists.ts), in its order; for a state list, of the rows its
   * `mcSeqno` commits (`findTokensAhead` names the others; token-snapshot.ts merges them).
   */
  findTokenRows<L extends TokenList>(list: L, page: ListPage): Promise<TokenRowOf<L['table']>[]>;
  /** The contracts of a state table whose newest row masterchain block `mcSeqno` does not commit. */
  findTokensAhead(table: StateTableKey, mcSeqno: number): Promise<string[]>;
  /**
   * What a trace (every transaction of it, however long) or one action (its transactions) did to
   * balances; `null` when no such trace or action is stored.
   */
  getBalanceChanges(scope: { traceId: Buffer } | { actionId: Buffer }): Promise<BalanceChangesRecord | null>;
  latestMasterchainSeqno(): Promise<number | null>;
  /**
   * An account as the producer's emulator last left it (its ShardAccount BOC, `producer_accounts`):
   * what a message sent now runs on. Null for an account the network has never seen.
   */
  getShardAccount(account: string): Promise<Buffer | null>;
  /**
   * External messages the service accepted that no block has taken yet (`inbound_messages`),
   * oldest first, at most `limit`: a pending message's trace is its emulation until its block.
   */
  getQueuedMessages(limit: number): Promise<QueuedMessage[]>;
  /** Traces by id in any state (pending ones too, unlike `findTraces`); unknown ids are skipped. */
  getTracesByIds(traceIds: Buffer[]): Promise<TraceRecord[]>;
  /**
   * Shard blocks already written whose masterchain block is not: those with a masterchain seqno
   * above `mcSeqno` (the newest masterchain block written). Their transactions are pending: a
   * producer that writes shard blocks before the masterchain block committing them makes them
   * visible here first. Ordered by masterchain seqno, workchain, shard, seqno.
   */
  getUncommittedShardBlocks(mcSeqno: number): Promise<BlockRecord[]>;
  /**
   * The run records of a ledger of @ton/sandbox test runs (`npm run sandbox`, docs/sandbox.md), read
   * on this reader's snapshot; null for any other ledger (a produced one, every PostgreSQL ledger).
   */
  sandboxRuns(): Promise<SandboxRunReads | null>;
  close(): Promise<void>;
}

/**
 * What the service reads: an engine's queries and their compositions, written once for every engine
 * (`ComposedReader`, reader-compositions.ts). A request's reads go through one
 * `LedgerSnapshots.readSnapshot` call, so they all see one state of the ledger even while the
 * producer writes.
 */
export interface LedgerReader extends LedgerQueries {
  /** `getBlockTransactionHashes` with the full records. */
  getBlockTransactions(
    ref: BlockRef,
    after: { account: string; lt: bigint } | null,
    count: number,
  ): Promise<{ transactions: TransactionRecord[]; incomplete: boolean }>;
  /** `getTransactionHashesByMcSeqno` with the full records. */
  getTransactionsByMcSeqno(seqno: number, page: Page): Promise<TransactionRecord[]>;
}

/**
 * An open ledger, whatever its engine (chosen by its location in open-ledger.ts): what the producer
 * writes through and the composition root holds.
 */
export interface LedgerStore {
  /** A SQLite file path or a `postgres://` URL. */
  readonly location: string;
  readonly reader: LedgerReader;
  /** Absent when opened read-only. */
  readonly writer: LedgerWriter | null;
  readSnapshot: LedgerSnapshots['readSnapshot'];
  /** Values such as the seed the ledger was generated with. */
  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;
  /** The producer's latest checkpoint (written with the batches), for a restart. */
  loadProducerState(): Promise<SavedProducerState>;
  close(): void | Promise<void>;
}

/** A source of consistent reads: what the service (and each of its reader workers) holds. */
export interface LedgerSnapshots {
  /**
   * Runs `fn` with a reader whose every read sees one and the same state of the ledger (blocks
   * committed meanwhile are invisible to it), and answers what `fn` answers. Calls are served one
   * after another on one connection: a second call waits for the first to finish.
   */
  readSnapshot<T>(fn: (reader: LedgerReader) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** What a witness of commits answers: equal marks read at two moments mean the ledger did not change between them. */
export type CommitMark = number | string;

/**
 * A cheap, synchronous witness of commits: `current()` answers a value that changes whenever
 * anything is committed to the ledger. Equal values at two moments mean the ledger did not change
 * between them: what the service's answer cache is keyed by (docs/architecture.md).
 */
export interface CommitCounter {
  current(): CommitMark;
  close(): void;
}

/**
 * A witness of commits that costs a round trip (PostgreSQL): `read()` answers a mark read after
 * the call was made (never one read before it), or null when it could not be read in time.
 */
export interface CommitWitness {
  read(): Promise<string | null>;
  close(): Promise<void>;
}
