// The `messages` list, written once for both engines (see transaction-list.ts for the dialect). Each
// message is listed once, by its own row: the sender's `out` row (internal and external-out
// messages keep the message's columns there) or, for an external-in message, the receiver's `in`
// row (it has no sender). Rows go by the message's lt, then its hash, asc or desc: the lt is
// `created_lt`, or for an external-in message (which has none) the lt of the transaction that
// received it. Every filter is served by an index of those rows in that order (MESSAGE_LIST_INDEXES):
// a source, destination, opcode or body hash on its own; otherwise the list itself; a list of
// message hashes names a few rows, sorted.
//
// A time bound becomes an lt bound too, read from transactions (now, lt) as the `transactions` list
// does: a message is created by a transaction (`created_at` is its `now`, `created_lt` is a few
// units after its lt) or received by one (an external-in message), and in this ledger `now` never
// goes back as lt grows. The `created_at` condition stays, so a ledger breaking that rule would
// lose rows at the edge, never gain wrong ones.
import type { Page } from './interface';
import { clampLt } from './lt-bound';

/** `messages`: every condition given must hold. */
export interface MessageListFilter {
  /** Any of these hashes (a message's hash or its normalized hash). */
  msgHashes?: Buffer[];
  bodyHash?: Buffer;
  /** `null`: external-in messages (no source). */
  source?: string | null;
  /** `null`: external-out messages (no destination). */
  destination?: string | null;
  opcode?: number;
  /** `in`: messages a transaction received; `out`: messages a transaction sent. */
  direction?: 'in' | 'out';
  /** `exclude`: internal messages only; `only`: external ones only. */
  externals?: 'exclude' | 'only';
  /** Inclusive bounds on the message's time (`created_at`, or its receiver's `now`). */
  startUtime?: number;
  endUtime?: number;
  /** Inclusive bounds on the message's lt (`created_lt`, or its receiver's lt). */
  startLt?: bigint;
  endLt?: bigint;
}

/** A message of the list: its hash and the transaction whose row lists it (sender, or receiver of an external-in). */
export interface MessageListRow {
  msgHash: Buffer;
  txHash: Buffer;
}

export interface MessageSqlDialect {
  arg(value: unknown): string;
  /** `column` is one of `values` (hashes). */
  anyOf(column: string, values: readonly Buffer[]): string;
  /** An account as the engine keeps it in `source` and `destination` (SQLite: its key); absent: the text. */
  account?(raw: string): unknown;
}

/** The message's lt, as every index of the list holds it. */
export const MESSAGE_LT = 'COALESCE(created_lt, tx_lt)';
/** The row that lists a message: its sender's, or the receiver's of an external-in message. */
export const LISTED_ROW = "(direction = 'out' OR source IS NULL)";

/**
 * Version 4 of both engines (the same SQL in each): the listed rows in the list's order, and per
 * filter a prefix in that order. Partial: the receiving copies of internal messages are not listed.
 */
export const MESSAGE_LIST_INDEXES = `
  CREATE INDEX messages_by_lt ON messages ((${MESSAGE_LT}), msg_hash) WHERE ${LISTED_ROW};
  CREATE INDEX messages_by_source_lt ON messages (source, (${MESSAGE_LT}), msg_hash) WHERE ${LISTED_ROW};
  CREATE INDEX messages_by_destination_lt ON messages (destination, (${MESSAGE_LT}), msg_hash) WHERE ${LISTED_ROW};
  CREATE INDEX messages_by_opcode_lt ON messages (opcode, (${MESSAGE_LT}), msg_hash) WHERE ${LISTED_ROW};
  CREATE INDEX messages_by_body_lt ON messages (body_hash, (${MESSAGE_LT}), msg_hash) WHERE ${LISTED_ROW};`;

