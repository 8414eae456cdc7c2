import { z } from 'zod';
import { rawAddress as parseAddress } from '../../ton/address';
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
  text,
  ton,
} from './param-rules';
import { action, addressBook, metadata, rawAddress, transaction, v3Error } from './v3-shapes';

/**
 * The action types a filter may name: ours, and the others TON Center's published enum lists (this
 * ledger makes none of those, so they match nothing).
 */
export const FILTER_ACTION_TYPES: readonly string[] = [
  ...ACTION_TYPES,
  ...[
    'auction_bid',
    'change_dns',
    'dex_deposit_liquidity',
    'dex_withdraw_liquidity',
    'delete_dns',
    'renew_dns',
    'election_deposit',
    'election_recover',
    'jetton_swap',
    'tick_tock',
    'stake_deposit',
    'stake_withdrawal',
    'stake_withdrawal_request',
    'subscribe',
    'unsubscribe',
  ].filter((t) => !(ACTION_TYPES as readonly string[]).includes(t)),
];

const filterType = (s: string, ctx: z.RefinementCtx): string => {
  if (FILTER_ACTION_TYPES.includes(s)) return s;
  return fail(ctx, `has an unknown action type ${shown(s)}; known: ${FILTER_ACTION_TYPES.join(', ')}`);
};

/** `supported_action_types`: `latest` (every type) or a list of ours; as `traces` takes it. */
export const supportedActionTypes = list((s, ctx) => {
  if (s === 'latest' || (ACTION_TYPES as readonly string[]).includes(s)) return s;
  return fail(ctx, `has an unknown action type ${shown(s)}; known: latest, ${ACTION_TYPES.join(', ')}`);
})
  .optional()
  .transform((types): ReadonlySet<ActionTypeName> => {
    const given = types ?? ['latest'];
    return new Set<ActionTypeName>(given.includes('latest') ? ACTION_TYPES : (given as ActionTypeName[]));
  });

/** An action as the action lists print it: `accounts` on request, `transactions_full` on request. */
export const listedAction = action.extend({
  accounts: z.array(rawAddress).optional(),
  transactions_full: z.array(transaction).optional(),
});

export const actionsResponse = z.object({ actions: z.array(listedAction), address_book: addressBook, metadata });

/** The keys that pick actions, of which a request gives at most one. */
const PICKS = ['account', 'action_id', 'trace_id', 'tx_hash', 'msg_hash'] as const;

/** v3 actions: the actions of completed traces, by trace (end lt, then id), then their place in it. */
export const actions = defineApiOperation({
  path: '/api/v3/actions',
  params: z
    .object({
      account: text.transform(ton(parseAddress)).optional(),
      tx_hash: list(ton(parseHash)).optional(),
      msg_hash: list(ton(parseHash)).optional(),
      action_id: list(ton(parseHash)).optional(),
      trace_id: list(ton(parseHash)).optional(),
      mc_seqno: integer(0, MAX_UINT32).optional(),
      ...rangeParams,
      action_type: list(filterType).optional(),
      exclude_action_type: list(filterType).optional(),
      supported_action_types: supportedActionTypes,
      include_accounts: bool.optional().transform((v) => v ?? false),
      include_transactions: bool.optional().transform((v) => v ?? false),
      limit: limit(10),
      offset,
      sort: sortDesc,
    })
    .transform((p, ctx) => {
      const given = PICKS.filter((k) => p[k] !== undefined);
      if (given.length > 1) return fail(ctx, `${given.join(' and ')}: give at most one of ${PICKS.join(', ')}`);
      return p;
    }),
  response: actionsResponse,
  error: v3Error,
});

/** v3 pendingActions: the actions of the traces still in flight, by account or by their external message. */
export const pendingActions = defineApiOperation({
  path: '/api/v3/pendingActions',
  params: z.object({
    account: list(address).optional(),
    ext_msg_hash: list(ton(parseHash)).optional(),
    supported_action_types: supportedActionTypes,
    include_transactions: bool.optional().transform((v) => v ?? false),
  }),
  response: actionsResponse,
  error: v3Error,
});
