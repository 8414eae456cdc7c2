import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { integer, limit, MAX_UINT32, offset, sortDesc } from './param-rules';
import { addressBook, transaction, v3Error } from './v3-shapes';

/** v3 transactionsByMasterchainBlock: the transactions one masterchain block committed, by lt. */
export const transactionsByMasterchainBlock = defineApiOperation({
  path: '/api/v3/transactionsByMasterchainBlock',
  params: z.object({ seqno: integer(0, MAX_UINT32), limit: limit(10), offset, sort: sortDesc }),
  response: z.object({ transactions: z.array(transaction), address_book: addressBook }),
  error: v3Error,
});
