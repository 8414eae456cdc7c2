// Rows of the store's tables turned back into records, for both engines. The engines hand the same
// columns over in different JavaScript types (SQLite: every integer a BigInt, flags 0/1; PostgreSQL:
// int4 a number, int8 a BigInt, flags booleans), so each converter accepts either.
import type {
  AccountInfoRecord,
  AccountSnapshotRecord,
  AccountStateRecord,
  AccountStatus,
  ActionRecord,
  ActionType,
  BlockRecord,
  InterfaceName,
  MessageRecord,
  TokenInfoRecord,
  TokenType,
  TraceRecord,
  TransactionRecord,
} from './records';
import { decodeAction, decodeBoc, decodeDescription } from './compact';
import { storedAccount } from './account-key';
import { MESSAGE_PAYLOAD_COLUMNS } from './message-payload';

export type Row = Record<string, unknown>;

export const num = (v: unknown): number => Number(v as bigint);
export const big = (v: unknown): bigint => BigInt(v as bigint);
export const optBig = (v: unknown): bigint | null => (v === null ? null : BigInt(v as bigint));
export const optNum = (v: unknown): number | null => (v === null ? null : Number(v as bigint));
export const flag = (v: unknown): boolean => v === true || Number(v) === 1;
export const optFlag = (v: unknown): boolean | null => (v === null ? null : flag(v));
export const blob = (v: unknown): Buffer => v as Buffer;
export const optBlob = (v: unknown): Buffer | null => (v === null ? null : (v as Buffer));
const optDec = (v: unknown): bigint | null => (v === null ? null : BigInt(v as string));
const hex = (b: Buffer) => b.toString('hex');

/** Transaction rows in the order of `hashes` (a hash with no row is skipped). */
export function inHashOrder(hashes: Buffer[], rows: Row[]): Row[] {
  const byHash = new Map(rows.map((r) => [hex(blob(r.hash)), r]));
  return hashes.flatMap((h): Row[] => {
    const r = byHash.get(hex(h));
    return r ? [r] : [];
  });
}

export function blockFromRow(row: Row): BlockRecord {
  const prev = JSON.parse(row.prev_blocks as string) as { workchain: number; shard: string; seqno: number }[];
  return {
    workchain: num(row.workchain),
    shard: big(row.shard),
    seqno: num(row.seqno),
    rootHash: blob(row.root_hash),
    fileHash: blob(row.file_hash),
    mcSeqno: num(row.mc_seqno),
    genUtime: num(row.gen_utime),
    startLt: big(row.start_lt),
    endLt: big(row.end_lt),
    txCount: num(row.tx_count),
    globalId: num(row.global_id),
    prevBlocks: prev.map((p) => ({ workchain: p.workchain, shard: BigInt(p.shard), seqno: p.seqno })),
    afterSplit: flag(row.after_split),
    beforeSplit: flag(row.before_split),
    afterMerge: flag(row.after_merge),
    wantSplit: flag(row.want_split),
    wantMerge: flag(row.want_merge),
    keyBlock: flag(row.key_block),
  };
}

export function traceFromRow(row: Row, accounts: string[]): TraceRecord {
  return {
    traceId: blob(row.trace_id),
    externalHash: optBlob(row.external_hash),
    externalHashNorm: optBlob(row.external_hash_norm),
    startLt: big(row.start_lt),
    endLt: big(row.end_lt),
    startUtime: num(row.start_utime),
    endUtime: num(row.end_utime),
    mcSeqnoStart: num(row.mc_seqno_start),
    mcSeqnoEnd: num(row.mc_seqno_end),
    transactions: num(row.transactions),
    messages: num(row.messages),
    pendingMessages: num(row.pending_messages),
    state: row.state as TraceRecord['state'],
    classificationState: row.classification_state as TraceRecord['classificationState'],
    accounts,
  };
}

/** An `accounts` row (the address book: what the classifier learned of an account). */
export function accountInfoFromRow(r: Row): AccountInfoRecord {
  return {
    account: r.account as string,
    codeHash: optBlob(r.code_hash),
    interfaces: JSON.parse(r.interfaces as string) as InterfaceName[],
    status: r.status as AccountStatus,
  };
}

