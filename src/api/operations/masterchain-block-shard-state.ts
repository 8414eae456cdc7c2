import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { integer, limit, MAX_UINT32, offset, sortDesc } from './param-rules';
import { addressBook, block, transaction, v3Error } from './v3-shapes';

/** v3 masterchainBlockShardState: the transactions committed by one masterchain block, and its blocks. */
export const masterchainBlockShardState = defineApiOperation({
  path: '/api/v3/masterchainBlockShardState',
  params: z.object({ seqno: integer(0, MAX_UINT32), limit: limit(100), offset, sort: sortDesc }),
  response: z.object({ transactions: z.array(transaction), address_book: addressBook, blocks: z.array(block) }),
  error: v3Error,
});
