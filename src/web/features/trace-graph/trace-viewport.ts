import { COLUMN_GAP, COLUMN_WIDTH, NODE_HEIGHT, NODE_WIDTH, type PlacedNode, type TraceLayout } from './trace-layout';

/**
 * The smallest zoom at which a node's 12 px title still renders at ~10 px. Fitting a whole trace
 * below it makes the graph a row of unreadable boxes, so a trace too big for the canvas at this
 * zoom opens at it on its root instead, and the reader pans.
 */
export const READABLE_ZOOM = 0.8;
const MAX_ZOOM = 1;
/** Screen pixels kept free around the graph when it fits. */
const PADDING = 24;

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/** The opening view, and whether it shows the whole trace (then a minimap would only hide part of it). */
export interface OpeningView extends Viewport {
  whole: boolean;
}

/**
 * Where a trace opens in a canvas of the given size: the whole trace when it fits at a readable
 * zoom, else the readable zoom, with the graph centred along each axis it fits in and the root
 * kept on screen (at the left edge, at mid-height) along each axis it does not. `path` (the nodes
 * from the root to the first failure) is shown whole instead when it fits at the readable zoom.
 */
export function initialViewport(
  layout: TraceLayout,
  canvas: { width: number; height: number },
  path: readonly PlacedNode[] = [],
): OpeningView {
  const room = { width: Math.max(canvas.width - 2 * PADDING, 1), height: Math.max(canvas.height - 2 * PADDING, 1) };
  const fit = Math.min(room.width / layout.width, room.height / layout.height, MAX_ZOOM);
  const zoom = Math.max(fit, READABLE_ZOOM);
  const root = layout.nodes[0] ?? { x: 0, y: 0 };
  const fitsAcross = layout.width * zoom <= room.width;
  const fitsDown = layout.height * zoom <= room.height;
  if (!(fitsAcross && fitsDown) && path.length > 1) {
    const box = boxOf(path);
    if (box.width * zoom <= room.width && box.height * zoom <= room.height) {
      const x = fitsAcross ? (canvas.width - layout.width * zoom) / 2 : PADDING - box.x * zoom;
      const y = fitsDown
        ? (canvas.height - layout.height * zoom) / 2
        : (canvas.height - box.height * zoom) / 2 - box.y * zoom;
      return { x, y, zoom, whole: false };
    }
  }
  const x = fitsAcross ? (canvas.width - layout.width * zoom) / 2 : PADDING - root.x * zoom;
  const y = fitsDown
    ? (canvas.height - layout.height * zoom) / 2
    : canvas.height / 2 - (root.y + NODE_HEIGHT / 2) * zoom;
  return { x, y, zoom, whole: fitsAcross && fitsDown };
}

function boxOf(nodes: readonly PlacedNode[]) {
  const x = Math.min(...nodes.map((n) => n.x));
  const y = Math.min(...nodes.map((n) => n.y));
  return {
    x,
    y,
    width: Math.max(...nodes.map((n) => n.x)) + NODE_WIDTH - x,
    height: Math.max(...nodes.map((n) => n.y)) + NODE_HEIGHT - y,
  };
}

/** A trace of up to this many placed nodes wraps into bands to open whole (trace-layout.ts, wrapLayout). */
export const WRAP_MAX_NODES = 24;
/** The frame is never shorter than its controls (zoom in, out, fit) need. */
export const MIN_FRAME_HEIGHT = 176;

/** How many columns of the tree fit a canvas this wide at full size. */
export function columnsFor(width: number): number {
  return Math.max(2, Math.floor((width - 2 * PADDING + COLUMN_GAP) / COLUMN_WIDTH));
}

/**
 * The frame's height: a trace that opens whole gets the height it takes at the zoom it opens at,
 * so a short trace has no box of empty space above and below it; one that does not gets the most
 * the page allows (`maxHeight`), the reader then pans with the minimap.
 */
export function frameHeight(layout: TraceLayout, width: number, maxHeight: number): number {
  const v = initialViewport(layout, { width, height: maxHeight });
  if (!v.whole) return maxHeight;
  return Math.min(maxHeight, Math.max(MIN_FRAME_HEIGHT, Math.ceil(layout.height * v.zoom + 2 * PADDING)));
}
