import { describe, expect, it } from 'vitest';
import { layoutTree, NODE_HEIGHT, NODE_WIDTH, type LayoutInput } from './trace-layout';
import { initialViewport, READABLE_ZOOM } from './trace-viewport';

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
