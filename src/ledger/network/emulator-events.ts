import type { AccountStateRecord, TransactionRecord } from '../../store/records';

/**
 * What the emulator side of the network tells the ledger side, in order. The emulator may run in a
 * worker thread, so every event is plain data (strings, numbers, bigints, Buffers: what
 * `v8.serialize` carries between threads).
 */
export type EmulatorEvent =
  GenesisEvent | TransactionEvent | { kind: 'traceEnd'; trace: number } | EndSlotEvent | RefusedEvent | PaidEvent;

/** Faucet requests paid by one external message of the faucet wallet (its trace follows like any other). */
export interface PaidEvent {
  kind: 'paid';
  requests: Buffer[];
  messageHash: Buffer;
}

/**
 * An external message that made no transaction when its block came: its contract did not accept it
 * (a developer's message that went stale between its check and its block). Nothing of it is in the
 * ledger; the inbound queue records why.
 */
export interface RefusedEvent {
  kind: 'refused';
  messageHash: Buffer;
  reason: string;
}

/**
 * The slot is over. `checkpoint` (plain data: the traffic's state and the messages and traces in
 * flight) is set when the emulator has a driver to ask: the ledger side saves its position with
 * that slot's batch.
 */
export interface EndSlotEvent {
  kind: 'endSlot';
  now: number;
  lt: bigint;
  checkpoint?: Record<string, unknown>;
}

/** An account's state before history begins. */
export interface GenesisEvent {
  kind: 'genesis';
  state: AccountStateRecord;
  shardAccountBoc: Buffer;
}

/**
 * One executed transaction, read out where it ran (the emulator's side parsed the transaction
 * already, to deliver its messages). Left to the ledger side: its block and masterchain block, the
 * account's state before (the ledger side keeps every account's latest state) and after (from the
 * emulator's BOC), its trace, and its messages, which the ledger side reads from the BOC: the
 * emulator's thread is the busier one.
 */
export interface TransactionEvent {
  kind: 'tx';
  /** The emulator's id of the trace the transaction belongs to (not the ledger's trace id). */
  trace: number;
  /** The first transaction of a trace. */
  traceStart: boolean;
  tx: ExecutedTransaction;
  /** The state hash the transaction started from (for an account the ledger has not seen yet). */
  oldStateHash: Buffer;
  /** The account after it: the hash of its Account cell, and the ShardAccount BOC the emulator returned. */
  stateAfter: { hash: Buffer; shardAccountBoc: Buffer };
}

export type ExecutedTransaction = Omit<
  TransactionRecord,
  'block' | 'mcSeqno' | 'stateBefore' | 'stateAfter' | 'traceId' | 'traceExternalHash' | 'inMsg' | 'outMsgs'
>;

export type EmulatorSink = (event: EmulatorEvent) => void;
