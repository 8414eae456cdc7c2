// The strict zod shapes of the v3 answers in our dialect (docs/api.md), which the operations of this
// folder compose into their responses. The server's serializers are typed from them and its answers
// are validated against them in its tests. The explorer reads with the lenient schemas of ../wire.ts,
// which accept these and the public TON Center dialect alike.
import { z } from 'zod';

export const hash = z.string().regex(/^[A-Za-z0-9+/]{43}=$/, 'a base64 hash of 44 characters');
export const decimal = z.string().regex(/^-?\d+$/, 'a decimal integer string');
export const rawAddress = z.string().regex(/^(0|-1):[0-9A-F]{64}$/, 'a raw address with upper-case hex');
/** An account's status in v3's names (the ledger's own). */
export const accountStatus = z.enum(['uninit', 'frozen', 'active', 'nonexist']);
const status = accountStatus;

export const accountState = z.object({
  hash,
  balance: decimal,
  extra_currencies: z.record(z.string(), z.string()),
  account_status: status,
  frozen_hash: hash.nullable(),
  data_hash: hash.nullable(),
  code_hash: hash.nullable(),
  data_boc: z.string().optional(),
  code_boc: z.string().optional(),
});

/** A body as the decoder reads it: `{type, comment}` for a text comment, `{type, data}` otherwise; null when unknown. */
export const decodedBody = z
  .object({ type: z.string(), comment: z.string().optional(), data: z.record(z.string(), z.unknown()).optional() })
  .nullable();

export const messageBody = z.object({
  hash,
  body: z.string(),
  decoded: decodedBody,
});

export const message = z.object({
  hash,
  hash_norm: hash.optional(),
  source: rawAddress.nullable(),
  destination: rawAddress.nullable(),
  value: decimal.nullable(),
  value_extra_currencies: z.record(z.string(), z.string()),
  fwd_fee: decimal.nullable(),
  ihr_fee: decimal.nullable(),
  extra_flags: decimal.nullable(),
  import_fee: decimal.nullable(),
  created_lt: decimal.nullable(),
  created_at: decimal.nullable(),
  opcode: z.number().int().min(-0x80000000).max(0x7fffffff).nullable(),
  /** The decoder's name for the opcode (`jetton_transfer`, `text_comment`); null when it knows none. */
  decoded_opcode: z.string().nullable(),
  ihr_disabled: z.boolean().nullable(),
  bounce: z.boolean().nullable(),
  bounced: z.boolean().nullable(),
  in_msg_tx_hash: hash.optional(),
  out_msg_tx_hash: hash.optional(),
  message_content: messageBody,
  init_state: messageBody.nullable(),
});

const computePhase = z.union([
  z.object({ skipped: z.literal(true), reason: z.string() }),
  z.object({
    skipped: z.literal(false),
    success: z.boolean(),
    msg_state_used: z.boolean(),
    account_activated: z.boolean(),
    gas_fees: decimal,
    gas_used: decimal,
    gas_limit: decimal,
    gas_credit: decimal.optional(),
    mode: z.number().int(),
    exit_code: z.number().int(),
    exit_arg: z.number().int().optional(),
    vm_steps: z.number().int(),
    vm_init_state_hash: hash,
    vm_final_state_hash: hash,
  }),
]);

const msgSize = z.object({ cells: decimal, bits: decimal });

export const description = z.object({
  type: z.enum(['ord', 'tick_tock', 'storage', 'split_prepare', 'split_install', 'merge_prepare', 'merge_install']),
  aborted: z.boolean(),
  destroyed: z.boolean().optional(),
  credit_first: z.boolean().optional(),
  is_tock: z.boolean().optional(),
  installed: z.boolean().optional(),
  storage_ph: z
    .object({ storage_fees_collected: decimal, storage_fees_due: decimal.optional(), status_change: z.string() })
    .optional(),
  credit_ph: z
    .object({
      due_fees_collected: decimal.optional(),
      credit: decimal,
      credit_extra_currencies: z.record(z.string(), z.string()),
    })
    .optional(),
  compute_ph: computePhase.optional(),
  action: z
    .object({
      success: z.boolean(),
      valid: z.boolean(),
      no_funds: z.boolean(),
      status_change: z.string(),
      total_fwd_fees: decimal.optional(),
      total_action_fees: decimal.optional(),
      result_code: z.number().int(),
      result_arg: z.number().int().optional(),
      tot_actions: z.number().int(),
      spec_actions: z.number().int(),
      skipped_actions: z.number().int(),
      msgs_created: z.number().int(),
      action_list_hash: hash,
      tot_msg_size: msgSize,
    })
    .optional(),
  bounce: z
    .object({
      type: z.enum(['negfunds', 'nofunds', 'ok']),
      msg_size: msgSize.optional(),
      req_fwd_fees: decimal.optional(),
      msg_fees: decimal.optional(),
      fwd_fees: decimal.optional(),
    })
    .optional(),
});