/** A `token_info` row (jetton and NFT metadata). */
export function tokenInfoFromRow(r: Row): TokenInfoRecord {
  return {
    account: r.account as string,
    type: r.type as TokenType,
    name: r.name as string | null,
    symbol: r.symbol as string | null,
    decimals: optNum(r.decimals),
    description: r.description as string | null,
    image: r.image as string | null,
    extra: JSON.parse(r.extra as string) as Record<string, unknown>,
  };
}

export function actionFromRow(r: Row): ActionRecord {
  const body = decodeAction(blob(r.body));
  return {
    actionId: blob(r.action_id),
    traceId: blob(r.trace_id),
    type: r.type as ActionType,
    parentActionId: optBlob(r.parent_action_id),
    success: flag(r.success),
    startLt: big(r.start_lt),
    endLt: big(r.end_lt),
    startUtime: num(r.start_utime),
    endUtime: num(r.end_utime),
    ...body,
    transactions: body.transactions.map((h) => Buffer.from(h, 'base64')),
  };
}

/** Whether a message row keeps the message's own columns (MESSAGE_PAYLOAD_COLUMNS in message-payload.ts). */
export const keepsPayload = (r: Row) => r.direction === 'out' || r.destination !== null;

/** The columns of a message row that belong to its end (everything but MESSAGE_PAYLOAD_COLUMNS). */
function ownColumns(r: Row): Row {
  const own = { ...r };
  for (const c of MESSAGE_PAYLOAD_COLUMNS) delete own[c];
  return own;
}

/**
 * From the rows of the messages a page's transactions sent or received (every row of each such
 * message hash): the other end of each message (`<msg hash hex>:<in|out>` → transaction hash), and
 * the sender's rows that keep the columns a receiver's row leaves out.
 */
export function messageEnds(rows: Row[]): { ends: Map<string, Buffer>; payloads: Map<string, Row> } {
  const ends = new Map<string, Buffer>();
  const payloads = new Map<string, Row>();
  for (const r of rows) {
    const k = `${hex(blob(r.msg_hash))}:${r.direction as string}`;
    if (!ends.has(k)) ends.set(k, blob(r.tx_hash));
    if (keepsPayload(r) && r.direction === 'out') payloads.set(hex(blob(r.msg_hash)), r);
  }
  return { ends, payloads };
}

/** What a page of transaction rows needs besides itself, fetched by the engine in a few queries. */
export interface TransactionParts {
  /** Message rows by transaction hash (hex). */
  messages: Map<string, Row[]>;
  /** Account state rows by state hash (hex). */
  states: Map<string, Row>;
  /** Message bodies and init states by cell hash (hex). */
  contents: Map<string, Buffer>;
  /** The transaction at the other end of each message, by `<msg hash hex>:<in|out>`. */
  ends: Map<string, Buffer>;
  /** The sender's row of each internal message, by message hash (hex): see `messageEnds`. */
  payloads: Map<string, Row>;
}

/** An `account_states` row; BOCs by cell hash (hex) from `account_cells`, when read. */
function accountStateFromRow(hash: Buffer, r: Row, cells?: Map<string, Buffer>): AccountStateRecord {
  const codeHash = optBlob(r.code_hash);
  const dataHash = optBlob(r.data_hash);
  return {
    hash,
    account: r.account as string,
    balance: BigInt(r.balance as string),
    status: r.status as AccountStatus,
    codeHash,
    dataHash,
    codeBoc: (codeHash && cells?.get(hex(codeHash))) ?? null,
    dataBoc: (dataHash && cells?.get(hex(dataHash))) ?? null,
    frozenHash: optBlob(r.frozen_hash),
    lastTransLt: optBig(r.last_trans_lt),
  };
}

/** The cell hashes an `account_states` row names (what to read from `account_cells`). */
export const cellHashesOfRow = (r: Row): Buffer[] =>
  [optBlob(r.code_hash), optBlob(r.data_hash)].filter((h): h is Buffer => h !== null);

/**
 * An account's latest state from its newest transaction's row (hash, lt, now, mc_seqno,
 * state_after), the state's row and the cells read for it. The state's `account` is the one asked
 * for: every account that does not exist has the same state hash, stored once under one of them.
 */
