import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { direction, fail, hash, limit, offset, opcode, sortDesc } from './param-rules';
import { addressBook, transaction, v3Error } from './v3-shapes';

/** v3 transactionsByMessage: the sender (`out`) and receiver (`in`) transactions of matching messages. */
export const transactionsByMessage = defineApiOperation({
  path: '/api/v3/transactionsByMessage',
  params: z
    .object({
      msg_hash: hash.optional(),
      body_hash: hash.optional(),
      opcode: opcode.optional(),
      direction: direction.optional(),
      limit: limit(10),
      offset,
      sort: sortDesc,
    })
    .transform((p, ctx) => {
      if (p.msg_hash === undefined && p.body_hash === undefined && p.opcode === undefined) {
        return fail(ctx, 'msg_hash, body_hash, opcode: give at least one');
      }
      return p;
    }),
  response: z.object({ transactions: z.array(transaction), address_book: addressBook }),
  error: v3Error,
});
