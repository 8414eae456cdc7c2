import { hierarchy, tree } from 'd3-hierarchy';

export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 64;
// Wide enough for an edge label wrapped on its words (three short lines at most), narrow enough
// that a five-column trace (external message, wallet, jetton master, jetton wallet, wallets) fits
// a 1280 px window at a readable zoom (see trace-viewport.ts).
export const COLUMN_GAP = 104;
const ROW_GAP = 20;
/**
 * Edges leave their source through a stub this long and bend there, so a parent's edges share one
 * vertical trunk and each runs straight along its target's row for the rest of the gap: the label
 * sits on that run, in the clear, not across the bends of its siblings' edges.
 */
export const EDGE_BEND = 14;
/** Wallets can send up to 255 messages at once; beyond this many siblings the rest fold. */
export const FOLD_LIMIT = 20;

export interface LayoutInput {
  id: string;
  children: LayoutInput[];
}

export interface PlacedNode {
  id: string;
  kind: 'item' | 'more';
  parentId: string | null;
  x: number;
  y: number;
  /** For a "+N more" node: how many siblings it stands for. */
  hidden?: number;
}

/**
 * How an edge into the next band runs: back along the gap between the bands at `y`; the edges
 * crossing the same gap share that line, so each label takes its own stretch of it (`slot` of
 * `slots`, left to right).
 */
export interface Wrap {
  y: number;
  slot: number;
  slots: number;
}

export interface TraceLayout {
  nodes: PlacedNode[];
  /** `wrap`: an edge from the end of one band to the start of the next (wrapLayout). */
  edges: Array<{ id: string; source: string; target: string; wrap?: Wrap }>;
  width: number;
  height: number;
}

interface LayoutNode {
  id: string;
  kind: 'item' | 'more';
  hidden?: number;
  children?: LayoutNode[];
}

/** `+N more` stands for the siblings past the fold limit; its id names the parent it belongs to. */
export function moreNodeId(parentId: string): string {
  return `more:${parentId}`;
}

function fold(root: LayoutInput, expanded: ReadonlySet<string>, limit: number): LayoutNode {
  const out: LayoutNode = { id: root.id, kind: 'item' };
  const stack: Array<[LayoutInput, LayoutNode]> = [[root, out]];
  while (stack.length > 0) {
    const [src, dst] = stack.pop()!;
    if (src.children.length === 0) continue;
    const keep = src.children.length > limit && !expanded.has(src.id) ? src.children.slice(0, limit - 1) : src.children;
    dst.children = keep.map((c) => {
      const n: LayoutNode = { id: c.id, kind: 'item' };
      stack.push([c, n]);
      return n;
    });
    if (keep.length < src.children.length) {
      dst.children.push({ id: moreNodeId(src.id), kind: 'more', hidden: src.children.length - keep.length });
    }
  }
  return out;
}

/**
 * A left-to-right tidy tree (Reingold–Tilford, d3-hierarchy `tree().nodeSize`): depth runs along x,
 * siblings stack along y in the given order. A trace is a tree (every transaction has exactly one
 * inbound message), so this places 1000 nodes in a few milliseconds where dagre/ELK take ~1 s.
 */
export function layoutTree(
  root: LayoutInput,
  opts: { expanded?: ReadonlySet<string>; foldLimit?: number } = {},
): TraceLayout {
  const folded = fold(root, opts.expanded ?? new Set(), opts.foldLimit ?? FOLD_LIMIT);
  const h = hierarchy<LayoutNode>(folded);
  tree<LayoutNode>()
    .nodeSize([NODE_HEIGHT + ROW_GAP, NODE_WIDTH + COLUMN_GAP])
    .separation(() => 1)(h);
  const nodes: PlacedNode[] = [];
  const edges: TraceLayout['edges'] = [];
  let minY = Infinity;
  let maxY = -Infinity;
  let maxX = 0;
  h.each((n) => {
    // d3's x is the breadth axis; turned sideways it becomes the vertical position.
    const x = n.y ?? 0;
    const y = n.x ?? 0;
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
    maxX = Math.max(maxX, x);
    const parentId = n.parent ? n.parent.data.id : null;
    nodes.push({
      id: n.data.id,
      kind: n.data.kind,
      parentId,
      x,
      y,
      ...(n.data.hidden ? { hidden: n.data.hidden } : {}),
    });
    if (parentId !== null) edges.push({ id: `${parentId}->${n.data.id}`, source: parentId, target: n.data.id });
  });
  // Shift so the top-most node sits at y = 0.
  for (const n of nodes) n.y -= minY;
  return { nodes, edges, width: maxX + NODE_WIDTH, height: maxY - minY + NODE_HEIGHT };
}

/** A column of the tree: a node and the gap its outgoing edges and their labels run in. */
export const COLUMN_WIDTH = NODE_WIDTH + COLUMN_GAP;
/** Between two bands of a wrapped layout: room for an edge's label (value and name) on its way back. */
const BAND_GAP = 64;

/**
 * The tree cut into bands of `columns` columns, each band under the one before, as a long line of
 * text wraps: a swap's eight hops in a row are 2,300 px wide, too wide to read in one window,
 * and as two bands of four they fit at full size. A band keeps the tidy tree's vertical order;
 * the edges that cross into the next band run back along the gap between the two (`wrap`).
 * A tree no deeper than `columns` is returned as it is.
 */
export function wrapLayout(layout: TraceLayout, columns: number): TraceLayout {
  const depth = (n: PlacedNode) => Math.round(n.x / COLUMN_WIDTH);
  const deepest = Math.max(0, ...layout.nodes.map(depth));
  if (columns < 2 || deepest < columns) return layout;
  const band = (n: PlacedNode) => Math.floor(depth(n) / columns);
  const spans: Array<{ min: number; max: number }> = [];
  for (const n of layout.nodes) {
    const s = (spans[band(n)] ??= { min: Infinity, max: -Infinity });
    s.min = Math.min(s.min, n.y);
    s.max = Math.max(s.max, n.y);
  }
  const tops: number[] = [];
  let top = 0;
  for (const s of spans) {
    tops.push(top);
    top += s.max - s.min + NODE_HEIGHT + BAND_GAP;
  }
  const nodes = layout.nodes.map((n) => {
    const b = band(n);
    return { ...n, x: (depth(n) % columns) * COLUMN_WIDTH, y: n.y - spans[b]!.min + tops[b]! };
  });
  const bandOf = new Map(layout.nodes.map((n) => [n.id, band(n)]));
  // an edge into the first column of a band from the last of the one above runs back along the gap
  const crosses = (e: TraceLayout['edges'][number]) => (bandOf.get(e.target) ?? 0) > (bandOf.get(e.source) ?? 0);
  const slots = new Map<number, number>();
  for (const e of layout.edges)
    if (crosses(e)) slots.set(bandOf.get(e.target)!, (slots.get(bandOf.get(e.target)!) ?? 0) + 1);
  const taken = new Map<number, number>();
  const edges = layout.edges.map((e) => {
    if (!crosses(e)) return e;
    const b = bandOf.get(e.target)!;
    const slot = taken.get(b) ?? 0;
    taken.set(b, slot + 1);
    return { ...e, wrap: { y: tops[b]! - BAND_GAP / 2, slot, slots: slots.get(b)! } };
  });
  return { nodes, edges, width: Math.min(deepest + 1, columns) * COLUMN_WIDTH - COLUMN_GAP, height: top - BAND_GAP };
}
