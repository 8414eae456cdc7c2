// The shape every v2 method shares, and what several of their results hold, in TON Center's own
// `@type` names (`ton.blockIdExt`, `raw.fullAccountState`...): these are the methods TON's client
// libraries call, and @ton/ton's TonClient parses each answer with zod, rejecting any other name.
// (getBlockTransactionsExt keeps its `chain.` prefix, as the seed's contract fixed it.)
import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { address, integer, MAX_UINT32, text } from './param-rules';
import { v2Error } from './v2-shapes';
import { decimal, hash } from './v3-shapes';

/** A v2 method at `/api/v2/<method>`: `{ok: true, result}`, or TON Center's error envelope. */
export function defineV2Operation<const M extends string, P extends z.ZodType, R extends z.ZodType>(
  method: M,
  params: P,
  result: R,
) {
  return defineApiOperation({
    path: `/api/v2/${method}` as const,
    params,
    response: z.object({ ok: z.literal(true), result }),
    error: v2Error,
  });
}

/** `@extra`: opaque to clients, echoed by TON Center in every object it answers. */
export const extra = z.string();

export const tonBlockIdExt = z.object({
  '@type': z.literal('ton.blockIdExt'),
  workchain: z.number().int(),
  shard: decimal,
  seqno: z.number().int().nonnegative(),
  root_hash: hash,
  file_hash: hash,
});

export const transactionId = z.object({ '@type': z.literal('internal.transactionId'), lt: decimal, hash });

/** An address in any form TON Center accepts, read into the raw form. */
export const addressParam = text.transform(address);
/** The masterchain block to read at (`seqno`): at most the snapshot's newest. */
export const atSeqno = integer(0, MAX_UINT32).optional();

/** TON Center's account state names (`uninitialized`, not v3's `uninit`; no `nonexist`). */
export const v2AccountState = z.enum(['active', 'uninitialized', 'frozen']);
