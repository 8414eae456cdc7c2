// The request parameters of the four operations, as zod schemas with the bounds of docs/api.md. The
// server parses every query string through these; the explorer builds its requests from the same
// types. A query string arrives as `Record<string, string | string[]>` (a key given twice is an
// array), and every rejection names the parameter and the rule it broke.
import { z } from 'zod';
import { rawAddress } from '../ton/address';
import { parseHash } from '../ton/hash';
import { parseOpcode } from '../ton/opcode';
import { parseShard } from '../ton/shard';
import { TonInputError } from '../ton/errors';

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

export const MAX_LIST_ITEMS = 100;
const MAX_UINT64 = (1n << 64n) - 1n;
const MAX_UINT32 = 0xffffffff;
const MAX_OFFSET = 0x7fffffff;

/** Shows a rejected value in a message: JSON-quoted (control characters escaped), and shortened. */
export function shown(value: string): string {
  const v = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return JSON.stringify(v);
}

function fail(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** One value: a key given twice for a scalar is an error, not a silent pick. */
const single = z.unknown().transform((v, ctx): string => {
  if (v === undefined) return fail(ctx, 'is required');
  if (Array.isArray(v)) return fail(ctx, 'was given more than once; it takes a single value');
  if (typeof v !== 'string') return fail(ctx, 'must be a single string value');
  return v;
});

/** Decimal digits only (no sign, exponent, fraction or hex), within [min, max]. */
function integer(min: number, max: number) {
  return single.transform((s, ctx): number => {
    const negative = min < 0 && s.startsWith('-') && s !== '-0';
    const digits = negative ? s.slice(1) : s;
    if (!/^\d{1,20}$/.test(digits))
      return fail(ctx, `must be a decimal integer from ${min} to ${max}, got ${shown(s)}`);
    const v = Number(digits) * (negative ? -1 : 1);
    if (v < min || v > max) return fail(ctx, `must be from ${min} to ${max}, got ${shown(s)}`);
    return v;
  });
}

const uint64 = single.transform((s, ctx): bigint => {
  if (!/^\d{1,20}$/.test(s)) return fail(ctx, `must be a decimal integer from 0 to ${MAX_UINT64}, got ${shown(s)}`);
  const v = BigInt(s);
  if (v > MAX_UINT64) return fail(ctx, `must be at most ${MAX_UINT64} (uint64), got ${shown(s)}`);
  return v;
});

function ton<T>(read: (s: string) => T) {
  return (s: string, ctx: z.RefinementCtx): T => {
    try {
      return read(s);
    } catch (error) {
      if (error instanceof TonInputError) return fail(ctx, `${error.message} (got ${shown(s)})`);
      throw error;
    }
  };
}

const hash = single.transform(ton(parseHash));
const address = ton(rawAddress);
const opcode = single.transform(ton(parseOpcode));
const shard = single.transform(ton(parseShard));

const bool = single.transform((s, ctx): boolean => {
  const v = s.toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return fail(ctx, `must be true, false, 1 or 0, got ${shown(s)}`);
});

const sort = single.transform((s, ctx): 'asc' | 'desc' => {
  if (s === 'asc' || s === 'desc') return s;
  return fail(ctx, `must be asc or desc, got ${shown(s)}`);
});

const direction = single.transform((s, ctx): 'in' | 'out' => {
  if (s === 'in' || s === 'out') return s;
  return fail(ctx, `must be in or out, got ${shown(s)}`);
});

/** A list: repeated keys and comma-separated values, at most 100 items. */
function list<T>(item: (s: string, ctx: z.RefinementCtx) => T) {
  return z.unknown().transform((v, ctx): T[] => {
    const raw = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
    const items = raw.flatMap((x) => x.split(',')).map((x) => x.trim());
    if (items.length > MAX_LIST_ITEMS) return fail(ctx, `takes at most ${MAX_LIST_ITEMS} items, got ${items.length}`);
    if (items.some((x) => x === '')) return fail(ctx, 'has an empty item');
    return items.map((x) => item(x, ctx));
  });
}

const offset = integer(0, MAX_OFFSET)
  .optional()
  .transform((v) => v ?? 0);

/** A 32-byte account id (hex or base64) of the v2 cursor, or a full address: the raw address. */
function cursorAccount(workchain: number) {
  return (s: string, ctx: z.RefinementCtx): string => {
    if (/^[0-9a-fA-F]{64}$/.test(s) || /^[A-Za-z0-9+/_-]{43}=$/.test(s)) {
      return `${workchain}:${parseHash(s).toString('hex').toUpperCase()}`;
    }
    return address(s, ctx);
  };
}

// --- the four operations ---------------------------------------------------------------------

const v2BlockShape = {
  workchain: integer(-1, 0),
  shard,
  seqno: integer(0, MAX_UINT32),
  root_hash: hash.optional(),
  file_hash: hash.optional(),
  after_lt: uint64.optional(),
  after_hash: single.optional(),
  count: integer(1, 1000)
    .optional()
    .transform((v) => v ?? 40),
};

export const getBlockTransactionsExtParams = z.object(v2BlockShape).transform((p, ctx) => {
  if ((p.after_lt === undefined) !== (p.after_hash === undefined)) {
    return fail(
      ctx,
      'after_lt and after_hash: give both (the cursor is the lt and the account of the last transaction seen) or neither',
    );
  }
  const account = p.after_hash === undefined ? undefined : cursorAccount(p.workchain)(p.after_hash, ctx);
  return { ...p, after_hash: account };
});
export type GetBlockTransactionsExtParams = z.output<typeof getBlockTransactionsExtParams>;

export const masterchainBlockShardStateParams = z.object({
  seqno: integer(0, MAX_UINT32),
  limit: integer(1, 1000)
    .optional()
    .transform((v) => v ?? 100),
  offset,
  sort: sort.optional().transform((v) => v ?? 'desc'),
});
export type MasterchainBlockShardStateParams = z.output<typeof masterchainBlockShardStateParams>;

export const tracesParams = z
  .object({
    account: list(address).optional(),
    trace_id: list(ton(parseHash)).optional(),
    tx_hash: list(ton(parseHash)).optional(),
    msg_hash: list(ton(parseHash)).optional(),
    mc_seqno: integer(0, MAX_UINT32).optional(),
    start_utime: integer(0, MAX_UINT32).optional(),
    end_utime: integer(0, MAX_UINT32).optional(),
    start_lt: uint64.optional(),
    end_lt: uint64.optional(),
    include_actions: bool.optional().transform((v) => v ?? false),
    supported_action_types: list((s, ctx) => {
      if (s === 'latest' || (ACTION_TYPES as readonly string[]).includes(s)) return s;
      return fail(ctx, `has an unknown action type ${shown(s)}; known: latest, ${ACTION_TYPES.join(', ')}`);
    }).optional(),
    limit: integer(1, 1000)
      .optional()
      .transform((v) => v ?? 10),
    offset,
    sort: sort.optional().transform((v) => v ?? 'desc'),
  })
  .transform((p, ctx) => {
    const given = (['account', 'trace_id', 'tx_hash', 'msg_hash'] as const).filter((k) => p[k] !== undefined);
    if (given.length > 1)
      return fail(ctx, `${given.join(' and ')}: give at most one of account, trace_id, tx_hash, msg_hash`);
    const types = p.supported_action_types ?? ['latest'];
    const supported = new Set<ActionTypeName>(types.includes('latest') ? ACTION_TYPES : (types as ActionTypeName[]));
    return { ...p, supported_action_types: supported };
  });
export type TracesParams = z.output<typeof tracesParams>;

export const transactionsByMessageParams = z
  .object({
    msg_hash: hash.optional(),
    body_hash: hash.optional(),
    opcode: opcode.optional(),
    direction: direction.optional(),
    limit: integer(1, 1000)
      .optional()
      .transform((v) => v ?? 10),
    offset,
    sort: sort.optional().transform((v) => v ?? 'desc'),
  })
  .transform((p, ctx) => {
    if (p.msg_hash === undefined && p.body_hash === undefined && p.opcode === undefined) {
      return fail(ctx, 'msg_hash, body_hash, opcode: give at least one');
    }
    return p;
  });
export type TransactionsByMessageParams = z.output<typeof transactionsByMessageParams>;

/** Balance changes of one trace or one action: exactly one of the two ids. */
export const balanceChangesParams = z
  .object({
    trace_id: hash.optional(),
    action_id: hash.optional(),
  })
  .transform((p, ctx) => {
    if ((p.trace_id === undefined) === (p.action_id === undefined)) {
      return fail(ctx, 'trace_id, action_id: give exactly one');
    }
    return p.trace_id !== undefined ? { traceId: p.trace_id } : { actionId: p.action_id! };
  });
export type BalanceChangesParams = z.output<typeof balanceChangesParams>;

/** The accepted keys of each operation (`api_key` is accepted everywhere and ignored). */
export const ACCEPTED: Record<string, readonly string[]> = {
  getBlockTransactionsExt: Object.keys(v2BlockShape),
  masterchainBlockShardState: ['seqno', 'limit', 'offset', 'sort'],
  traces: [
    'account',
    'trace_id',
    'tx_hash',
    'msg_hash',
    'mc_seqno',
    'start_utime',
    'end_utime',
    'start_lt',
    'end_lt',
    'include_actions',
    'supported_action_types',
    'limit',
    'offset',
    'sort',
  ],
  transactionsByMessage: ['msg_hash', 'body_hash', 'opcode', 'direction', 'limit', 'offset', 'sort'],
  balanceChanges: ['trace_id', 'action_id'],
};

/**
 * Parses a query string with an operation's schema. Unknown keys are refused by name (a typo such
 * as `?hash=` must not quietly return the latest data); the first broken rule is reported.
 */
export function parseParams<S extends z.ZodType>(
  operation: keyof typeof ACCEPTED,
  schema: S,
  query: RawQuery,
): z.output<S> {
  const accepted = ACCEPTED[operation]!;
  const input: RawQuery = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === 'api_key') continue;
    if (!accepted.includes(key)) {
      throw new ParamError(`unknown parameter ${shown(key)}; ${operation} accepts: ${accepted.join(', ')}`);
    }
    input[key] = value;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = issue.path.length > 0 ? String(issue.path[0]) : '';
  throw new ParamError(name ? `parameter ${name} ${issue.message}` : issue.message);
}
