import { describe, expect, it } from 'vitest';
import { readTracesPage } from '../../api/client';
import jettonJson from '../test-support/trace-jetton.json';
import { summarizeAction } from './action-summary';
import { traceDataOf } from './trace-data';

// A trace cut as a server cuts one over its per-trace cap (its first transactions by lt, the tree
// and the map holding those only), read as the trace page reads an answer. Our server and TON
// Center's print no actions for such a trace; an API that does (or a recording of an older answer)
// gives actions naming transactions the answer left out, and the page must still draw both.

type Json = Record<string, unknown>;
interface WireNode extends Json {
  tx_hash: string;
  children: WireNode[];
}

/** The recorded jetton transfer's answer, its trace cut to its first `keep` transactions by lt. */
function cutAnswer(keep: number): { answer: Json; kept: Set<string>; left: string[] } {
  const answer = structuredClone(jettonJson) as unknown as { traces: Json[] };
  const t = answer.traces[0]!;
  const txs = t.transactions as Record<string, { lt: string }>;
  const byLt = Object.keys(txs).sort((a, b) => (BigInt(txs[a]!.lt) < BigInt(txs[b]!.lt) ? -1 : 1));
  const kept = new Set(byLt.slice(0, keep));
  const prune = (n: WireNode): WireNode => ({
    ...n,
    children: n.children.filter((c) => kept.has(c.tx_hash)).map(prune),
  });
  t.trace = prune(t.trace as WireNode);
  t.transactions = Object.fromEntries(Object.entries(txs).filter(([h]) => kept.has(h)));
  t.transactions_order = (t.transactions_order as string[]).filter((h) => kept.has(h));
  t.is_incomplete = true;
  t.warning = `trace has ${byLt.length} transactions; only the first ${keep} by lt are included`;
  return { answer, kept, left: byLt.slice(keep) };
}

describe('a cut trace whose actions name transactions the answer leaves out', () => {
  it('is read, drawn from the transactions it has, and each action still says what happened', () => {
    const { answer, kept, left } = cutAnswer(2);
    expect(left.length).toBeGreaterThan(0);
    const bytes = new TextEncoder().encode(JSON.stringify(answer)).buffer as ArrayBuffer;
    const data = traceDataOf(readTracesPage('/api/v3/traces?trace_id=x', bytes));
    const wire = data.page.traces[0]!;
    expect(wire.isIncomplete).toBe(true);
    expect(new Set(data.view!.order)).toEqual(kept);
    const actions = wire.actions!;
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.some((a) => a.transactions.some((h) => left.includes(h)))).toBe(true);
    for (const a of actions) {
      const parts = summarizeAction(a, data.page.metadata);
      expect(parts.some((p) => p.kind === 'account' && p.raw)).toBe(true);
    }
  });
});