export const blockRef = z.object({
  workchain: z.number().int(),
  shard: decimal,
  seqno: z.number().int().nonnegative(),
});

export const transaction = z.object({
  account: rawAddress,
  hash,
  lt: decimal,
  now: z.number().int(),
  mc_block_seqno: z.number().int().nonnegative(),
  trace_id: hash,
  trace_external_hash: hash.optional(),
  prev_trans_hash: hash,
  prev_trans_lt: decimal,
  orig_status: status,
  end_status: status,
  total_fees: decimal,
  total_fees_extra_currencies: z.record(z.string(), z.string()),
  description,
  block_ref: blockRef,
  in_msg: message.nullable(),
  out_msgs: z.array(message),
  account_state_before: accountState,
  account_state_after: accountState,
  emulated: z.boolean(),
});

export const addressBook = z.record(
  rawAddress,
  z.object({
    user_friendly: z.string().regex(/^[A-Za-z0-9_-]{48}$/),
    domain: z.string().nullable(),
    interfaces: z.array(z.string()),
  }),
);

export const metadata = z.record(
  rawAddress,
  z.object({
    is_indexed: z.boolean(),
    token_info: z.array(
      z.object({
        valid: z.boolean().optional(),
        type: z.string(),
        name: z.string().optional(),
        symbol: z.string().optional(),
        description: z.string().optional(),
        image: z.string().optional(),
        extra: z.record(z.string(), z.unknown()),
      }),
    ),
  }),
);

export const block = z.object({
  workchain: z.number().int(),
  shard: decimal,
  seqno: z.number().int().nonnegative(),
  root_hash: hash,
  file_hash: hash,
  global_id: z.number().int(),
  version: z.number().int(),
  after_merge: z.boolean(),
  before_split: z.boolean(),
  after_split: z.boolean(),
  want_merge: z.boolean(),
  want_split: z.boolean(),
  key_block: z.boolean(),
  vert_seqno_incr: z.boolean(),
  flags: z.number().int(),
  gen_utime: decimal,
  start_lt: decimal,
  end_lt: decimal,
  validator_list_hash_short: z.number().int(),
  gen_catchain_seqno: z.number().int(),
  min_ref_mc_seqno: z.number().int(),
  prev_key_block_seqno: z.number().int(),
  vert_seqno: z.number().int(),
  master_ref_seqno: z.number().int(),
  rand_seed: hash,
  created_by: hash,
  tx_count: z.number().int().nonnegative(),
  masterchain_block_ref: blockRef,
  prev_blocks: z.array(blockRef),
});

export const action = z.object({
  action_id: hash,
  type: z.string(),
  success: z.boolean(),
  start_lt: decimal,
  end_lt: decimal,
  start_utime: z.number().int(),
  end_utime: z.number().int(),
  trace_id: hash,
  trace_external_hash: hash.optional(),
  trace_external_hash_norm: hash.optional(),
  trace_end_lt: decimal,
  trace_end_utime: z.number().int(),
  trace_mc_seqno_end: z.number().int(),
  transactions: z.array(hash),
  accounts: z.array(rawAddress),
  details: z.unknown(),
});

export type TraceNodeJson = {
  tx_hash: string;
  transaction_hash: string;
  transaction_lt: string;
  transaction_now: number;
  transaction_aborted: boolean;
  in_msg_hash?: string;
  in_msg?: z.infer<typeof message>;
  transaction: z.infer<typeof transaction>;
  children: TraceNodeJson[];
};

export const traceNode: z.ZodType<TraceNodeJson> = z.lazy(() =>
  z.object({
    tx_hash: hash,
    transaction_hash: hash,
    transaction_lt: decimal,
    transaction_now: z.number().int(),
    transaction_aborted: z.boolean(),
    in_msg_hash: hash.optional(),
    in_msg: message.optional(),
    transaction,
    children: z.array(traceNode),
  }),
);

export const trace = z.object({
  trace_id: hash,
  external_hash: hash.nullable(),
  mc_seqno_start: decimal,
  mc_seqno_end: decimal,
  start_lt: decimal,
  start_utime: z.number().int(),
  end_lt: decimal,
  end_utime: z.number().int(),
  trace_info: z.object({
    trace_state: z.string(),
    messages: z.number().int(),
    transactions: z.number().int(),
    pending_messages: z.number().int(),
    classification_state: z.string(),
  }),
  is_incomplete: z.boolean(),
  warning: z.string().optional(),
  trace: traceNode.nullable(),
  transactions_order: z.array(hash),
  transactions: z.record(hash, transaction),
  actions: z.array(action).optional(),
});

/** Every v3 error answer: `{error}`. */
export const v3Error = z.object({ error: z.string().min(1) });

// The JSON of each shape, the types the server's serializers return (src/server/serialize/v3.ts).
export type AccountState = z.output<typeof accountState>;
export type Message = z.output<typeof message>;
export type Transaction = z.output<typeof transaction>;
export type Block = z.output<typeof block>;
export type Action = z.output<typeof action>;
export type Trace = z.output<typeof trace>;