function conditions(f: MessageListFilter, d: MessageSqlDialect, lts: TimeLts): string[] {
  const where = [LISTED_ROW];
  const account = (raw: string) => d.arg(d.account ? d.account(raw) : raw);
  if (f.source !== undefined) where.push(f.source === null ? 'source IS NULL' : `source = ${account(f.source)}`);
  if (f.destination !== undefined)
    where.push(f.destination === null ? 'destination IS NULL' : `destination = ${account(f.destination)}`);
  if (f.opcode !== undefined) where.push(`opcode = ${d.arg(f.opcode)}`);
  if (f.bodyHash) where.push(`body_hash = ${d.arg(f.bodyHash)}`);
  if (f.direction === 'out') where.push("direction = 'out'");
  // received: an external-in message, or a sent one whose receiving row is written
  if (f.direction === 'in')
    where.push(
      "(direction = 'in' OR EXISTS (SELECT 1 FROM messages r WHERE r.msg_hash = m.msg_hash AND r.direction = 'in'))",
    );
  if (f.externals === 'exclude') where.push('source IS NOT NULL AND destination IS NOT NULL');
  if (f.externals === 'only') where.push('(source IS NULL OR destination IS NULL)');
  if (f.startLt !== undefined) where.push(`${MESSAGE_LT} >= ${d.arg(clampLt(f.startLt))}`);
  if (f.endLt !== undefined) where.push(`${MESSAGE_LT} <= ${d.arg(clampLt(f.endLt))}`);
  if (f.startUtime !== undefined) {
    if (lts.from !== undefined && lts.from !== null) where.push(`${MESSAGE_LT} >= ${d.arg(lts.from)}`);
    where.push(`(created_at IS NULL OR created_at >= ${d.arg(f.startUtime)})`);
  }
  if (f.endUtime !== undefined) {
    if (lts.below !== undefined && lts.below !== null) where.push(`${MESSAGE_LT} < ${d.arg(lts.below)}`);
    where.push(`(created_at IS NULL OR created_at <= ${d.arg(f.endUtime)})`);
  }
  return where;
}

/**
 * The lt bounds a time range becomes, read first (as a bound inside the list's statement, SQLite
 * would not search its index by it): `from`, the lt of the first transaction at or after
 * `start_utime`; `below`, the lt of the first transaction after `end_utime` (the messages the last
 * one before it created have lts above its own). Each statement takes the time, the first row's
 * `lt` is the bound; no row: `from` null (the list is empty), `below` null (no bound).
 */
export const TIME_LT_SQL = {
  from: (arg: string) => `SELECT lt FROM transactions WHERE now >= ${arg} ORDER BY now, lt LIMIT 1`,
  below: (arg: string) => `SELECT lt FROM transactions WHERE now > ${arg} ORDER BY now, lt LIMIT 1`,
};

export interface TimeLts {
  from?: bigint | null;
  below?: bigint | null;
}

/** One statement answering a page of the list: rows of (msg_hash, tx_hash), in the page's order. */
export function messagePageSql(f: MessageListFilter, page: Page, d: MessageSqlDialect, lts: TimeLts): string {
  const dir = page.sort === 'asc' ? 'ASC' : 'DESC';
  const cols = `msg_hash, tx_hash, ${MESSAGE_LT} AS lt`;
  if (f.msgHashes?.length) {
    // a few messages by hash or normalized hash: two index lookups, their rows sorted (each arm
    // binds its own values: SQLite's placeholders are positional)
    const byHash = `SELECT ${cols} FROM messages m WHERE ${d.anyOf('msg_hash', f.msgHashes)} AND ${conditions(f, d, lts).join(' AND ')}`;
    const byNorm = `SELECT ${cols} FROM messages m WHERE ${d.anyOf('hash_norm', f.msgHashes)} AND ${conditions(f, d, lts).join(' AND ')}`;
    return `SELECT msg_hash, tx_hash FROM (${byHash} UNION ${byNorm}) x ORDER BY lt ${dir}, msg_hash ${dir} LIMIT ${d.arg(page.limit)} OFFSET ${d.arg(page.offset)}`;
  }
  const where = conditions(f, d, lts);
  return `SELECT msg_hash, tx_hash FROM messages m WHERE ${where.join(' AND ')} ORDER BY ${MESSAGE_LT} ${dir}, msg_hash ${dir} LIMIT ${d.arg(page.limit)} OFFSET ${d.arg(page.offset)}`;
}
