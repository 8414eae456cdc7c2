// The records the ledger producer hands to the store, and the store hands back to the handlers.
//
// This file is the seam between the parts of docs/architecture.md: src/ledger builds these records from real
// emulator output and writes them with `LedgerWriter.writeBatch`; src/server reads them back through
// the `LedgerReader` queries and turns them into API JSON. Nothing here knows about HTTP or JSON
// dialects, and nothing here knows about the emulator.
//
// Conventions (all fields):
// - hashes are 32-byte `Buffer`s (stored as BLOBs; the API prints them as base64);
// - logical times, amounts, fees and gas figures are `bigint`;
// - account addresses are raw strings `<workchain>:<64 UPPERCASE hex>` (see src/ton/address);
// - shard ids are signed 64-bit `bigint`s (`-9223372036854775808n` is the full shard);
// - times are Unix seconds (`number`).

import type { InboundOutcome } from './inbound';
import type { TokenRows } from './token-rows';

export type AccountStatus = 'uninit' | 'frozen' | 'active' | 'nonexist';

export interface BlockRef {
  workchain: number;
  shard: bigint;
  seqno: number;
}

export interface BlockRecord extends BlockRef {
  rootHash: Buffer;
  fileHash: Buffer;
  /** For a shard block: the masterchain block that committed it; for a masterchain block: its own seqno. */
  mcSeqno: number;
  genUtime: number;
  startLt: bigint;
  endLt: bigint;
  txCount: number;
  globalId: number;
  prevBlocks: BlockRef[];
  afterSplit: boolean;
  beforeSplit: boolean;
  afterMerge: boolean;
  wantSplit: boolean;
  wantMerge: boolean;
  keyBlock: boolean;
  /** Masterchain blocks only: the newest shard blocks it commits (the `shard_state` rows). */
  shards?: BlockRef[];
}

export interface AccountStateRecord {
  /** Hash of the account cell (`ShardAccount` ref 0), equal to the transaction's state-update hash. */
  hash: Buffer;
  account: string;
  balance: bigint;
  status: AccountStatus;
  codeHash: Buffer | null;
  dataHash: Buffer | null;
  /** BOCs of code and data; the store keeps each distinct cell once. */
  codeBoc: Buffer | null;
  dataBoc: Buffer | null;
  frozenHash: Buffer | null;
  lastTransLt: bigint | null;
}

/**
 * An account's latest state as of a masterchain block: the state after its newest transaction
 * committed by that block or an earlier one (`X-Ledger-Seqno`'s block for a request), never a
 * state a later block made. `state.codeBoc`/`dataBoc` are filled here (null when the state has
 * no code or data, or when the ledger was written before the store kept cells: schema version 3).
 */
export interface AccountSnapshotRecord {
  account: string;
  state: AccountStateRecord;
  lastTransaction: { hash: Buffer; lt: bigint; now: number; mcSeqno: number };
}

/** A cell payload (message body or init state): its cell hash and its BOC. */
export interface CellContent {
  hash: Buffer;
  boc: Buffer;
}

export interface MessageRecord {
  /** Hash of the message cell, read from the transaction's raw cells. */
  hash: Buffer;
  /** TEP-467 normalized hash: external-in messages only. */
  hashNorm: Buffer | null;
  /** Raw address, `null` for the source of an external-in / destination of an external-out. */
  source: string | null;
  destination: string | null;
  /** `null` for external messages (the field does not apply). */
  value: bigint | null;
  valueExtraCurrencies: Record<string, string>;
  fwdFee: bigint | null;
  ihrFee: bigint | null;
  importFee: bigint | null;
  createdLt: bigint | null;
  createdAt: number | null;
  /** First 32 bits of the body as a signed 32-bit integer; `null` when the body is shorter. */
  opcode: number | null;
  bounce: boolean | null;
  bounced: boolean | null;
  ihrDisabled: boolean | null;
  body: CellContent;
  initState: CellContent | null;
  /** Text comment (opcode 0 and a valid snake string), else `null`. */
  comment: string | null;
  /** The transaction that sent it (`null` for external-in). */
  outMsgTxHash: Buffer | null;
  /** The transaction that received it (`null` for external-out, or not delivered yet). */
  inMsgTxHash: Buffer | null;
}

