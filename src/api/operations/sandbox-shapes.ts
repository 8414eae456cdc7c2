// The strict shapes of the /api/sandbox answers (docs/api.md, "Sandbox test runs"): our own paths
// over the run records `npm run sandbox` keeps (docs/sandbox.md). Hashes are base64 and addresses
// raw, as in our v3 dialect; lts are decimal strings.
import { z } from 'zod';
import { text } from './param-rules';
import { decimal, hash, rawAddress } from './v3-shapes';

/** A test's key (`id:<uuid>`, `test:<file>::<name>`, `none`): as the tests list gives it. */
export const testKey = text.pipe(z.string().min(1, 'must not be empty').max(4096, 'is longer than 4096 characters'));

export const sandboxTest = z.object({
  key: z.string(),
  id: z.string().nullable(),
  name: z.string().nullable(),
  /** The test file. */
  path: z.string().nullable(),
  /** Its frames (message runs) and the blocks of its first and newest. */
  runs: z.number().int().nonnegative(),
  first_seqno: z.number().int().nonnegative(),
  last_seqno: z.number().int().nonnegative(),
  /** When its newest run was received (unix seconds). */
  last_received_at: z.number().int().nonnegative(),
});

/** What a name is: the wrapper class sandbox's meta recorded, or the treasury's seed. */
export const sandboxName = z.object({
  wrapper_name: z.string().nullable(),
  treasury_seed: z.string().nullable(),
  /** its test gave an ABI for it (a Tact wrapper's, or the Tolk compiler's in an Acton bundle). */
  has_abi: z.boolean(),
});
export const sandboxNames = z.record(rawAddress, sandboxName);

export const exitMeaning = z.object({ name: z.string(), description: z.string() });

/** One transaction of a run: its outcome and its gas. */
export const runTransaction = z.object({
  hash,
  trace_id: hash,
  account: rawAddress,
  lt: decimal,
  now: z.number().int(),
  /** sandbox's link: its parent's lt, when it has one in the run (the sender of its message in this run). */
  parent_lt: decimal.nullable(),
  aborted: z.boolean(),
  /** The compute phase ran and failed, or the action phase failed. */
  failed: z.boolean(),
  /** The compute phase: skipped (with the reason), or its exit code, its meaning and gas used. */
  compute: z
    .union([
      z.object({ skipped: z.literal(true), reason: z.string() }),
      z.object({
        skipped: z.literal(false),
        success: z.boolean(),
        exit_code: z.number().int(),
        exit: exitMeaning,
        gas_used: decimal,
        vm_steps: z.number().int().nonnegative(),
      }),
    ])
    .nullable(),
  /** The action phase, when there was one: its result code and meaning. */
  action: z.object({ success: z.boolean(), result_code: z.number().int(), result: exitMeaning }).nullable(),
  total_fees: decimal,
  /** A bounced message's receipt: its inbound message is a bounce. */
  in_msg_bounced: z.boolean(),
});

/**
 * A message attempt of the run that made no transaction (Acton's `failed_messages`: an external
 * message its contract did not accept, a message the emulator could not run): Acton's error, the
 * VM's exit code and its meaning when the VM ran, its VM log and executor log.
 */
export const failedMessage = z.object({
  error: z.string(),
  exit_code: z.number().int().nullable(),
  exit: exitMeaning.nullable(),
  vm_log: z.string().nullable(),
  blockchain_log: z.string().nullable(),
  /** Libraries the message's code needed that the emulator did not have. */
  missing_libraries: z.array(z.string()),
});

/** What Acton said of the trace a run was made of (null for sandbox's runs). */
export const actonTrace = z.object({
  /** The trace's name (`txs.giveName(...)`, else Acton's `Trace N`). */
  trace_name: z.string().nullable(),
  /** Acton marked it as a treasury's deploy. */
  treasury_deploy: z.boolean(),
  /** Traces of the test's bundle hidden with `hideTraceFromUi()` (counted on the bundle's first run). */
  hidden_traces: z.number().int().nonnegative(),
});

/** A Tolk source position as Acton's source map gives it. */
export const sourceLocation = z.object({
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  end_line: z.number().int(),
  end_column: z.number().int(),
  length: z.number().int(),
});

/**
 * One action of a transaction's action phase as the executor performed it or refused it (Acton's
 * `executor_actions`, read by Acton from the executor's log): its outcome in words beside Acton's
 * own fields.
 */
export const executorAction = z.object({
  type: z.enum(['send_message', 'reserve_currency', 'set_code', 'change_library']),
  /** The executor refused it (a failure code or a reason). */
  failed: z.boolean(),
  /** The action phase's result code it ended with, and its meaning. */
  failure_code: z.number().int().nullable(),
  failure: exitMeaning.nullable(),
  /** Why, in words: `not enough balance: remaining 0.5 TON, required 2 TON`. */
  reason: z.string().nullable(),
  /** Why, as Acton wrote it (amounts in nanotons). */
  failure_reason: z
    .union([
      z.object({ type: z.literal('not_enough_grams_to_send'), remaining_balance: decimal, required: decimal }),
      z.object({ type: z.literal('cannot_reserve_grams'), requested: decimal, available: decimal }),
    ])
    .nullable(),
  /** The Tolk source that made the action, and the same as `file:line:column`. */
  location: sourceLocation.nullable(),
  at: z.string().nullable(),
  /** send_message: the hash of the message cell the action named (not the sent message's: the executor completes it). */
  message_hash: hash.nullable(),
  /** send_message: the balance left after it. */
  remaining_balance: decimal.nullable(),
  /** reserve_currency: Acton's figures (nanotons). */
  reserve: z
    .object({
      mode: z.number().int(),
      reserve: decimal,
      balance: decimal,
      original_balance: decimal,
      changed_remaining_balance: decimal,
      changed_reserved_balance: decimal,
    })
    .nullable(),
});

export const sandboxRun = z.object({
  /** The frame's masterchain (and basechain) block seqno: where its transactions are in the ledger. */
  seqno: z.number().int().nonnegative(),
  test_key: z.string(),
  shape: z.enum(['test-data', 'earlier']),
  received_at: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /**
   * The run's traces; `written` false: the same trace was stored by an earlier run. Its
   * transactions are theirs and those it repeated of an earlier run's trace (each its `trace_id`).
   */
  traces: z.array(z.object({ trace_id: hash, written: z.boolean() })),
  transactions: z.array(runTransaction),
  /** How many of its transactions failed, and the gas of all of them. */
  failed: z.number().int().nonnegative(),
  gas_used: decimal,
  /**
   * Its message attempts that made no transaction (from an Acton bundle). A run of these alone has
   * no transactions, and its two blocks are empty (docs/sandbox.md).
   */
  failed_messages: z.array(failedMessage),
  acton: actonTrace.nullable(),
});

export const storageCell = z.object({ hash, boc: z.string() }).nullable();

/** A field read by a contract's ABI (src/ton/abi-decoding.ts: Tact's or Tolk's); a struct's row comes before its fields. */
export const abiField = z.object({
  path: z.string(),
  type: z.string(),
  kind: z.enum(['int', 'bool', 'address', 'cell', 'string', 'bytes', 'map', 'struct', 'enum', 'null']),
  value: z.string().nullable(),
});
/** A cell read by a contract's ABI, or why it could not be. */
export const abiDecoding = z.union([
  z.object({ type: z.string(), layout: z.string().nullable(), fields: z.array(abiField) }),
  z.object({ error: z.string() }),
]);
