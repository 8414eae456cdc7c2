import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { blockParams, checkBlockParams } from './block-params';
import { hash, integer, limit, MAX_UINT32, offset, rangeParams, sortDesc } from './param-rules';
import { block, v3Error } from './v3-shapes';

/** v3 blocks: masterchain and shard blocks matching every filter given, by generation time. */
export const blocks = defineApiOperation({
  path: '/api/v3/blocks',
  params: z
    .object({
      ...blockParams,
      root_hash: hash.optional(),
      file_hash: hash.optional(),
      mc_seqno: integer(0, MAX_UINT32).optional(),
      ...rangeParams,
      limit: limit(10),
      offset,
      sort: sortDesc,
    })
    .transform(checkBlockParams),
  response: z.object({ blocks: z.array(block) }),
  error: v3Error,
});