/**
 * `description` follows the v3 Description shape of docs/api.md exactly (snake_case keys, decimal strings
 * for amounts), already converted by the producer: the store keeps it as JSON and the server prints it.
 */
export type TransactionDescription = Record<string, unknown> & { type: string; aborted: boolean };

export interface TransactionRecord {
  hash: Buffer;
  lt: bigint;
  account: string;
  /** The block that holds it. */
  block: BlockRef;
  /** The masterchain block that committed `block` (for masterchain transactions: the block itself). */
  mcSeqno: number;
  now: number;
  origStatus: AccountStatus;
  endStatus: AccountStatus;
  totalFees: bigint;
  totalFeesExtraCurrencies: Record<string, string>;
  description: TransactionDescription;
  /** The serialized transaction cell; its cell hash is `hash`. */
  boc: Buffer;
  prevTransHash: Buffer;
  prevTransLt: bigint;
  stateBefore: AccountStateRecord;
  stateAfter: AccountStateRecord;
  traceId: Buffer;
  /** Hash of the external message that began the trace, `null` for tick-tock traces. */
  traceExternalHash: Buffer | null;
  inMsg: MessageRecord | null;
  outMsgs: MessageRecord[];
}

/**
 * What a sandbox run's listing shows of a transaction (its outcome, src/server/serialize/sandbox.ts):
 * the transaction's own columns and its messages' hashes, read without the messages' contents, the
 * account states or the BOC. A `TransactionRecord` is one too.
 */
export interface TransactionOutcomeRecord {
  hash: Buffer;
  lt: bigint;
  account: string;
  now: number;
  totalFees: bigint;
  description: TransactionDescription;
  traceId: Buffer;
  inMsg: Pick<MessageRecord, 'hash' | 'bounced'> | null;
  outMsgs: Pick<MessageRecord, 'hash'>[];
}

export type TraceState = 'complete' | 'pending';

export interface TraceRecord {
  /** = hash of the root transaction. */
  traceId: Buffer;
  externalHash: Buffer | null;
  externalHashNorm: Buffer | null;
  startLt: bigint;
  endLt: bigint;
  startUtime: number;
  endUtime: number;
  mcSeqnoStart: number;
  mcSeqnoEnd: number;
  transactions: number;
  messages: number;
  pendingMessages: number;
  state: TraceState;
  classificationState: 'ok' | 'unclassified' | 'failed' | 'broken';
  /** Every account with a transaction in the trace (for `traces?account=`). */
  accounts: string[];
}

export type ActionType =
  | 'ton_transfer'
  | 'contract_deploy'
  | 'call_contract'
  | 'jetton_transfer'
  | 'jetton_mint'
  | 'jetton_burn'
  | 'nft_mint'
  | 'nft_transfer';

export interface ActionRecord {
  /** Deterministic id (e.g. hash of trace id + type + first tx), base64 when printed. */
  actionId: Buffer;
  traceId: Buffer;
  type: ActionType;
  /** The action this one is part of (a `call_contract` inside a `jetton_transfer`), `null` at top level. */
  parentActionId: Buffer | null;
  success: boolean;
  startLt: bigint;
  endLt: bigint;
  startUtime: number;
  endUtime: number;
  transactions: Buffer[];
  accounts: string[];
  /** TON Center's shapes (docs/api.md, Actions): addresses raw, amounts decimal strings. */
  details: Record<string, unknown>;
}

export type InterfaceName =
  'wallet_v4r2' | 'wallet_v5r1' | 'jetton_master' | 'jetton_wallet' | 'nft_collection' | 'nft_item' | 'nft_sale';

