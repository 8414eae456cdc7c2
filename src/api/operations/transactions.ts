import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { blockParams, checkBlockParams } from './block-params';
import { address, hash, integer, limit, list, MAX_UINT32, offset, rangeParams, sortDesc, uint64 } from './param-rules';
import { addressBook, transaction, v3Error } from './v3-shapes';

/** v3 transactions: every transaction that matches all the filters given, by lt (then hash). */
export const transactions = defineApiOperation({
  path: '/api/v3/transactions',
  params: z
    .object({
      ...blockParams,
      mc_seqno: integer(0, MAX_UINT32).optional(),
      account: list(address).optional(),
      exclude_account: list(address).optional(),
      hash: hash.optional(),
      lt: uint64.optional(),
      ...rangeParams,
      limit: limit(10),
      offset,
      sort: sortDesc,
    })
    .transform(checkBlockParams),
  response: z.object({ transactions: z.array(transaction), address_book: addressBook }),
  error: v3Error,
});
