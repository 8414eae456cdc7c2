import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { fail, hash } from './param-rules';
import { decimal, rawAddress, v3Error } from './v3-shapes';

/** v3 balanceChanges: what one trace, or one action of it, did to TON and jetton balances. */
export const balanceChanges = defineApiOperation({
  path: '/api/v3/balanceChanges',
  // exactly one of the two ids
  params: z.object({ trace_id: hash.optional(), action_id: hash.optional() }).transform((p, ctx) => {
    if ((p.trace_id === undefined) === (p.action_id === undefined)) {
      return fail(ctx, 'trace_id, action_id: give exactly one');
    }
    return p.trace_id !== undefined ? { traceId: p.trace_id } : { actionId: p.action_id! };
  }),
  // nanoton changes and fees as JSON integers, jetton changes as decimal strings
  response: z.object({
    changes: z.record(rawAddress, z.number().int()),
    fees: z.record(rawAddress, z.number().int().nonnegative()),
    jettons: z.record(rawAddress, z.record(rawAddress, decimal)),
  }),
  error: v3Error,
});