/** What the address book and metadata need to know of an account. */
export interface AccountInfoRecord {
  account: string;
  codeHash: Buffer | null;
  interfaces: InterfaceName[];
  status: AccountStatus;
}

export type TokenType = 'jetton_masters' | 'jetton_wallets' | 'nft_collections' | 'nft_items';

export interface TokenInfoRecord {
  account: string;
  type: TokenType;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  description: string | null;
  image: string | null;
  /** e.g. `{jetton: <master>}` for a jetton wallet, `{collection, index, owner}` for an NFT item. */
  extra: Record<string, unknown>;
}

/**
 * A token's metadata as a batch writes it: with where the state it was read from stands, the
 * masterchain block and lt of the transaction that left it (not stored). Traces are classified as
 * they complete, not in lt order, so an older state's reading can come after a newer one's: it is
 * written only while no later transaction of the account is stored (its `account_balances` row),
 * or the newer reading would be undone (account-balances.ts, tokenIsCurrent).
 */
export interface TokenInfoWrite extends TokenInfoRecord {
  mcSeqno: number;
  lt: bigint;
}

/**
 * One batch, written atomically: a crash mid-batch leaves the ledger as it was before the batch.
 * Traces may be written again in a later batch (a trace that spans blocks is `pending` until its
 * last transaction lands); the later record replaces the earlier.
 */
export interface LedgerBatch {
  blocks: BlockRecord[];
  transactions: TransactionRecord[];
  traces: TraceRecord[];
  actions: ActionRecord[];
  accounts: AccountInfoRecord[];
  tokens: TokenInfoWrite[];
  /**
   * The jetton and NFT rows the batch's transactions make (token-rows.ts), derived by the producer,
   * which knows each account's contract by its code hash. Absent: the batch makes none.
   */
  tokenRows?: TokenRows;
  /** Ledger metadata written in the same transaction (e.g. how much history the producer made). */
  meta?: Record<string, string>;
  /** The producer's position after this batch, when it can resume from there (see `ProducerCheckpoint`). */
  checkpoint?: ProducerCheckpoint;
  /** What the producer did with accepted messages in this batch's slot (inbound.ts). */
  inbound?: InboundOutcome[];
}

/** An account as the producer's emulator last left it: what a restarted producer runs it from. */
export interface ProducerAccountRecord {
  account: string;
  /** Hash of the account cell: the state a next transaction starts from. */
  stateHash: Buffer;
  /** The emulator's ShardAccount BOC, code and data included. */
  shardAccount: Buffer;
}

/**
 * Where the producer stands, saved with a batch so that a restart goes on without replaying
 * history. `position` is the producer's own document (opaque to the store, kept as one value);
 * `accounts` holds only the accounts changed since the previous checkpoint, each replacing its
 * earlier row, so the saved set is every account's latest state.
 */
export interface ProducerCheckpoint {
  position: string;
  accounts: ProducerAccountRecord[];
}

/** What the store holds of the producer's position: the latest checkpoint, merged. */
export interface SavedProducerState {
  position: string | null;
  accounts: ProducerAccountRecord[];
  /** The newest masterchain block the ledger holds, `null` when empty. */
  latestMcSeqno: number | null;
  /** Its root hash: a producer going on from the ledger checks it made the very same block. */
  latestMcRootHash: Buffer | null;
}

/**
 * What one trace (or one action of it) did to balances, in TON Center's `balanceChanges` terms:
 * each account's TON change and the fees it paid, in nanotons, and each jetton owner's change per
 * jetton master, in the jetton's units. Accounts are raw addresses (docs/api.md, balanceChanges).
 */
export interface BalanceChangesRecord {
  changes: Map<string, bigint>;
  fees: Map<string, bigint>;
  /** jetton master → owner → change; owners whose balance did not move are left out. */
  jettons: Map<string, Map<string, bigint>>;
}

/** A TEP-74 jetton wallet's fixed identity, read from its data: which jetton, whose. */
export interface JettonWalletIdentity {
  master: string;
  owner: string;
}
