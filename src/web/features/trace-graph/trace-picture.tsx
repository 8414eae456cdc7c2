import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { displayAddress, shortAddress } from '../../lib/format';
import { messageLabel } from '../../model/message-label';
import { outcomeOf } from '../../model/outcome';
import { labelOf } from '../../model/run-names';
import { EXT_IN_PREFIX, EXT_OUT_PREFIX, buildGraphModel, edgeMessage, failurePath, txNodeText } from './graph-model';
import {
  EDGE_LABEL_CLASS,
  EDGE_VALUE_CLASS,
  NODE_TONE,
  SELECTED_RING,
  STATUS_TONE,
  TX_NODE_CLASS,
  edgeNameClass,
  edgeStroke,
  pseudoNodeClass,
} from './node-look';
import { EDGE_BEND, NODE_HEIGHT, NODE_WIDTH, type PlacedNode, type TraceLayout } from './trace-layout';
import type { TraceTableProps } from './trace-table';
import { columnsFor, frameHeight, initialViewport, type Viewport } from './trace-viewport';

// The trace graph as a still picture: the same tidy-tree layout, opening view, frame height, node
// boxes and message lines as the interactive graph (trace-graph.tsx), drawn as plain elements with
// no React Flow. The trace page shows it first and swaps in React Flow (60 KB compressed, and a
// mount that held a phone's main thread for hundreds of ms) only when the reader reaches for the
// graph: pointing at it, touching it, scrolling over it, focusing it, or selecting a transaction.
// Only what the opening view shows is drawn, so a 4,000-transaction trace costs a screenful.

/** React Flow's 6 px handles sit half outside the box: a message's line starts and ends 3 px out. */
const HANDLE_OUT = 3;
const CORNER = 8;

export interface TracePictureProps extends TraceTableProps {
  expanded: ReadonlySet<string>;
  onExpand: (parentId: string) => void;
  /** The reader reached for the graph: bring in the interactive one. */
  onWake: () => void;
}

interface Scene {
  width: number;
  height: number;
  layout: TraceLayout;
  view: Viewport;
}

/** Whether a box (layout units) shows in the canvas at this view. */
function inView(view: Viewport, canvas: { width: number; height: number }, x: number, y: number, w: number, h: number) {
  const left = view.x + x * view.zoom;
  const top = view.y + y * view.zoom;
  return left + w * view.zoom > 0 && left < canvas.width && top + h * view.zoom > 0 && top < canvas.height;
}

/** A message's line: out of the parent, bent at its stub with rounded corners, straight into the child. */
function edgePath(sx: number, sy: number, tx: number, ty: number, wrapY?: number): string {
  const cx = sx + EDGE_BEND;
  if (wrapY !== undefined) return `M${sx},${sy}H${cx}V${wrapY}H${tx - EDGE_BEND}V${ty}H${tx}`;
  const dy = ty - sy;
  if (dy === 0) return `M${sx},${sy}H${tx}`;
  const r = Math.min(CORNER, Math.abs(dy) / 2, EDGE_BEND / 2);
  const s = Math.sign(dy);
  return `M${sx},${sy}H${cx - r}Q${cx},${sy} ${cx},${sy + s * r}V${ty - s * r}Q${cx},${ty} ${cx + r},${ty}H${tx}`;
}

