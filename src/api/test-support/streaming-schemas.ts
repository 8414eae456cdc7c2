// zod schemas of the streaming v2 notifications in our dialect (docs/api.md, "Streaming"): the
// records inside are the v3 ones. The server's notifications are validated against these in its
// tests; a client of the stream parses `data` with `streamingNotification`.
import { z } from 'zod';
import { jettonWallet } from '../operations/jetton-lists';
import {
  accountState,
  action,
  addressBook,
  hash,
  metadata,
  rawAddress,
  trace,
  traceNode,
  transaction,
} from '../operations/v3-shapes';

export const finality = z.enum(['pending', 'confirmed', 'finalized']);

const extras = { address_book: addressBook.optional(), metadata: metadata.optional() };
const head = { finality, trace_external_hash_norm: hash };

export const transactionsNotification = z.strictObject({
  type: z.literal('transactions'),
  ...head,
  transactions: z.array(transaction).min(1),
  ...extras,
});
export const actionsNotification = z.strictObject({
  type: z.literal('actions'),
  ...head,
  actions: z.array(action).min(1),
  ...extras,
});
export const traceNotification = z.strictObject({
  type: z.literal('trace'),
  ...head,
  trace_id: hash,
  trace_info: trace.shape.trace_info,
  is_incomplete: z.boolean(),
  warning: z.string().optional(),
  trace: traceNode.nullable(),
  transactions: z.record(hash, transaction),
  actions: z.array(action).optional(),
  ...extras,
});
export const accountStateNotification = z.strictObject({
  type: z.literal('account_state_change'),
  finality,
  account: rawAddress,
  state: accountState,
});
export const jettonsNotification = z.strictObject({
  type: z.literal('jettons_change'),
  finality,
  jetton: jettonWallet.strict(),
  ...extras,
});

export const streamingNotification = z.discriminatedUnion('type', [
  transactionsNotification,
  actionsNotification,
  traceNotification,
  accountStateNotification,
  jettonsNotification,
]);
export type StreamingNotification = z.infer<typeof streamingNotification>;

/** The first SSE frame, `event: connected`. */
export const streamingConnected = z.strictObject({ id: z.string().optional(), status: z.literal('subscribed') });
/** A WebSocket answer to an operation. */
export const streamingAnswer = z.union([
  z.strictObject({ id: z.string().optional(), status: z.enum(['subscribed', 'unsubscribed', 'pong']) }),
  z.strictObject({ id: z.string().optional(), error: z.string().min(1) }),
]);