export function accountSnapshotFromRows(
  account: string,
  tx: Row,
  state: Row,
  cells: Map<string, Buffer>,
): AccountSnapshotRecord {
  return {
    account,
    state: { ...accountStateFromRow(blob(tx.state_after), state, cells), account },
    lastTransaction: { hash: blob(tx.hash), lt: big(tx.lt), now: num(tx.now), mcSeqno: num(tx.mc_seqno) },
  };
}

/** A transaction's message rows: its inbound one, and its outbound ones by position. */
export function ownMessageRows(msgs: Row[]): { inRow: Row | undefined; outRows: Row[] } {
  return {
    inRow: msgs.find((m) => m.direction === 'in'),
    outRows: msgs.filter((m) => m.direction === 'out').sort((x, y) => num(x.position) - num(y.position)),
  };
}

/** Full records of transaction rows, from the rows and their parts. */
export function transactionsFromRows(txRows: Row[], parts: TransactionParts): TransactionRecord[] {
  const state = (hash: Buffer): AccountStateRecord => {
    const r = parts.states.get(hex(hash));
    if (!r) throw new Error(`ledger is inconsistent: account state ${hex(hash)} is missing`);
    return accountStateFromRow(hash, r);
  };
  const content = (hash: Buffer): Buffer => {
    const boc = parts.contents.get(hex(hash));
    if (!boc) throw new Error(`ledger is inconsistent: message content ${hex(hash)} is missing`);
    return boc;
  };
  const message = (row: Row): MessageRecord => {
    const hash = blob(row.msg_hash);
    const isIn = row.direction === 'in';
    const sent = keepsPayload(row) ? row : parts.payloads.get(hex(hash));
    if (!sent) throw new Error(`ledger is inconsistent: message ${hex(hash)} has no sender's row`);
    const r = sent === row ? row : { ...sent, ...ownColumns(row) };
    const initHash = optBlob(r.init_state_hash);
    return {
      hash,
      hashNorm: optBlob(r.hash_norm),
      // SQLite keeps a message's accounts as keys (account-key.ts)
      source: storedAccount(r.source),
      destination: storedAccount(r.destination),
      value: optDec(r.value),
      valueExtraCurrencies: JSON.parse(r.value_extra as string) as Record<string, string>,
      fwdFee: optDec(r.fwd_fee),
      ihrFee: optDec(r.ihr_fee),
      importFee: optDec(r.import_fee),
      createdLt: optBig(r.created_lt),
      createdAt: optNum(r.created_at),
      opcode: optNum(r.opcode),
      bounce: optFlag(r.bounce),
      bounced: optFlag(r.bounced),
      ihrDisabled: optFlag(r.ihr_disabled),
      body: { hash: blob(r.body_hash), boc: content(blob(r.body_hash)) },
      initState: initHash ? { hash: initHash, boc: content(initHash) } : null,
      comment: r.comment as string | null,
      outMsgTxHash: isIn ? (parts.ends.get(`${hex(hash)}:out`) ?? null) : blob(row.tx_hash),
      inMsgTxHash: isIn ? blob(row.tx_hash) : (parts.ends.get(`${hex(hash)}:in`) ?? null),
    };
  };
  return txRows.map((r) => {
    const hash = blob(r.hash);
    const { inRow, outRows } = ownMessageRows(parts.messages.get(hex(hash)) ?? []);
    return {
      hash,
      lt: big(r.lt),
      account: r.account as string,
      block: { workchain: num(r.workchain), shard: big(r.shard), seqno: num(r.block_seqno) },
      mcSeqno: num(r.mc_seqno),
      now: num(r.now),
      origStatus: r.orig_status as AccountStatus,
      endStatus: r.end_status as AccountStatus,
      totalFees: BigInt(r.total_fees as string),
      totalFeesExtraCurrencies: JSON.parse(r.total_fees_extra as string) as Record<string, string>,
      description: decodeDescription(blob(r.description)),
      boc: decodeBoc(blob(r.boc)),
      prevTransHash: blob(r.prev_trans_hash),
      prevTransLt: big(r.prev_trans_lt),
      stateBefore: state(blob(r.state_before)),
      stateAfter: state(blob(r.state_after)),
      traceId: blob(r.trace_id),
      traceExternalHash: optBlob(r.trace_external_hash),
      inMsg: inRow ? message(inRow) : null,
      outMsgs: outRows.map(message),
    };
  });
}
