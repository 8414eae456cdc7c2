import { describe, expect, it } from 'vitest';
import { jettonRecording, bounceRecording } from '../../test-support/recorded-traces';
import { fromApiTrace, type TraceView } from '../../model/trace-view';
import { blockId, laneLayout, type LaneLayout } from './lanes-model';

// The recorded traces (real answers over the seed-11 test ledger) and, for the ledger where a
// message to another shard is delivered only in a later block, the same trace with every such
// receiver (and what follows it) moved to the next block of its shard, committed by the next
// masterchain block.

const inside = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }) =>
  a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;

function checkPlacement(trace: TraceView, layout: LaneLayout) {
  expect(layout.txs.size).toBe(trace.txs.size);
  for (const tx of trace.txs.values()) {
    const at = layout.txs.get(tx.hash)!;
    const block = layout.blocks.find((b) => b.id === blockId(tx.blockRef!) && b.mcSeqno === tx.mcSeqno)!;
    expect(block.txs).toContain(tx.hash);
    expect(inside(at, block)).toBe(true);
    const lane = layout.lanes.find((l) => l.key === `${tx.blockRef!.workchain}:${tx.blockRef!.shard}`)!;
    expect(block.y >= lane.y && block.y + block.h <= lane.y + lane.h).toBe(true);
    const column = layout.columns.find((c) => c.mcSeqno === tx.mcSeqno)!;
    expect(block.x >= column.x && block.x + block.w <= column.x + column.w).toBe(true);
  }
  const chips = [...layout.txs.values()];
  for (let i = 0; i < chips.length; i++)
    for (let j = i + 1; j < chips.length; j++) {
      const a = chips[i]!;
      const b = chips[j]!;
      expect(a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y).toBe(true);
    }
  // one arrow per message inside the trace, marked as crossing when the shards differ
  const messages = [...trace.txs.values()].filter((t) => t.parent !== null);
  expect(layout.edges).toHaveLength(messages.length);
  for (const e of layout.edges) {
    const from = trace.txs.get(e.from)!.blockRef!;
    const to = trace.txs.get(e.to)!.blockRef!;
    expect(e.crossLane).toBe(from.workchain !== to.workchain || from.shard !== to.shard);
  }
}

describe('shard lanes', () => {
  it('place every transaction of recorded traces in its shard, masterchain block and block', () => {
    for (const rec of [jettonRecording(), bounceRecording()]) {
      const trace = fromApiTrace(rec.trace, rec.book);
      const layout = laneLayout(trace);
      checkPlacement(trace, layout);
      expect(layout.lanes.length).toBe(
        new Set([...trace.txs.values()].map((t) => `${t.blockRef!.workchain}:${t.blockRef!.shard}`)).size,
      );
    }
  });

  it('a message delivered in a later masterchain block spans columns, and the order of lanes and columns holds', () => {
    const rec = jettonRecording();
    const base = fromApiTrace(rec.trace, rec.book);
    const txs = new Map([...base.txs].map(([h, t]) => [h, { ...t }]));
    const crossing = base.order.filter((h) => {
      const t = base.txs.get(h)!;
      return t.parent !== null && base.txs.get(t.parent)!.blockRef!.shard !== t.blockRef!.shard;
    });
    expect(crossing.length).toBeGreaterThan(0);
    // delivery after a cross-shard message: one block and one masterchain block later, for it and its subtree
    for (const hash of base.order) {
      const t = txs.get(hash)!;
      const parent = t.parent ? txs.get(t.parent)! : null;
      const shift = parent
        ? parent.mcSeqno! - base.txs.get(parent.hash)!.mcSeqno! + (crossing.includes(hash) ? 1 : 0)
        : 0;
      t.mcSeqno = base.txs.get(hash)!.mcSeqno! + shift;
      t.blockRef = { ...t.blockRef!, seqno: base.txs.get(hash)!.blockRef!.seqno + shift };
    }
    const trace: TraceView = { ...base, txs };
    const layout = laneLayout(trace);
    checkPlacement(trace, layout);
    expect(layout.columns.length).toBeGreaterThan(1);
    expect(layout.columns.map((c) => c.mcSeqno)).toEqual(
      [...layout.columns.map((c) => c.mcSeqno)].sort((a, b) => a! - b!),
    );
    for (const e of layout.edges) if (crossing.includes(e.to)) expect(e.mcWait).toBe(1);
    expect(layout.columns.every((c, i) => i === 0 || c.x >= layout.columns[i - 1]!.x + layout.columns[i - 1]!.w)).toBe(
      true,
    );
  });
});
