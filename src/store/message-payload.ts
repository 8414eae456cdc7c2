// Where a message's own columns are kept, in both engines' `messages` tables (one row per message
// and direction).

/**
 * Columns of a message that describe the message itself rather than one end of it. A message
 * sent inside the ledger keeps them on its sender's `out` row only: the receiver's `in` row leaves
 * them NULL (an `in` row with a source but no destination) and readers take them from the `out`
 * row. An external-in message has only its `in` row, which keeps them, and so does an internal
 * message no transaction of the ledger sent. `source` stays on both rows:
 * it tells an internal message's `in` row from an external one's.
 */
export const MESSAGE_PAYLOAD_COLUMNS = [
  'destination',
  'value',
  'fwd_fee',
  'ihr_fee',
  'import_fee',
  'created_lt',
  'created_at',
  'bounce',
  'bounced',
  'ihr_disabled',
  'init_state_hash',
  'comment',
] as const;

/**
 * Whether a message row keeps the message's own columns (see MESSAGE_PAYLOAD_COLUMNS). An internal
 * message whose sender is not in the ledger (`senderTx` null: a message a sandbox test injected,
 * src/sandbox) has no `out` row either, so its `in` row keeps them, as an external-in one does.
 */
export const holdsMessagePayload = (direction: 'in' | 'out', source: string | null, senderTx: Buffer | null): boolean =>
  direction === 'out' || source === null || senderTx === null;
