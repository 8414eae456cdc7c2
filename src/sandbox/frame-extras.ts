// What a frame may carry beyond sandbox's published shape: ledgerscope's own optional fields, filled
// from Acton's trace bundles (acton-bundle.ts; sandbox never sends them). They keep Acton's records
// as Acton writes them (src/commands/test/trace.rs of Acton: `failed_messages`, `executor_actions`),
// checked here field by field, so that a bundle and a frame are refused with the same reasons.
// docs/sandbox.md, "Acton's trace bundles".
import { z } from 'zod';
import type { ExecutorActionRecord } from '../store/sandbox-runs';

/** Nanotons as Acton writes them: a decimal string. */
const nanotons = z.string().regex(/^\d{1,40}$/, 'a decimal amount of nanotons');
const int = z.number().int();

/** A Tolk source position (Acton's `SourceLocation`), as its source map gives it. */
export const sourceLocation = z.object({
  file: z.string(),
  line: int,
  column: int,
  end_line: int,
  end_column: int,
  length: int,
});

/** Why the executor refused an action (Acton reads it from the executor's log). */
export const failureReason = z.discriminatedUnion('type', [
  z.object({ type: z.literal('not_enough_grams_to_send'), remaining_balance: nanotons, required: nanotons }),
  z.object({ type: z.literal('cannot_reserve_grams'), requested: nanotons, available: nanotons }),
]);

const outcome = {
  location: sourceLocation.nullish(),
  failure_code: int.nullish(),
};

/**
 * One action of a transaction's action phase as the executor performed it (or failed to): Acton's
 * `executor_actions` item, tagged by `type`.
 */
export const executorAction = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('send_message'),
    /** The hash of the message cell the action named (hex), as the executor's log prints it. */
    hash: z.string().regex(/^[0-9a-fA-F]{64}$/, 'a hex hash'),
    remaining_balance: nanotons,
    failure_reason: failureReason.nullish(),
    ...outcome,
  }),
  z.object({
    type: z.literal('reserve_currency'),
    mode: int,
    reserve: nanotons,
    balance: nanotons,
    original_balance: nanotons,
    changed_remaining_balance: nanotons,
    changed_reserved_balance: nanotons,
    failure_reason: failureReason.nullish(),
    ...outcome,
  }),
  z.object({ type: z.literal('set_code'), ...outcome }),
  z.object({ type: z.literal('change_library'), ...outcome }),
]);

/**
 * A message attempt of the run that made no transaction (an external message its contract did not
 * accept, a message the emulator could not run): Acton's `failed_messages` item.
 */
export const failedMessage = z.object({
  error: z.string(),
  vm_log_diff: z.string().nullish(),
  vm_exit_code: int.nullish(),
  executor_logs: z.string().nullish(),
  missing_libraries: z.array(z.string()).nullish(),
});

/** What Acton says of the trace a frame was made of. */
export const actonTrace = z.object({
  /** The trace's name (`txs.giveName(...)`, else Acton's `Trace N`). */
  name: z.string().nullish(),
  /** Acton marked the trace as a treasury's deploy. */
  treasuryDeploy: z.boolean().optional(),
  /** Traces the test hid with `hideTraceFromUi()`: its bundle's count, given with the bundle's first trace. */
  hiddenTraces: z.number().int().nonnegative().optional(),
});

export type ExecutorAction = z.output<typeof executorAction>;
// what is checked here is what the run records keep and read back (run-store.ts writes it as JSON,
// the store reads it as ExecutorActionRecord): the two must not drift apart
executorAction satisfies z.ZodType<ExecutorActionRecord>;
export type FailedMessage = z.output<typeof failedMessage>;
export type ActonTrace = z.output<typeof actonTrace>;
