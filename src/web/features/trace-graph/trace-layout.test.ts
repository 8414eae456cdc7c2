import { describe, expect, it } from 'vitest';
import { layoutTree, moreNodeId, NODE_HEIGHT, NODE_WIDTH, type LayoutInput } from './trace-layout';

/** A TON-shaped tree: mostly chains, some fan-out, one wallet sending to many. */
function tonTree(n: number, seed = 7): LayoutInput {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const nodes: LayoutInput[] = [{ id: 'n0', children: [] }];
  for (let i = 1; i < n; i++) {
    const parent =
      nodes[Math.floor(rand() ** 3 * nodes.length) === 0 && i < 200 ? 0 : Math.floor(rand() * nodes.length)]!;
    const node = { id: `n${i}`, children: [] };
    parent.children.push(node);
    nodes.push(node);
  }
  return nodes[0]!;
}

function overlaps(a: { x: number; y: number }, b: { x: number; y: number }): boolean {
  return Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT;
}

describe('tidy tree layout', () => {
  it('places children right of their parent, in order, without overlaps', () => {
    const root: LayoutInput = {
      id: 'r',
      children: [
        { id: 'a', children: [{ id: 'c', children: [] }] },
        { id: 'b', children: [] },
      ],
    };
    const l = layoutTree(root);
    const at = new Map(l.nodes.map((n) => [n.id, n]));
    expect(at.get('a')!.x).toBeGreaterThan(at.get('r')!.x + NODE_WIDTH);
    expect(at.get('c')!.x).toBeGreaterThan(at.get('a')!.x);
    expect(at.get('a')!.y).toBeLessThan(at.get('b')!.y);
    expect(l.edges.map((e) => e.id).sort()).toEqual(['a->c', 'r->a', 'r->b']);
    expect(Math.min(...l.nodes.map((n) => n.y))).toBe(0);
  });

  it('folds siblings beyond 20 into "+N more" and unfolds them on request', () => {
    const root: LayoutInput = {
      id: 'w',
      children: Array.from({ length: 255 }, (_, i) => ({ id: `m${i}`, children: [] })),
    };
    const folded = layoutTree(root);
    expect(folded.nodes).toHaveLength(1 + 20);
    const more = folded.nodes.find((n) => n.kind === 'more')!;
    expect(more).toMatchObject({ id: moreNodeId('w'), hidden: 255 - 19, parentId: 'w' });
    const open = layoutTree(root, { expanded: new Set(['w']) });
    expect(open.nodes).toHaveLength(256);
  });

  it('lays out a 1000-transaction trace with no two nodes overlapping (time printed)', () => {
    const root = tonTree(1000);
    layoutTree(root); // warm-up: the first call pays for JIT compilation
    const t0 = performance.now();
    const l = layoutTree(root, { expanded: new Set(Array.from({ length: 1000 }, (_, i) => `n${i}`)) });
    const ms = performance.now() - t0;
    console.log(`layout of 1000 nodes: ${ms.toFixed(1)} ms`);
    expect(l.nodes).toHaveLength(1000);
    const byColumn = new Map<number, Array<{ x: number; y: number }>>();
    for (const n of l.nodes) byColumn.set(n.x, [...(byColumn.get(n.x) ?? []), n]);
    for (const col of byColumn.values()) {
      col.sort((a, b) => a.y - b.y);
      for (let i = 1; i < col.length; i++) expect(overlaps(col[i - 1]!, col[i]!)).toBe(false);
    }
  });
});
