// A message the service accepted is pending until a block takes it; TON Center's pendingTraces and
// pendingTransactions then answer its emulated trace (its mempool's messages, run ahead of their
// blocks), so that a client sees what its message will do before it happens. Here that is each
// external message still queued in `inbound_messages`, run by the real emulator on the current
// state (src/tvm/emulate-trace.ts), as the emulation API runs one; nothing is stored. A message
// the state no longer accepts (its seqno used meanwhile) has no trace: its block will refuse it too.
import { Cell } from '@ton/core';
import type { TraceRecord, TransactionRecord } from '../../store/records';
import { emulatedTraceRecord } from '../emulation/emulated-trace-record';
import { emulateTrace, EmulationRefused } from '../../tvm/emulate-trace';
import { emulatorLoaded, emulatorReady } from '../../tvm/executor';
import type { ReadContext } from '../execution/operation';
import { EMULATE_MAX_TRANSACTIONS } from '../emulation/emulate-task';

/** Queued messages one answer emulates at most (a block takes up to 256; a list answers a few). */
export const PENDING_EMULATED_MAX = 32;

/** Each message's emulation stops after this long (a trace that never ends, cut: what ran is shown). */
const EMULATION_BUDGET_MS = 1000;

export interface EmulatedPending {
  trace: TraceRecord;
  /** In the order they ran, the root first. */
  txs: TransactionRecord[];
}

/**
 * Emulations kept by this worker, by message and masterchain block: a message is emulated once a
 * block (the state it runs on), however often it is asked for, and forgotten when it leaves the
 * queue. Requests of one message share the promise of its one run.
 */
const kept = new Map<string, Promise<EmulatedPending | null>>();

/** The emulated traces of the messages still queued, newest first. */
export async function emulatedPendingTraces(ctx: ReadContext): Promise<EmulatedPending[]> {
  const queued = await ctx.reader.getQueuedMessages(PENDING_EMULATED_MAX);
  const keys = queued.map((q) => `${q.hash.toString('hex')}:${ctx.mcSeqno}`);
  const current = new Set(keys);
  for (const key of kept.keys()) if (!current.has(key)) kept.delete(key);
  if (queued.length === 0) return [];
  if (!emulatorReady() && ctx.interruptible) await ctx.interruptible(emulatorLoaded());
  const found: EmulatedPending[] = [];
  for (let i = queued.length - 1; i >= 0; i--) {
    const key = keys[i]!;
    let run = kept.get(key);
    if (!run) {
      run = emulate(ctx, queued[i]!.boc);
      kept.set(key, run);
      // a failure is the request's, not a result to keep
      run.catch(() => kept.delete(key));
    }
    const emulated = await run;
    if (emulated) found.push(emulated);
  }
  return found;
}

async function emulate(ctx: ReadContext, boc: Buffer): Promise<EmulatedPending | null> {
  let trace;
  try {
    const message = Cell.fromBoc(boc)[0]!;
    trace = await emulateTrace({
      message,
      shardAccount: (account) => ctx.reader.getShardAccount(account),
      now: Math.floor(Date.now() / 1000),
      ignoreChksig: false,
      maxTransactions: Math.min(EMULATE_MAX_TRANSACTIONS, ctx.traceMaxTxs),
      deadline: Date.now() + EMULATION_BUDGET_MS,
      // the message's own hash: every worker's run of it agrees
      randSeed: message.hash(),
    });
  } catch (error) {
    if (error instanceof EmulationRefused) return null;
    throw error;
  }
  return { trace: emulatedTraceRecord(trace.transactions, ctx.mcSeqno ?? 0), txs: trace.transactions };
}
