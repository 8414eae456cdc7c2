import { describe, expect, it } from 'vitest';
import { layoutTree, NODE_HEIGHT, NODE_WIDTH, wrapLayout, type LayoutInput } from './trace-layout';
import { columnsFor, frameHeight, initialViewport, READABLE_ZOOM } from './trace-viewport';

/** A chain of `n` nodes whose last one sends `fan` messages. */
function chain(n: number, fan = 0): LayoutInput {
  const root: LayoutInput = { id: 'n0', children: [] };
  let at = root;
  for (let i = 1; i < n; i++) {
    const next: LayoutInput = { id: `n${i}`, children: [] };
    at.children.push(next);
    at = next;
  }
  at.children = Array.from({ length: fan }, (_, i) => ({ id: `f${i}`, children: [] }));
  return root;
}

/** Where a placed node lands on screen. */
function onScreen(v: { x: number; y: number; zoom: number }, n: { x: number; y: number }) {
  return {
    left: v.x + n.x * v.zoom,
    top: v.y + n.y * v.zoom,
    right: v.x + (n.x + NODE_WIDTH) * v.zoom,
    bottom: v.y + (n.y + NODE_HEIGHT) * v.zoom,
  };
}

function inside(box: ReturnType<typeof onScreen>, canvas: { width: number; height: number }) {
  return box.left >= 0 && box.top >= 0 && box.right <= canvas.width && box.bottom <= canvas.height;
}

// The graph's canvas on a 1280x900 window, now that the details no longer take a column beside it.
const wide = { width: 1254, height: 540 };

describe('the viewport a trace opens at', () => {
  it('shows a five-column trace (external message, wallet, master, jetton wallet, two wallets) whole and readable', () => {
    const layout = layoutTree(chain(4, 2));
    const v = initialViewport(layout, wide);
    expect(v.zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    for (const n of layout.nodes) expect(inside(onScreen(v, n), wide)).toBe(true);
    expect(v.whole).toBe(true);
  });

  it('never enlarges a tiny trace past its natural size', () => {
    expect(initialViewport(layoutTree(chain(2)), wide).zoom).toBe(1);
  });

  it('opens a deep chain at the readable zoom on its root rather than fitting it', () => {
    const layout = layoutTree(chain(27));
    const v = initialViewport(layout, wide);
    expect(v.zoom).toBe(READABLE_ZOOM);
    expect(inside(onScreen(v, layout.nodes[0]!), wide)).toBe(true);
    expect(inside(onScreen(v, layout.nodes.at(-1)!), wide)).toBe(false);
    expect(v.whole).toBe(false);
  });

  it('keeps the root on screen when a fan-out is too tall to fit, and on a phone', () => {
    const layout = layoutTree(chain(2, 20));
    for (const canvas of [wide, { width: 349, height: 480 }]) {
      const v = initialViewport(layout, canvas);
      expect(v.zoom).toBe(READABLE_ZOOM);
      expect(inside(onScreen(v, layout.nodes[0]!), canvas)).toBe(true);
    }
  });
});

describe('a small deep trace wraps into bands and opens whole, in a frame of its own height', () => {
  // a swap's shape: external message, wallet, two jetton wallets, vault (and an excess back), pool,
  // the native vault, the wallet paid out: eight columns
  const swap = (): LayoutInput => {
    const root = chain(8);
    let at = root;
    for (let i = 0; i < 3; i++) at = at.children[0]!;
    at.children.push({ id: 'excess', children: [] });
    return root;
  };

  it('is too wide to read in one row, and whole at full size in bands', () => {
    const flat = layoutTree(swap());
    expect(initialViewport(flat, wide).whole).toBe(false);
    const columns = columnsFor(wide.width);
    const wrapped = wrapLayout(flat, columns);
    expect(wrapped.width).toBeLessThanOrEqual(wide.width);
    const height = frameHeight(wrapped, wide.width, 540);
    const canvas = { width: wide.width, height };
    const v = initialViewport(wrapped, canvas);
    expect(v).toMatchObject({ zoom: 1, whole: true });
    for (const n of wrapped.nodes) expect(inside(onScreen(v, n), canvas)).toBe(true);
    // the frame is the trace's height, not a fixed box of empty space
    expect(height).toBeLessThan(540);
    expect(height).toBe(wrapped.height + 48);
  });

  it('keeps every node apart and every band below the one before', () => {
    const wrapped = wrapLayout(layoutTree(swap()), 4);
    for (const a of wrapped.nodes)
      for (const b of wrapped.nodes)
        if (a !== b)
          expect(
            Math.abs(a.x - b.x) >= NODE_WIDTH || Math.abs(a.y - b.y) >= NODE_HEIGHT,
            `${a.id} overlaps ${b.id}`,
          ).toBe(true);
    const crossing = wrapped.edges.filter((e) => e.wrap !== undefined);
    expect(crossing).toHaveLength(2); // into the vault and into the excess's band
    // their labels on the shared line back take a stretch each
    expect(crossing.map((e) => [e.wrap!.slot, e.wrap!.slots])).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const at = new Map(wrapped.nodes.map((n) => [n.id, n]));
    for (const e of crossing) {
      expect(e.wrap!.y).toBeGreaterThan(at.get(e.source)!.y + NODE_HEIGHT);
      expect(e.wrap!.y).toBeLessThan(at.get(e.target)!.y);
    }
  });

  it('leaves a tree no deeper than the columns as it is', () => {
    const flat = layoutTree(chain(4, 2)); // five columns
    expect(wrapLayout(flat, 5)).toBe(flat);
    expect(wrapLayout(flat, 4)).not.toBe(flat);
  });

  it('gives a trace that cannot open whole the most height, and opens it on the path to its failure', () => {
    const layout = layoutTree(chain(2, 20));
    expect(frameHeight(layout, wide.width, 540)).toBe(540);
    // the fifth of twenty siblings is off screen when the trace opens on its root, in view when it is
    // the first failure
    const failed = layout.nodes.find((n) => n.id === 'f4')!;
    expect(inside(onScreen(initialViewport(layout, wide), failed), wide)).toBe(false);
    const path = [layout.nodes[0]!, layout.nodes.find((n) => n.id === 'n1')!, failed];
    const v = initialViewport(layout, wide, path);
    expect(v).toMatchObject({ whole: false, zoom: READABLE_ZOOM });
    for (const n of path) expect(inside(onScreen(v, n), wide)).toBe(true);
  });
});
