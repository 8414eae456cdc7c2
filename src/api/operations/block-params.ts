import { z } from 'zod';
import { fail, integer, MAX_UINT32, shard } from './param-rules';

/**
 * A block named as TON Center names it, for `blocks` and `transactions`: a workchain, then a shard
 * of it, then a block's seqno in that shard; each part needs the ones before.
 */
export const blockParams = {
  workchain: integer(-1, 0).optional(),
  shard: shard.optional(),
  seqno: integer(0, MAX_UINT32).optional(),
};

export function checkBlockParams<P extends { workchain?: number; shard?: bigint; seqno?: number }>(
  p: P,
  ctx: z.RefinementCtx,
): P {
  if (p.shard !== undefined && p.workchain === undefined) return fail(ctx, 'shard: must be sent with workchain');
  if (p.seqno !== undefined && (p.workchain === undefined || p.shard === undefined))
    return fail(ctx, 'seqno: must be sent with workchain and shard');
  return p;
}