export const TracePicture = memo(function TracePicture(props: TracePictureProps) {
  const { trace, book, letters, addressForm, selected, onSelect, expanded, onExpand, onWake } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [scene, setScene] = useState<Scene | null>(null);
  // measured before the first paint, as the interactive graph measures its frame, so that both
  // open at the same height and view
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const width = el.offsetWidth;
    const columns = columnsFor(width);
    const { layout } = buildGraphModel(trace, expanded, columns);
    const height = frameHeight(layout, width, el.offsetHeight);
    const onPath = new Set([layout.nodes[0]?.id, ...failurePath(trace)]);
    const view = initialViewport(
      layout,
      { width, height },
      layout.nodes.filter((n) => onPath.has(n.id)),
    );
    setScene({ width, height, layout, view });
  }, [trace, expanded]);

  const drawn = useMemo(() => {
    if (!scene) return null;
    const { layout, view } = scene;
    const nodes = layout.nodes.filter((n) => inView(view, scene, n.x, n.y, NODE_WIDTH, NODE_HEIGHT));
    const pos = new Map(layout.nodes.map((n) => [n.id, n]));
    const edges = layout.edges.flatMap((e) => {
      const s = pos.get(e.source)!;
      const t = pos.get(e.target)!;
      const x = Math.min(s.x, t.x);
      const y = Math.min(s.y, t.y, e.wrap?.y ?? Infinity);
      const bottom = Math.max(s.y, t.y) + NODE_HEIGHT;
      if (!inView(view, scene, x, y, Math.max(s.x, t.x) + NODE_WIDTH - x, bottom - y)) return [];
      return [{ ...e, s, t }];
    });
    return { nodes, edges };
  }, [scene]);

  return (
    <div
      ref={ref}
      className="relative h-[60vh] min-h-80 w-full overflow-hidden bg-white dark:bg-[#141414]"
      style={scene ? { height: scene.height } : undefined}
      data-testid="trace-picture"
      role="group"
      aria-label="Trace graph: one node per transaction, one edge per message. Point at it or focus it to pan and zoom."
      tabIndex={0}
      onPointerEnter={onWake}
      onPointerDown={onWake}
      onTouchStart={onWake}
      onWheel={onWake}
      onFocus={onWake}
    >
      {scene && drawn && (
        <div
          className="absolute top-0 left-0 origin-top-left"
          style={{
            // the layout's own size: an edge label (absolutely placed) wraps as wide as the graph's does
            width: scene.layout.width,
            height: scene.layout.height,
            transform: `translate(${scene.view.x}px, ${scene.view.y}px) scale(${scene.view.zoom})`,
          }}
        >
          <svg
            className="absolute top-0 left-0 overflow-visible"
            width={scene.layout.width}
            height={scene.layout.height}
            aria-hidden="true"
          >
            {drawn.edges.map(({ id, s, t, wrap }) => {
              const m = edgeMessage(trace, s.id, t.id);
              const target = trace.txs.get(t.id);
              const stroke = edgeStroke(m?.bounced ?? false, target ? outcomeOf(target) === 'failed' : false);
              return (
                <path
                  key={id}
                  d={edgePath(
                    s.x + NODE_WIDTH + HANDLE_OUT,
                    s.y + NODE_HEIGHT / 2,
                    t.x - HANDLE_OUT,
                    t.y + NODE_HEIGHT / 2,
                    wrap?.y,
                  )}
                  fill="none"
                  {...stroke}
                />
              );
            })}
          </svg>
          {drawn.edges.map(({ id, s, t, wrap }) => (
            <EdgeLabel key={id} trace={trace} s={s} t={t} wrap={wrap} />
          ))}
          {drawn.nodes.map((n) => {
            const box = { left: n.x, top: n.y, width: NODE_WIDTH, height: NODE_HEIGHT };
            const tx = trace.txs.get(n.id);
            if (!tx)
              return (
                <div
                  key={n.id}
                  className="absolute"
                  style={box}
                  onClick={n.kind === 'more' && n.parentId ? () => onExpand(n.parentId!) : undefined}
                >
                  <div className={pseudoNodeClass(n.kind === 'more')}>
                    {n.kind === 'more'
                      ? `+${n.hidden} more`
                      : n.id.startsWith(EXT_IN_PREFIX)
                        ? 'external message'
                        : n.id.startsWith(EXT_OUT_PREFIX)
                          ? 'external out (log)'
                          : ''}
                  </div>
                </div>
              );
            const text = txNodeText(tx, letters.get(tx.account) ?? '?', labelOf(book[tx.account]));
            const address = shortAddress(displayAddress(tx.account, addressForm), 8);
            return (
              <div key={n.id} className="absolute" style={box} onClick={() => onSelect(n.id)}>
                <div
                  data-testid="trace-picture-node"
                  data-failed={text.failed || undefined}
                  data-outcome={text.outcome}
                  className={`${TX_NODE_CLASS} ${NODE_TONE[text.outcome]} ${selected === n.id ? SELECTED_RING : ''}`}
                  title={`${address}\n${text.status}`}
                >
                  <div className="truncate font-semibold">{text.title}</div>
                  <div className="mono truncate text-[11px] opacity-80">{address}</div>
                  <div className={`truncate text-[11px] font-medium ${STATUS_TONE[text.outcome]}`}>{text.status}</div>
                </div>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
});

/** A message's value and name on its straight run into the receiver, as the graph's edge puts it (msg-edge.tsx). */
function EdgeLabel({
  trace,
  s,
  t,
  wrap,
}: {
  trace: TracePictureProps['trace'];
  s: PlacedNode;
  t: PlacedNode;
  wrap?: TraceLayout['edges'][number]['wrap'];
}) {
  const m = edgeMessage(trace, s.id, t.id);
  if (!m) return null;
  const label = messageLabel(m);
  const sourceX = s.x + NODE_WIDTH + HANDLE_OUT;
  const targetX = t.x - HANDLE_OUT;
  const centerX = sourceX + EDGE_BEND;
  const room = wrap !== undefined ? (centerX - targetX) / wrap.slots - 8 : targetX - centerX - 10;
  const at =
    wrap !== undefined
      ? { x: targetX + ((centerX - targetX) * (wrap.slot + 0.5)) / wrap.slots, y: wrap.y }
      : { x: (centerX + targetX) / 2, y: t.y + NODE_HEIGHT / 2 };
  return (
    <div
      className={EDGE_LABEL_CLASS}
      style={{ maxWidth: room, transform: `translate(-50%, -50%) translate(${at.x}px, ${at.y}px)` }}
    >
      {label.value && <div className={EDGE_VALUE_CLASS}>{label.value}</div>}
      <div className={edgeNameClass(m.bounced)}>
        {m.bounced ? '↩ ' : ''}
        {label.name}
      </div>
    </div>
  );
}
