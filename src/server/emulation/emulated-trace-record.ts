import type { TraceRecord, TransactionRecord } from '../../store/records';

/**
 * An emulated trace (src/tvm/emulate-trace.ts: its transactions in the order they ran, the root
 * first) as the ledger's trace record, in no block: run on the state of masterchain block
 * `mcSeqno`, pending, unclassified. `pendingMessages` counts the internal messages a cut
 * emulation left undelivered (a complete one delivers every one). Callers that print it otherwise
 * (a complete trace with its actions) override the state.
 */
export function emulatedTraceRecord(txs: TransactionRecord[], mcSeqno: number): TraceRecord {
  const root = txs[0]!;
  const hex = (h: Buffer) => h.toString('hex');
  const messages = new Set<string>();
  for (const t of txs) {
    if (t.inMsg) messages.add(hex(t.inMsg.hash));
    for (const m of t.outMsgs) messages.add(hex(m.hash));
  }
  const delivered = new Set(txs.flatMap((t) => (t.inMsg ? [hex(t.inMsg.hash)] : [])));
  let undelivered = 0;
  for (const t of txs)
    for (const m of t.outMsgs) if (m.destination !== null && !delivered.has(hex(m.hash))) undelivered += 1;
  return {
    traceId: root.hash,
    externalHash: root.inMsg?.hash ?? null,
    externalHashNorm: root.inMsg?.hashNorm ?? null,
    startLt: root.lt,
    endLt: txs.map((t) => t.lt).reduce((a, b) => (a > b ? a : b)),
    startUtime: Math.min(...txs.map((t) => t.now)),
    endUtime: Math.max(...txs.map((t) => t.now)),
    mcSeqnoStart: mcSeqno,
    mcSeqnoEnd: mcSeqno,
    transactions: txs.length,
    messages: messages.size,
    pendingMessages: undelivered,
    state: 'pending',
    classificationState: 'unclassified',
    accounts: [...new Set(txs.map((t) => t.account))],
  };
}
