// What differs between a trace foretold and the real one the same message made once sent: the
// state it ran on may have changed between (another message to one of its accounts, time passing:
// storage fees), and then the real trace is not the foretold one. Transactions are paired by what
// made them (the account, and the message it received: its sender, opcode and whether it bounced,
// in order), never by hash: an emulated transaction's hash names its emulated time and lt.
import { traceBalances } from '../../model/trace-balances';
import { outcomeOf } from '../../model/outcome';
import type { TraceView, TxView } from '../../model/trace-view';

export interface Difference {
  what: 'transactions' | 'exit code' | 'outgoing messages' | 'balance' | 'actions';
  /** The account it concerns (raw), null for the trace as a whole. */
  account: string | null;
  emulated: string;
  real: string;
}

const keyOf = (tx: TxView) =>
  `${tx.account}|${tx.inMsg?.source ?? 'external'}|${tx.inMsg?.opcode ?? ''}|${tx.inMsg?.bounced ? 'bounced' : ''}`;

/** Each transaction under its key, the n-th of a key paired with the other trace's n-th. */
function byKey(trace: TraceView): Map<string, TxView[]> {
  const out = new Map<string, TxView[]>();
  for (const hash of trace.order) {
    const tx = trace.txs.get(hash)!;
    const k = keyOf(tx);
    (out.get(k) ?? out.set(k, []).get(k)!).push(tx);
  }
  return out;
}

const resultOf = (tx: TxView) => {
  const outcome = outcomeOf(tx);
  if (outcome === 'skipped') return `skipped (${tx.computeSkipReason ?? 'no compute phase'})`;
  const code = tx.exitCode === null ? 'no compute phase' : `exit code ${tx.exitCode}`;
  return outcome === 'failed' && tx.actionResultCode ? `${code}, action result ${tx.actionResultCode}` : code;
};

const outOf = (tx: TxView) =>
  tx.outMsgs
    .map((m) => m.destination ?? 'external out')
    .sort()
    .join(', ') || 'none';

const balances = (trace: TraceView) => traceBalances(trace).data.changes;

/** The differences, in the order a reader checks them: what ran, how it ended, what it sent, what it cost. */
export function traceDifferences(
  emulated: TraceView,
  real: TraceView,
  actions: { emulated: string[]; real: string[] } | null = null,
): Difference[] {
  const out: Difference[] = [];
  const e = byKey(emulated);
  const r = byKey(real);
  for (const key of new Set([...e.keys(), ...r.keys()])) {
    const es = e.get(key) ?? [];
    const rs = r.get(key) ?? [];
    const account = (es[0] ?? rs[0])!.account;
    if (es.length !== rs.length)
      out.push({
        what: 'transactions',
        account,
        emulated: `${es.length} transaction${es.length === 1 ? '' : 's'}`,
        real: `${rs.length} transaction${rs.length === 1 ? '' : 's'}`,
      });
    for (let i = 0; i < Math.min(es.length, rs.length); i++) {
      const a = es[i]!;
      const b = rs[i]!;
      if (resultOf(a) !== resultOf(b) || a.success !== b.success)
        out.push({ what: 'exit code', account, emulated: resultOf(a), real: resultOf(b) });
      if (outOf(a) !== outOf(b)) out.push({ what: 'outgoing messages', account, emulated: outOf(a), real: outOf(b) });
    }
  }
  const eb = balances(emulated);
  const rb = balances(real);
  for (const account of new Set([...Object.keys(eb), ...Object.keys(rb)]))
    if (eb[account] !== rb[account])
      out.push({ what: 'balance', account, emulated: eb[account] ?? 'unknown', real: rb[account] ?? 'unknown' });
  if (actions) {
    const text = (xs: string[]) => [...xs].sort().join(', ') || 'none';
    if (text(actions.emulated) !== text(actions.real))
      out.push({ what: 'actions', account: null, emulated: text(actions.emulated), real: text(actions.real) });
  }
  return out;
}
