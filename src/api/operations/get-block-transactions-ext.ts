import { z } from 'zod';
import { parseHash } from '../../ton/hash';
import { defineApiOperation } from './api-operation';
import { address, fail, hash, integer, MAX_UINT32, shard, text, uint64 } from './param-rules';
import { blockIdExt, rawTransaction, v2Error } from './v2-shapes';

/** A 32-byte account id (hex or base64) of the v2 cursor, or a full address: the raw address. */
export function cursorAccount(workchain: number) {
  return (s: string, ctx: z.RefinementCtx): string => {
    if (/^[0-9a-fA-F]{64}$/.test(s) || /^[A-Za-z0-9+/_-]{43}=$/.test(s)) {
      return `${workchain}:${parseHash(s).toString('hex').toUpperCase()}`;
    }
    return address(s, ctx);
  };
}

/**
 * v2 getBlockTransactionsExt: a block's transactions in (account, lt) order, walked with the cursor
 * `after_lt` + `after_hash` (the lt and the account of the last transaction of the previous page).
 */
export const getBlockTransactionsExt = defineApiOperation({
  path: '/api/v2/getBlockTransactionsExt',
  params: z
    .object({
      workchain: integer(-1, 0),
      shard,
      seqno: integer(0, MAX_UINT32),
      root_hash: hash.optional(),
      file_hash: hash.optional(),
      after_lt: uint64.optional(),
      after_hash: text.optional(),
      count: integer(1, 1000)
        .optional()
        .transform((v) => v ?? 40),
    })
    .transform((p, ctx) => {
      if ((p.after_lt === undefined) !== (p.after_hash === undefined)) {
        return fail(
          ctx,
          'after_lt and after_hash: give both (the cursor is the lt and the account of the last transaction seen) or neither',
        );
      }
      const account = p.after_hash === undefined ? undefined : cursorAccount(p.workchain)(p.after_hash, ctx);
      return { ...p, after_hash: account };
    }),
  response: z.object({
    ok: z.literal(true),
    result: z.object({
      '@type': z.literal('blocks.transactionsExt'),
      id: blockIdExt,
      req_count: z.number().int(),
      incomplete: z.boolean(),
      transactions: z.array(rawTransaction),
      '@extra': z.string(),
    }),
  }),
  error: v2Error,
});
