import { NODE_HEIGHT, type TraceLayout } from './trace-layout';

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
 * kept on screen (at the left edge, at mid-height) along each axis it does not.
 */
export function initialViewport(layout: TraceLayout, canvas: { width: number; height: number }): OpeningView {
  const room = { width: Math.max(canvas.width - 2 * PADDING, 1), height: Math.max(canvas.height - 2 * PADDING, 1) };
  const fit = Math.min(room.width / layout.width, room.height / layout.height, MAX_ZOOM);
  const zoom = Math.max(fit, READABLE_ZOOM);
  const root = layout.nodes[0] ?? { x: 0, y: 0 };
  const fitsAcross = layout.width * zoom <= room.width;
  const fitsDown = layout.height * zoom <= room.height;
  const x = fitsAcross ? (canvas.width - layout.width * zoom) / 2 : PADDING - root.x * zoom;
  const y = fitsDown
    ? (canvas.height - layout.height * zoom) / 2
    : canvas.height / 2 - (root.y + NODE_HEIGHT / 2) * zoom;
  return { x, y, zoom, whole: fitsAcross && fitsDown };
}
