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
