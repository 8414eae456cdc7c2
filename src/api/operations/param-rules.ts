// The rules of the operations' query parameters, as zod schemas with the bounds of docs/api.md. A
// query string arrives as `Record<string, string | string[]>` (a key given twice is an array), and
// every rejection names the parameter and the rule it broke.
//
// Each rule also states what a client puts in the query string for it (a number, a string, a
// list...): that is its zod *input* type, so `z.input` of an operation's parameters is the request
// type of the explorer's client. The server parses strings whatever that type says; the cast in
// `sends` only names the client's side for the compiler.
import { z } from 'zod';
import { rawAddress } from '../../ton/address';
import { parseHash } from '../../ton/hash';
import { parseOpcode } from '../../ton/opcode';
import { parseShard } from '../../ton/shard';
import { TonInputError } from '../../ton/errors';

export type RawQuery = Record<string, string | string[] | undefined>;

/** A parameter that breaks its rule: the message says which and why. */
export class ParamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParamError';
  }
}

export const ACTION_TYPES = [
  'ton_transfer',
  'contract_deploy',
  'call_contract',
  'jetton_transfer',
  'jetton_mint',
  'jetton_burn',
  'nft_mint',
  'nft_transfer',
] as const;
export type ActionTypeName = (typeof ACTION_TYPES)[number];

export type SortOrder = 'asc' | 'desc';
/** One value or several; several go out as repeated keys (`?account=a&account=b`). */
export type OneOrMany<T> = T | readonly T[];

export const MAX_LIST_ITEMS = 100;
const MAX_UINT64 = (1n << 64n) - 1n;
export const MAX_UINT32 = 0xffffffff;
const MAX_OFFSET = 0x7fffffff;

/** Shows a rejected value in a message: JSON-quoted (control characters escaped), and shortened. */
export function shown(value: string): string {
  const v = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return JSON.stringify(v);
}

export function fail(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** The rule `schema`, with `In` as what a client sends for it (see the head of this file). */
const sends =
  <In>() =>
  <S extends z.ZodType>(schema: S) =>
    schema as unknown as z.ZodType<z.output<S>, In>;

/** One value: a key given twice for a scalar is an error, not a silent pick. */
const single = z.unknown().transform((v, ctx): string => {
  if (v === undefined) return fail(ctx, 'is required');
  if (Array.isArray(v)) return fail(ctx, 'was given more than once; it takes a single value');
  if (typeof v !== 'string') return fail(ctx, 'must be a single string value');
  return v;
});
export const text = sends<string>()(single);

/** Decimal digits only (no sign, exponent, fraction or hex), within [min, max]. */
export function integer(min: number, max: number) {
  return sends<number>()(
    single.transform((s, ctx): number => {
      const negative = min < 0 && s.startsWith('-') && s !== '-0';
      const digits = negative ? s.slice(1) : s;
      if (!/^\d{1,20}$/.test(digits))
        return fail(ctx, `must be a decimal integer from ${min} to ${max}, got ${shown(s)}`);
      const v = Number(digits) * (negative ? -1 : 1);
      if (v < min || v > max) return fail(ctx, `must be from ${min} to ${max}, got ${shown(s)}`);
      return v;
    }),
  );
}

/** A logical time: sent as a decimal string (it may exceed 2^53). */
export const uint64 = sends<string>()(
  single.transform((s, ctx): bigint => {
    if (!/^\d{1,20}$/.test(s)) return fail(ctx, `must be a decimal integer from 0 to ${MAX_UINT64}, got ${shown(s)}`);
    const v = BigInt(s);
    if (v > MAX_UINT64) return fail(ctx, `must be at most ${MAX_UINT64} (uint64), got ${shown(s)}`);
    return v;
  }),
);

export function ton<T>(read: (s: string) => T) {
  return (s: string, ctx: z.RefinementCtx): T => {
    try {
      return read(s);
    } catch (error) {
      if (error instanceof TonInputError) return fail(ctx, `${error.message} (got ${shown(s)})`);
      throw error;
    }
  };
}

export const hash = sends<string>()(single.transform(ton(parseHash)));
export const address = ton(rawAddress);
/** `0x7362d09c`, a signed 32-bit decimal string, or the number itself. */
export const opcode = sends<string | number>()(single.transform(ton(parseOpcode)));
/** Signed 64-bit decimal, e.g. `"-9223372036854775808"` for the full shard. */
export const shard = sends<string>()(single.transform(ton(parseShard)));

export const bool = sends<boolean>()(
  single.transform((s, ctx): boolean => {
    const v = s.toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    return fail(ctx, `must be true, false, 1 or 0, got ${shown(s)}`);
  }),
);

export const sort = sends<SortOrder>()(
  single.transform((s, ctx): SortOrder => {
    if (s === 'asc' || s === 'desc') return s;
    return fail(ctx, `must be asc or desc, got ${shown(s)}`);
  }),
);

export const direction = sends<'in' | 'out'>()(
  single.transform((s, ctx): 'in' | 'out' => {
    if (s === 'in' || s === 'out') return s;
    return fail(ctx, `must be in or out, got ${shown(s)}`);
  }),
);

/** A list: repeated keys and comma-separated values, at most 100 items. */
export function list<T>(item: (s: string, ctx: z.RefinementCtx) => T) {
  return sends<OneOrMany<string>>()(
    z.unknown().transform((v, ctx): T[] => {
      const raw = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
      const items = raw.flatMap((x) => x.split(',')).map((x) => x.trim());
      if (items.length > MAX_LIST_ITEMS) return fail(ctx, `takes at most ${MAX_LIST_ITEMS} items, got ${items.length}`);
      if (items.some((x) => x === '')) return fail(ctx, 'has an empty item');
      return items.map((x) => item(x, ctx));
    }),
  );
}

export const offset = integer(0, MAX_OFFSET)
  .optional()
  .transform((v) => v ?? 0);

/** A page size from 1 to 1000, `byDefault` when not given. */
export const limit = (byDefault: number) =>
  integer(1, 1000)
    .optional()
    .transform((v) => v ?? byDefault);

export const sortDesc = sort.optional().transform((v) => v ?? 'desc');

/** The keys an operation's parameters accept, in the order it declares them. */
export function acceptedKeys(params: z.ZodType): string[] {
  const object = params instanceof z.ZodPipe ? params.in : params;
  if (!(object instanceof z.ZodObject)) throw new Error('an operation’s parameters are a z.object');
  return Object.keys(object.shape);
}

/**
 * The time and lt ranges of TON Center's lists (`start_utime`..`end_lt`, inclusive bounds); what
 * each bounds (a trace's end, a transaction, a block) is the operation's to say.
 */
export const rangeParams = {
  start_utime: integer(0, MAX_UINT32).optional(),
  end_utime: integer(0, MAX_UINT32).optional(),
  start_lt: uint64.optional(),
  end_lt: uint64.optional(),
};

/** The ranges as the store's filters name them. */
export const rangeFilter = (p: { start_utime?: number; end_utime?: number; start_lt?: bigint; end_lt?: bigint }) => ({
  startUtime: p.start_utime,
  endUtime: p.end_utime,
  startLt: p.start_lt,
  endLt: p.end_lt,
});
