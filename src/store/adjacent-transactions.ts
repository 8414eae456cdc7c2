// `adjacentTransactions`, one statement for both engines. `messages` holds each internal message
// twice, the sender's `out` row and the receiver's `in` row, so a transaction's neighbours are the
// other rows of its messages: for its inbound message the `out` row (who sent it), for each of its
// outbound messages the `in` row (who received it; none yet while the message is in flight, and
// never for an external-out message). A PostgreSQL partition may hold either row: the lookup by
// message hash reaches both.

export function adjacentTransactionsSql(
  hash: Buffer,
  direction: 'in' | 'out' | undefined,
  arg: (value: unknown) => string,
): string {
  const arms: string[] = [];
  // the sender of this transaction's inbound message, the receivers of its outbound ones
  for (const [mine, theirs] of [
    ['in', 'out'],
    ['out', 'in'],
  ] as const) {
    if (direction !== undefined && direction !== mine) continue;
    arms.push(
      `SELECT o.tx_lt, o.tx_hash FROM messages m JOIN messages o ON o.msg_hash = m.msg_hash AND o.direction = '${theirs}'
       WHERE m.tx_hash = ${arg(hash)} AND m.direction = '${mine}'`,
    );
  }
  return `SELECT DISTINCT tx_lt, tx_hash FROM (${arms.join(' UNION ALL ')}) a ORDER BY tx_lt DESC, tx_hash DESC`;
}
