// A sandbox run's listing shows each transaction's outcome (src/server/serialize/sandbox.ts): read
// from the transaction's row and its message rows alone, for both engines. Reading the records
// whole (getTraceTransactions) also read every message's body and state init, the account states,
// and inflated every BOC: most of the listing's time for a run of a thousand transactions.
import type { TransactionOutcomeRecord } from './records';
import { decodeDescription } from './compact';
import { big, blob, num, optFlag, ownMessageRows, type Row } from './row-records';

/** The `transactions` columns an outcome reads. */
export const OUTCOME_TRANSACTION_COLUMNS = 'hash, lt, account, now, total_fees, description, trace_id';

/**
 * The columns of an outcome's message rows (`messages m`): an inbound row that leaves the message's
 * own columns to its sender's (message-payload.ts) reads `bounced` from the sender's `out` row,
 * found by the message's hash (messages_by_hash).
 */
export const OUTCOME_MESSAGE_COLUMNS = `m.tx_hash, m.direction, m.position, m.msg_hash,
  CASE WHEN m.direction = 'out' OR m.destination IS NOT NULL THEN m.bounced
    ELSE (SELECT s.bounced FROM messages s WHERE s.msg_hash = m.msg_hash AND s.direction = 'out' LIMIT 1)
  END AS bounced`;

/** Outcomes of transaction rows (in their order), from the message rows of `OUTCOME_MESSAGE_COLUMNS`. */
export function outcomesFromRows(txRows: Row[], msgRows: Row[]): TransactionOutcomeRecord[] {
  const byTx = new Map<string, Row[]>();
  for (const m of msgRows) {
    const k = blob(m.tx_hash).toString('hex');
    const list = byTx.get(k);
    if (list) list.push(m);
    else byTx.set(k, [m]);
  }
  return txRows.map((r) => {
    const hash = blob(r.hash);
    const { inRow, outRows } = ownMessageRows(byTx.get(hash.toString('hex')) ?? []);
    return {
      hash,
      lt: big(r.lt),
      account: r.account as string,
      now: num(r.now),
      totalFees: BigInt(r.total_fees as string),
      description: decodeDescription(blob(r.description)),
      traceId: blob(r.trace_id),
      inMsg: inRow ? { hash: blob(inRow.msg_hash), bounced: optFlag(inRow.bounced) } : null,
      outMsgs: outRows.map((m) => ({ hash: blob(m.msg_hash) })),
    };
  });
}
