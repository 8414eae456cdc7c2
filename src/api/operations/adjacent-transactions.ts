import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { direction, hash } from './param-rules';
import { addressBook, transaction, v3Error } from './v3-shapes';

/**
 * v3 adjacentTransactions: the transactions next to one in its trace, the sender of its inbound
 * message (`in`), the receivers of its outbound messages (`out`), or both.
 */
export const adjacentTransactions = defineApiOperation({
  path: '/api/v3/adjacentTransactions',
  params: z.object({ hash, direction: direction.optional() }),
  response: z.object({ transactions: z.array(transaction), address_book: addressBook }),
  error: v3Error,
});
