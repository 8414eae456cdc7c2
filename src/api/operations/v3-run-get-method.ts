// v3 runGetMethod (TON Center's `V2RunGetMethodRequest`): v2's runGetMethod with the stack as
// `{type, value}` objects. Taken as a POST with a JSON body, as TON Center takes it, or as a GET.
import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { fail, shown, text } from './param-rules';
import { method, stackArgument, type StackArgument } from './run-get-method';
import { addressParam } from './v2-operation';
import { v3Error } from './v3-shapes';

/** `[{"type": "num", "value": "0x12a"}, {"type": "cell", "value": "te6..."}, {"type": "slice", ...}]` */
const stack = text.optional().transform((s, ctx): StackArgument[] => {
  if (s === undefined || s === '') return [];
  let list: unknown;
  try {
    list = JSON.parse(s);
  } catch {
    return fail(ctx, `must be a JSON list of {type, value} entries, got ${shown(s)}`);
  }
  if (!Array.isArray(list) || list.length > 255)
    return fail(ctx, 'must be a list of at most 255 {type, value} entries');
  return list.map((e: unknown, i) => {
    const entry = e as { type?: unknown; value?: unknown } | null;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry) || typeof entry.type !== 'string')
      return fail(ctx, `entry ${i} must be an object {type, value}, got ${shown(JSON.stringify(e) ?? '')}`);
    if (!['num', 'cell', 'slice'].includes(entry.type))
      return fail(ctx, `entry ${i}: type ${shown(entry.type)} is none of num, cell, slice`);
    const a = stackArgument([entry.type, entry.value], i);
    return typeof a === 'string' ? fail(ctx, a) : a;
  });
});

/** A result entry: a number in hex, a cell or slice as its BOC, a tuple of entries, or null. */
export type V3StackEntry =
  | { type: 'num'; value: string }
  | { type: 'cell' | 'slice'; value: string }
  | { type: 'tuple'; value: V3StackEntry[] }
  | { type: 'null'; value: null };

const stackEntry: z.ZodType<V3StackEntry> = z.lazy(() =>
  z.union([
    z.object({ type: z.literal('num'), value: z.string().regex(/^-?0x[0-9a-f]+$/) }),
    z.object({ type: z.enum(['cell', 'slice']), value: z.string() }),
    z.object({ type: z.literal('tuple'), value: z.array(stackEntry) }),
    z.object({ type: z.literal('null'), value: z.null() }),
  ]),
);

export const v3RunGetMethod = defineApiOperation({
  path: '/api/v3/runGetMethod',
  params: z.object({ address: addressParam, method, stack }),
  response: z.object({ gas_used: z.number().int(), exit_code: z.number().int(), stack: z.array(stackEntry) }),
  error: v3Error,
});
