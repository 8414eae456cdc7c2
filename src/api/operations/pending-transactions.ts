import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { address, list, ton } from './param-rules';
import { parseHash } from '../../ton/hash';
import { addressBook, transaction, v3Error } from './v3-shapes';

/** v3 pendingTransactions: the transactions of traces still in flight, by account or trace id. */
export const pendingTransactions = defineApiOperation({
  path: '/api/v3/pendingTransactions',
  params: z.object({ account: list(address).optional(), trace_id: list(ton(parseHash)).optional() }),
  response: z.object({ transactions: z.array(transaction), address_book: addressBook }),
  error: v3Error,
});
