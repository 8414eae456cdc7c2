import { z } from 'zod';
import { parseHash } from '../../ton/hash';
import { defineApiOperation } from './api-operation';
import {
  ACTION_TYPES,
  type ActionTypeName,
  address,
  bool,
  fail,
  integer,
  limit,
  list,
  MAX_UINT32,
  offset,
  rangeParams,
  shown,
  sortDesc,
  ton,
} from './param-rules';
import { addressBook, metadata, trace, v3Error } from './v3-shapes';

/** The keys that pick traces, of which a request gives at most one. */
const PICKS = ['account', 'trace_id', 'tx_hash', 'msg_hash'] as const;

/** v3 traces: completed traces by one of account / trace_id / tx_hash / msg_hash, or the latest. */
export const traces = defineApiOperation({
  path: '/api/v3/traces',
  params: z
    .object({
      account: list(address).optional(),
      trace_id: list(ton(parseHash)).optional(),
      tx_hash: list(ton(parseHash)).optional(),
      msg_hash: list(ton(parseHash)).optional(),
      mc_seqno: integer(0, MAX_UINT32).optional(),
      ...rangeParams,
      include_actions: bool.optional().transform((v) => v ?? false),
      supported_action_types: list((s, ctx) => {
        if (s === 'latest' || (ACTION_TYPES as readonly string[]).includes(s)) return s;
        return fail(ctx, `has an unknown action type ${shown(s)}; known: latest, ${ACTION_TYPES.join(', ')}`);
      }).optional(),
      limit: limit(10),
      offset,
      sort: sortDesc,
    })
    .transform((p, ctx) => {
      const given = PICKS.filter((k) => p[k] !== undefined);
      if (given.length > 1) return fail(ctx, `${given.join(' and ')}: give at most one of ${PICKS.join(', ')}`);
      const types = p.supported_action_types ?? ['latest'];
      const supported = new Set<ActionTypeName>(types.includes('latest') ? ACTION_TYPES : (types as ActionTypeName[]));
      return { ...p, supported_action_types: supported };
    }),
  response: z.object({ traces: z.array(trace), address_book: addressBook, metadata }),
  error: v3Error,
});
