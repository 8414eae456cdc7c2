import { describe, expect, it } from 'vitest';
import { bounceRecording } from '../../test-support/recorded-traces';
import { fromApiTrace } from '../../model/trace-view';
import { buildGraphModel, isFoldedChild, traceLayoutInput } from './graph-model';

// Recorded from the real server over the deterministic test ledger (seed 11).
const bounceFixture = bounceRecording();
const bounce = { ...bounceFixture.trace, actions: bounceFixture.trace.actions ?? [] };

describe('layout input', () => {
  it('the external message that began the trace is the pseudo-root', () => {
    const input = traceLayoutInput(fromApiTrace(bounce, bounceFixture.book));
    expect(input.id.startsWith('in:')).toBe(true);
  });
});

describe('folded children', () => {
  it('isFoldedChild names exactly the transactions the layout hides under "+N more"', () => {
    const t = fromApiTrace(bounce, bounceFixture.book);
    const root = t.txs.get(t.rootHash)!;
    const template = t.txs.get(root.children[0]!)!;
    const kids = Array.from({ length: 25 }, (_, i) => `kid${i}`);
    for (const id of kids) t.txs.set(id, { ...template, hash: id, parent: root.hash, children: [], outMsgs: [] });
    t.order.push(...kids);
    t.txs.set(root.hash, { ...root, children: kids });
    const placed = new Set(buildGraphModel(t, new Set()).layout.nodes.map((n) => n.id));
    for (const id of kids) expect(isFoldedChild(t, id)).toBe(!placed.has(id));
    expect(kids.filter((id) => isFoldedChild(t, id))).toHaveLength(6);
    expect(isFoldedChild(t, t.rootHash)).toBe(false);
  });
});
