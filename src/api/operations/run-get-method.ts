import { z } from 'zod';
import { fail, shown, text } from './param-rules';
import { addressParam, atSeqno, defineV2Operation, extra } from './v2-operation';

/** A stack entry sent to a get method: a number, or a cell, slice or builder as its BOC. */
export type StackArgument = { type: 'num'; value: bigint } | { type: 'cell' | 'slice' | 'builder'; boc: Buffer };

const BOC_KINDS: Record<string, 'cell' | 'slice' | 'builder'> = {
  cell: 'cell',
  'tvm.Cell': 'cell',
  slice: 'slice',
  'tvm.Slice': 'slice',
  builder: 'builder',
  'tvm.Builder': 'builder',
};

/** One entry as TON Center takes it: `["num", 3]`, `["num", "0x1f"]`, `["tvm.Cell", "<base64 BOC>"]`... */
export function stackArgument(entry: unknown, at: number): StackArgument | string {
  if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string')
    return `entry ${at} must be a pair [type, value], got ${shown(JSON.stringify(entry) ?? '')}`;
  const [kind, value] = entry as [string, unknown];
  if (kind === 'num' || kind === 'number' || kind === 'int') {
    const s = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
    if (typeof s !== 'string' || !/^-?(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(s))
      return `entry ${at}: a number is a decimal or 0x-hex integer, got ${shown(String(value))}`;
    return { type: 'num', value: s.startsWith('-') ? -BigInt(s.slice(1)) : BigInt(s) };
  }
  const boc = BOC_KINDS[kind];
  if (!boc) return `entry ${at}: type ${shown(kind)} is none of num, cell, slice, builder (tvm.Cell, tvm.Slice...)`;
  const bytes = typeof value === 'string' ? value : (value as { bytes?: unknown } | null)?.bytes;
  if (typeof bytes !== 'string' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(bytes))
    return `entry ${at}: a ${boc} is its BOC in base64, got ${shown(JSON.stringify(value) ?? '')}`;
  return { type: boc, boc: Buffer.from(bytes, 'base64') };
}

/** The `stack` parameter: a JSON list of entries (JSON-RPC sends the list itself; it arrives as its text). */
const stack = text.optional().transform((s, ctx): StackArgument[] => {
  if (s === undefined || s === '') return [];
  let list: unknown;
  try {
    list = JSON.parse(s);
  } catch {
    return fail(ctx, `must be a JSON list of [type, value] entries, got ${shown(s)}`);
  }
  if (!Array.isArray(list) || list.length > 255) return fail(ctx, 'must be a list of at most 255 entries');
  return list.map((e, i) => {
    const a = stackArgument(e, i);
    return typeof a === 'string' ? fail(ctx, a) : a;
  });
});

/** A method by name (its id is derived as the compiler derives it) or by its numeric id. */
export const method = text.transform((s, ctx): string | number => {
  if (/^-?\d{1,10}$/.test(s)) return Number(s);
  if (!/^[A-Za-z_][A-Za-z0-9_?!']{0,127}$/.test(s))
    return fail(ctx, `must be a get method's name or numeric id, got ${shown(s)}`);
  return s;
});

/** A stack entry of the answer, in TON Center's encoding (tuples hold `tvm.stackEntry*` objects). */
const stackEntry = z.union([
  z.tuple([z.literal('num'), z.string()]),
  z.tuple([z.enum(['cell', 'slice', 'builder']), z.object({ bytes: z.string() })]),
  z.tuple([z.literal('null')]),
  z.tuple([z.enum(['tuple', 'list']), z.object({ '@type': z.string(), elements: z.array(z.unknown()) })]),
]);

/**
 * v2 runGetMethod: a get method run by the real TVM on the account's state as of the snapshot's
 * masterchain block (or `seqno`'s), with that block's time; `exit_code` as the TVM ended (11: no
 * such method), `gas_used`.
 */
export const runGetMethod = defineV2Operation(
  'runGetMethod',
  z.object({ address: addressParam, method, stack, seqno: atSeqno }),
  z.object({
    '@type': z.literal('smc.runResult'),
    gas_used: z.number().int(),
    stack: z.array(stackEntry),
    exit_code: z.number().int(),
    '@extra': extra,
  }),
);
