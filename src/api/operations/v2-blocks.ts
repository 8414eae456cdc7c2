// v2 block methods beyond getBlockTransactionsExt: the shards a masterchain block commits, a block
// looked up by seqno, lt or time, its header, its transactions' short ids. Block ids here are
// TON Center's `ton.blockIdExt` (what TonClient's getWorkchainShards and getShardTransactions parse).
import { z } from 'zod';
import { cursorAccount } from './get-block-transactions-ext';
import { fail, hash, integer, MAX_UINT32, shard, text, uint64 } from './param-rules';
import { defineV2Operation, extra, tonBlockIdExt } from './v2-operation';
import { decimal, hash as hashOut } from './v3-shapes';

const workchain = integer(-1, 0);
const seqno = integer(0, MAX_UINT32);

/** v2 getShards (alias `shards`): the newest block of each shard as of masterchain block `seqno`. */
export const getShards = defineV2Operation(
  'getShards',
  z.object({ seqno }),
  z.object({ '@type': z.literal('blocks.shards'), shards: z.array(tonBlockIdExt), '@extra': extra }),
);

/**
 * v2 lookupBlock: a block of (workchain, shard) by at most one of `seqno`, `lt` (the block whose lt
 * range holds it) or `unixtime` (the last block generated at or before it); by none, the newest.
 */
export const lookupBlock = defineV2Operation(
  'lookupBlock',
  z
    .object({ workchain, shard, seqno: seqno.optional(), lt: uint64.optional(), unixtime: seqno.optional() })
    .transform((p, ctx) => {
      const given = [p.seqno, p.lt, p.unixtime].filter((v) => v !== undefined).length;
      if (given > 1)
        return fail(
          ctx,
          `seqno, lt, unixtime: give at most one of them (the block's seqno, an lt it holds, or a time), got ${given}`,
        );
      return p;
    }),
  tonBlockIdExt.extend({ '@extra': extra }),
);

const blockParams = {
  workchain,
  shard,
  seqno,
  root_hash: hash.optional(),
  file_hash: hash.optional(),
};

/** v2 getBlockHeader: a block's header fields (those our blocks do not model at their fixed values). */
export const getBlockHeader = defineV2Operation(
  'getBlockHeader',
  z.object(blockParams),
  z.object({
    '@type': z.literal('blocks.header'),
    id: tonBlockIdExt,
    global_id: z.number().int(),
    version: z.number().int(),
    flags: z.number().int(),
    after_merge: z.boolean(),
    after_split: z.boolean(),
    before_split: z.boolean(),
    want_merge: z.boolean(),
    want_split: z.boolean(),
    validator_list_hash_short: z.number().int(),
    catchain_seqno: z.number().int(),
    min_ref_mc_seqno: z.number().int(),
    is_key_block: z.boolean(),
    prev_key_block_seqno: z.number().int(),
    start_lt: decimal,
    end_lt: decimal,
    gen_utime: z.number().int(),
    vert_seqno: z.number().int(),
    prev_blocks: z.array(tonBlockIdExt),
    '@extra': extra,
  }),
);

/**
 * v2 getBlockTransactions: a block's transactions as short ids (`blocks.shortTxId`: the account in
 * raw form, lt, hash), in (account, lt) order, walked with the cursor `after_lt` + `after_hash`
 * (the lt and the account of the last one seen), as getBlockTransactionsExt is.
 */
export const getBlockTransactions = defineV2Operation(
  'getBlockTransactions',
  z
    .object({
      ...blockParams,
      after_lt: uint64.optional(),
      after_hash: text.optional(),
      count: integer(1, 1000)
        .optional()
        .transform((v) => v ?? 40),
    })
    .transform((p, ctx) => {
      if ((p.after_lt === undefined) !== (p.after_hash === undefined))
        return fail(
          ctx,
          'after_lt and after_hash: give both (the cursor is the lt and the account of the last transaction seen) or neither',
        );
      const account = p.after_hash === undefined ? undefined : cursorAccount(p.workchain)(p.after_hash, ctx);
      return { ...p, after_hash: account };
    }),
  z.object({
    '@type': z.literal('blocks.transactions'),
    id: tonBlockIdExt,
    req_count: z.number().int(),
    incomplete: z.boolean(),
    transactions: z.array(
      z.object({
        '@type': z.literal('blocks.shortTxId'),
        mode: z.number().int(),
        account: z.string().regex(/^(0|-1):[0-9A-F]{64}$/),
        lt: decimal,
        hash: hashOut,
      }),
    ),
    '@extra': extra,
  }),
);
