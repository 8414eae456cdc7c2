import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { integer, limit, MAX_UINT32, offset } from './param-rules';
import { block, v3Error } from './v3-shapes';

/** v3 masterchainBlockShards: the masterchain block and every shard block it committed. */
export const masterchainBlockShards = defineApiOperation({
  path: '/api/v3/masterchainBlockShards',
  params: z.object({ seqno: integer(0, MAX_UINT32), limit: limit(10), offset }),
  response: z.object({ blocks: z.array(block) }),
  error: v3Error,
});
