import { z } from 'zod';
import { rawAddress as parseAddress } from '../../ton/address';
import { parseHash } from '../../ton/hash';
import { defineApiOperation } from './api-operation';
import {
  bool,
  direction,
  fail,
  hash,
  limit,
  list,
  offset,
  opcode,
  rangeParams,
  sortDesc,
  text,
  ton,
} from './param-rules';
import { addressBook, message, metadata, v3Error } from './v3-shapes';

/** An address, or `null` for "none" (an external message's missing end). */
const endpoint = text.transform((s, ctx): string | null =>
  s.toLowerCase() === 'null' ? null : ton(parseAddress)(s, ctx),
);

/** v3 messages: each message once, by its lt (then hash), that matches every filter given. */
export const messages = defineApiOperation({
  path: '/api/v3/messages',
  params: z
    .object({
      msg_hash: list(ton(parseHash)).optional(),
      body_hash: hash.optional(),
      source: endpoint.optional(),
      destination: endpoint.optional(),
      opcode: opcode.optional(),
      ...rangeParams,
      direction: direction.optional(),
      exclude_externals: bool.optional(),
      only_externals: bool.optional(),
      limit: limit(10),
      offset,
      sort: sortDesc,
    })
    .transform((p, ctx) => {
      if (p.exclude_externals && p.only_externals)
        return fail(ctx, 'exclude_externals and only_externals: give at most one of them as true');
      return p;
    }),
  response: z.object({ messages: z.array(message), address_book: addressBook, metadata }),
  error: v3Error,
});
