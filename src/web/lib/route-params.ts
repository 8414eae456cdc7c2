import { notFound } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { hashHex } from '../../ton/hash';
import { parseAddressParts, rawOfParts } from '../../ton/address-forms';
import { parseShard } from '../../ton/shard';

// Path parameters are parsed at the route (`params.parse`): a malformed one never reaches a loader
// or a request; the route's not-found component says what was malformed and what it should be.

/** What a route's not-found component shows: the thing looked for, and why it is not there. */
export interface Missing {
  what: string;
  detail: string;
}

/** A not-found outcome for the route's `notFoundComponent`; throw it from `params.parse` or a loader. */
export function missing(what: string, detail: string) {
  return notFound({ data: { what, detail } satisfies Missing });
}

const hash = (message: string) =>
  z.pipe(
    z.string().check(z.refine((s) => hashHex(s) !== null, message)),
    z.transform((s: string) => hashHex(s)!),
  );

const seqno = (message: string) =>
  z.pipe(
    z.string().check(
      z.regex(/^\d{1,10}$/, message),
      z.refine((s) => Number(s) <= 0xffffffff, message),
    ),
    z.transform(Number),
  );

const HASH_FORMS = '64 hex digits or 44 base64 characters';

const txParams = z.object({ hash: hash(`A transaction hash is ${HASH_FORMS}.`) });
const msgParams = z.object({ hash: hash(`A message hash is ${HASH_FORMS}.`) });
const traceParams = z.object({ traceId: hash(`The trace id must be a hash: ${HASH_FORMS}.`) });
const mcParams = z.object({ seqno: seqno('A masterchain seqno is a non-negative integer below 2^32.') });
const BLOCK_ID = 'A block id is workchain (-1 or 0), shard (signed 64-bit decimal) and seqno.';
const blockParams = z.object({
  workchain: z.pipe(z.enum(['-1', '0'], BLOCK_ID), z.transform(Number)),
  shard: z.string().check(
    z.refine((s) => {
      try {
        parseShard(s);
        return true;
      } catch {
        return false;
      }
    }, BLOCK_ID),
  ),
  seqno: seqno(BLOCK_ID),
});

/** Parses with `schema`, or throws the not-found outcome naming `what` and the first issue. */
function parseWith<S extends z.ZodMiniType>(schema: S, what: (raw: Record<string, string>) => string) {
  return (raw: Record<string, string>): z.output<S> => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw missing(what(raw), parsed.error.issues[0]?.message ?? 'malformed');
    return parsed.data;
  };
}

export const txRouteParams = {
  parse: parseWith(txParams, (r) => `transaction ${r.hash}`),
  stringify: ({ hash }: { hash: string }) => ({ hash }),
};
export const msgRouteParams = {
  parse: parseWith(msgParams, (r) => `message ${r.hash}`),
  stringify: ({ hash }: { hash: string }) => ({ hash }),
};
export const traceRouteParams = {
  parse: parseWith(traceParams, (r) => `trace ${r.traceId}`),
  stringify: ({ traceId }: { traceId: string }) => ({ traceId }),
};
export const mcRouteParams = {
  parse: parseWith(mcParams, (r) => `masterchain block ${r.seqno}`),
  stringify: ({ seqno }: { seqno: number | string }) => ({ seqno: String(seqno) }),
};
export const blockRouteParams = {
  parse: parseWith(blockParams, (r) => `block ${r.workchain}:${r.shard}:${r.seqno}`),
  stringify: (p: { workchain: number | string; shard: string; seqno: number | string }) => ({
    workchain: String(p.workchain),
    shard: p.shard,
    seqno: String(p.seqno),
  }),
};

/** An address in any form, as the API's raw form; the address parser's own message when malformed. */
const address = z.pipe(
  z.string().check(
    z.superRefine((s, ctx) => {
      try {
        parseAddressParts(s);
      } catch (e) {
        ctx.issues.push({ code: 'custom', message: (e as Error).message, input: s });
      }
    }),
  ),
  z.transform((s: string) => rawOfParts(parseAddressParts(s))),
);

/** An address path parameter of a page about `what` (account, jetton, NFT item...). */
export const addressRouteParams = (what: string) => ({
  parse: parseWith(z.object({ address }), (r) => `${what} ${r.address}`),
  stringify: ({ address }: { address: string }) => ({ address }),
});

export const accountRouteParams = addressRouteParams('account');
