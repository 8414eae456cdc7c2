// The inbound queue: messages the service accepted for the local network (sendBoc, v3 message) and
// faucet payments it was asked for, persisted before the client is answered, taken by the one
// producer into its next block. Both engines keep it in one table, `inbound_messages`:
//
//   queued  → the service checked it on the current state and stored it; the client had its answer
//   taken   → the producer handed it to its emulator in the slot of masterchain block `mc_seqno`; the
//             row changes in the very batch that carries the producer's position with the message in
//             its queues (or its transaction), so a restart neither loses nor repeats it
//   refused → the emulator did not accept it when its block came (the account's state had changed
//             since the check: a seqno already used, a message expired meanwhile); `error` says why
//
// A faucet request is a row too (`kind = 'faucet'`, keyed by a request id): the producer pays it by
// an external message of the faucet wallet and records that message's hash in `result_hash`.
import type { QueuedMessage } from './interface';

/** What the service stores when it accepts a message or a faucet request. */
export interface InboundMessage {
  /** The message's hash (a faucet request: its id). */
  hash: Buffer;
  kind: 'external' | 'faucet';
  /** The destination (raw form): the account the message runs on, or the address a faucet pays. */
  account: string;
  /** An external message's BOC; null for a faucet request. */
  boc: Buffer | null;
  /** A faucet request's amount in nanotons; null for a message. */
  amount: bigint | null;
  /** Who sent it (the client's address), for the per-client bounds. */
  client: string;
  /** Unix milliseconds. */
  receivedAt: number;
}

export type InboundState = 'queued' | 'taken' | 'refused';

export interface InboundRecord extends InboundMessage {
  state: InboundState;
  mcSeqno: number | null;
  /** A faucet request once paid: the hash of the external message that pays it. */
  resultHash: Buffer | null;
  error: string | null;
}

/** What the producer did with an inbound row, written with its slot's batch. */
export interface InboundOutcome {
  hash: Buffer;
  state: 'taken' | 'refused';
  mcSeqno: number;
  resultHash?: Buffer;
  error?: string;
}

/** The queue as the service (enqueue, status) and the producer (take) use it. */
export interface InboundQueue {
  /** Stores a checked message or request; false when one with its hash is already stored. */
  enqueue(message: InboundMessage): Promise<boolean>;
  /** The oldest queued rows, at most `limit`. */
  queued(limit: number): Promise<InboundRecord[]>;
  /** One row by hash (a message's, or a faucet request's id). */
  get(hash: Buffer): Promise<InboundRecord | null>;
  /** When the oldest row still queued came (unix ms), or null when none waits. */
  oldestQueued(): Promise<number | null>;
  /**
   * Resolves when a row may have been queued since the last call (PostgreSQL: a NOTIFY; SQLite:
   * the process's own enqueue), or after `ms`. The producer waits here between its blocks.
   */
  waitForMessages(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** The table, the same in both engines but for the column types. */
export function inboundTableDdl(engine: 'sqlite' | 'pg'): string {
  const blob = engine === 'sqlite' ? 'BLOB' : 'bytea';
  const int = engine === 'sqlite' ? 'INTEGER' : 'bigint';
  const text = engine === 'sqlite' ? 'TEXT' : 'text COLLATE "C"';
  return `
    CREATE TABLE inbound_messages (
      hash ${blob} PRIMARY KEY, kind ${text} NOT NULL, account ${text} NOT NULL, boc ${blob}, amount ${text},
      client ${text} NOT NULL, received_at ${int} NOT NULL, state ${text} NOT NULL,
      mc_seqno ${int}, result_hash ${blob}, error ${text}
    );
    -- the producer takes the oldest queued rows first
    CREATE INDEX inbound_queued ON inbound_messages (received_at, hash) WHERE state = 'queued';`;
}

export const INBOUND_COLUMNS =
  'hash, kind, account, boc, amount, client, received_at, state, mc_seqno, result_hash, error';

/** A row as either engine reads it back (PostgreSQL's bigints arrive as strings). */
export function inboundRecord(row: Record<string, unknown>): InboundRecord {
  return {
    hash: row.hash as Buffer,
    kind: row.kind as InboundRecord['kind'],
    account: row.account as string,
    boc: (row.boc as Buffer | null) ?? null,
    amount: row.amount === null || row.amount === undefined ? null : BigInt(row.amount as string),
    client: row.client as string,
    receivedAt: Number(row.received_at),
    state: row.state as InboundState,
    mcSeqno: row.mc_seqno === null || row.mc_seqno === undefined ? null : Number(row.mc_seqno),
    resultHash: (row.result_hash as Buffer | null) ?? null,
    error: (row.error as string | null) ?? null,
  };
}

/** The values of an enqueue, in INBOUND_COLUMNS' order. */
export function inboundValues(m: InboundMessage): unknown[] {
  return [
    m.hash,
    m.kind,
    m.account,
    m.boc,
    m.amount === null ? null : m.amount.toString(),
    m.client,
    m.receivedAt,
    'queued',
    null,
    null,
    null,
  ];
}

/**
 * The statement an outcome is written with: a row moves only forward (queued → taken → refused),
 * so a batch written again after a restart changes nothing.
 */
export const INBOUND_OUTCOME_SQL = {
  taken: `UPDATE inbound_messages SET state = 'taken', mc_seqno = ?, result_hash = coalesce(?, result_hash)
    WHERE hash = ? AND state = 'queued'`,
  refused: `UPDATE inbound_messages SET state = 'refused', mc_seqno = ?, error = ? WHERE hash = ? AND state <> 'refused'`,
};

/** The arguments of INBOUND_OUTCOME_SQL[outcome.state]. */
export function inboundOutcomeArgs(o: InboundOutcome): unknown[] {
  return o.state === 'taken' ? [o.mcSeqno, o.resultHash ?? null, o.hash] : [o.mcSeqno, o.error ?? '', o.hash];
}

/** The external messages still queued, oldest first (`$1`: how many at most), as the readers ask. */
export const QUEUED_MESSAGES_SQL = `SELECT hash, boc, received_at FROM inbound_messages
  WHERE state = 'queued' AND kind = 'external' ORDER BY received_at, hash LIMIT $1`;

export function queuedMessage(row: Record<string, unknown>): QueuedMessage {
  return { hash: row.hash as Buffer, boc: row.boc as Buffer, receivedAt: Number(row.received_at) };
}
