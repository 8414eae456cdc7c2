import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  Background,
  Controls,
  Handle,
  MiniMap,
  Position,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  useStore,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { shortAddress, displayAddress } from '../../lib/format';
import type { AddressForm } from '../../../ton/address-forms';
import type { Theme } from '../../lib/settings';
import { MsgEdge, type GraphEdge } from './msg-edge';
import { NODE_TONE, SELECTED_RING, STATUS_TONE, TX_NODE_CLASS, pseudoNodeClass } from './node-look';
import { EXT_IN_PREFIX, EXT_OUT_PREFIX, buildGraphModel, edgeMessage, failurePath, txNodeText } from './graph-model';
import { messageLabel } from '../../model/message-label';
import { outcomeOf, type Outcome } from '../../model/outcome';
import { labelOf } from '../../model/run-names';
import type { TraceTableProps } from './trace-table';
import { NODE_HEIGHT, NODE_WIDTH, moreNodeId } from './trace-layout';
import { columnsFor, frameHeight, initialViewport } from './trace-viewport';

type TxNodeData = {
  kind: 'tx';
  title: string;
  account: string;
  addressForm: AddressForm;
  status: string;
  outcome: Outcome;
  failed: boolean;
  selected: boolean;
};
type PseudoNodeData = { kind: 'ext-in' | 'ext-out' | 'more'; text: string; parentId?: string };
type GraphNode = Node<TxNodeData, 'tx'> | Node<PseudoNodeData, 'pseudo'>;

const TxNode = memo(function TxNode({ data }: NodeProps<Node<TxNodeData, 'tx'>>) {
  // Formatted here, not when the node list is built: only the nodes on screen are mounted, so a
  // 1000-transaction trace checksums a handful of addresses instead of all of them.
  const address = useMemo(
    () => shortAddress(displayAddress(data.account, data.addressForm), 8),
    [data.account, data.addressForm],
  );
  const tone = NODE_TONE[data.outcome];
  return (
    <div
      data-testid="trace-node"
      data-failed={data.failed || undefined}
      data-outcome={data.outcome}
      className={`${TX_NODE_CLASS} ${tone} ${data.selected ? SELECTED_RING : ''}`}
      title={`${address}\n${data.status}`}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <div className="truncate font-semibold">{data.title}</div>
      <div className="mono truncate text-[11px] opacity-80">{address}</div>
      <div className={`truncate text-[11px] font-medium ${STATUS_TONE[data.outcome]}`}>{data.status}</div>
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
});

const MINIMAP_COLOR: Record<Outcome, string> = { failed: '#dc2626', skipped: '#d97706', success: '#94a3b8' };

const PseudoNode = memo(function PseudoNode({ data }: NodeProps<Node<PseudoNodeData, 'pseudo'>>) {
  return (
    <div className={pseudoNodeClass(data.kind === 'more')}>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      {data.text}
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
});

const BIG_GRAPH = 150;
/**
 * The most nodes a trace's minimap draws. React Flow's minimap draws every node of the graph (an
 * SVG rect each, never only those in view): for the 4,000-transaction trace that was 1.2 s of the
 * main thread's 1.8 s in drawing the graph (docs/benchmarks.md, "At the 4,000 cap"). Past it the
 * trace has no minimap; the fit-view control still shows it whole.
 */
const MINIMAP_MAX_NODES = 1000;

// Where React Flow's default 6x6 handles sit on our fixed-size nodes (left/right, centred, half
// outside the box). Declaring them up front lets onlyRenderVisibleElements skip the nodes off
// screen from the first frame: without them React Flow mounts every node once to measure its
// handles, which for a 1000-transaction trace was most of the page's first render and layout.
const HANDLE = 6;
const NODE_HANDLES: NonNullable<Node['handles']> = [
  {
    id: null,
    type: 'target',
    position: Position.Left,
    x: -HANDLE / 2,
    y: NODE_HEIGHT / 2 - HANDLE / 2,
    width: HANDLE,
    height: HANDLE,
  },
  {
    id: null,
    type: 'source',
    position: Position.Right,
    x: NODE_WIDTH - HANDLE / 2,
    y: NODE_HEIGHT / 2 - HANDLE / 2,
    width: HANDLE,
    height: HANDLE,
  },
];

// Defined once outside the component: React Flow re-mounts every node when these objects change.
const nodeTypes = { tx: TxNode, pseudo: PseudoNode };
const edgeTypes = { msg: MsgEdge };

export interface TraceGraphProps extends TraceTableProps {
  expanded: ReadonlySet<string>;
  onExpand: (parentId: string) => void;
  /** Screen pixels at the graph's right edge covered by the selected transaction's details. */
  coveredRight?: number;
  /** The explorer's theme: React Flow's own controls, minimap and background follow it. */
  theme?: Theme;
  className?: string;
  /** Shown in the frame until React Flow has measured it and drawn (the trace page's still picture). */
  placeholder?: ReactNode;
}

/** The canvas as measured, and how many columns its layout wraps at (0: none). */
type Canvas = { width: number; height: number; columns: number };

function GraphInner(props: TraceGraphProps & { canvas: Canvas }) {
  const { trace, book, letters, addressForm, selected, onSelect, expanded, onExpand } = props;
  const columns = props.canvas.columns;
  const model = useMemo(() => buildGraphModel(trace, expanded, columns), [trace, expanded, columns]);

  // Selection is applied on top of a node list built without it, so selecting a transaction makes
  // one new node object (two with the one deselected) and React Flow re-renders only those.
  const unselected = useMemo(() => {
    const nodes: GraphNode[] = model.layout.nodes.map((n) => {
      const base = {
        id: n.id,
        position: { x: n.x, y: n.y },
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        handles: NODE_HANDLES,
        draggable: false,
        connectable: false,
      };
      if (n.kind === 'more')
        return {
          ...base,
          type: 'pseudo',
          data: { kind: 'more', text: `+${n.hidden} more`, parentId: n.parentId ?? undefined },
        };
      if (n.id.startsWith(EXT_IN_PREFIX))
        return { ...base, type: 'pseudo', selectable: false, data: { kind: 'ext-in', text: 'external message' } };
      if (n.id.startsWith(EXT_OUT_PREFIX))
        return { ...base, type: 'pseudo', selectable: false, data: { kind: 'ext-out', text: 'external out (log)' } };
      const tx = trace.txs.get(n.id)!;
      const text = txNodeText(tx, letters.get(tx.account) ?? '?', labelOf(book[tx.account]));
      return {
        ...base,
        type: 'tx',
        ariaLabel: `${text.title}, ${text.status}`,
        data: { kind: 'tx', ...text, account: tx.account, addressForm, selected: false },
      };
    });
    return nodes;
  }, [model, trace, letters, book, addressForm]);

  const nodes = useMemo(
    () =>
      selected === null
        ? unselected
        : unselected.map((n) =>
            n.id === selected && n.type === 'tx' ? { ...n, data: { ...n.data, selected: true } } : n,
          ),
    [unselected, selected],
  );

  const edges = useMemo(() => {
    const edges: GraphEdge[] = model.layout.edges.map((e) => {
      const m = edgeMessage(trace, e.source, e.target);
      const label = m ? messageLabel(m) : { value: null, name: '' };
      const target = trace.txs.get(e.target);
      return {
        id: e.id,
        source: e.source,
        target: e.target,
        type: 'msg',
        selectable: false,
        data: {
          ...label,
          bounced: m?.bounced ?? false,
          failedTarget: target ? outcomeOf(target) === 'failed' : false,
          wrap: e.wrap,
        },
      };
    });
    return edges;
  }, [model, trace]);

  const [{ whole: opensWhole, ...defaultViewport }] = useState(() => {
    // a trace too big to open whole opens on its root and the path to its first failure
    const onPath = new Set([model.layout.nodes[0]?.id, ...failurePath(trace)]);
    return initialViewport(
      model.layout,
      props.canvas,
      model.layout.nodes.filter((n) => onPath.has(n.id)),
    );
  });
  const flow = useReactFlow();
  const wide = typeof matchMedia !== 'function' || matchMedia('(min-width: 640px)').matches;
  const coveredRight = props.coveredRight ?? 0;
  const paneWidth = useStore((s) => s.width);
  const paneHeight = useStore((s) => s.height);
  useEffect(() => {
    if (!selected) return;
    const n = model.layout.nodes.find((x) => x.id === selected);
    if (!n) return;
    // A node already in full view at a readable size stays put: moving the whole graph under the
    // pointer on every click loses the reader's place.
    const v = flow.getViewport();
    const left = v.x + n.x * v.zoom;
    const top = v.y + n.y * v.zoom;
    if (
      v.zoom >= 0.6 &&
      left >= 0 &&
      left + NODE_WIDTH * v.zoom <= paneWidth - coveredRight &&
      top >= 0 &&
      top + NODE_HEIGHT * v.zoom <= paneHeight
    )
      return;
    // centred in the part of the canvas the details leave uncovered, so its children stay in view
    const zoom = Math.max(v.zoom, 0.6);
    void flow.setCenter(n.x + NODE_WIDTH / 2 + coveredRight / 2 / zoom, n.y + NODE_HEIGHT / 2, { zoom, duration: 200 });
  }, [selected, model, flow, coveredRight, paneWidth, paneHeight]);

  const onNodeClick = useCallback(
    (_: unknown, node: GraphNode) => {
      if (node.type === 'tx') onSelect(node.id);
      else if (node.data.kind === 'more' && node.data.parentId) onExpand(node.data.parentId);
    },
    [onSelect, onExpand],
  );

  return (
    <ReactFlow<GraphNode, GraphEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      onNodeClick={onNodeClick}
      nodesDraggable={false}
      nodesConnectable={false}
      elementsSelectable
      onlyRenderVisibleElements={nodes.length > BIG_GRAPH}
      // Not fitView: fitting a deep or big trace zooms out until nothing is readable. A trace opens
      // whole only when it fits at a readable zoom, else readable on its root; the minimap and the
      // fit-view control show the whole. Computed once, from the first layout, like fitView was.
      defaultViewport={defaultViewport}
      fitViewOptions={{ maxZoom: 1, padding: 0.15 }}
      minZoom={0.05}
      proOptions={{ hideAttribution: true }}
      // the same three choices as the settings ('system' follows prefers-color-scheme in both)
      colorMode={props.theme ?? 'system'}
      aria-label="Trace graph: one node per transaction, one edge per message"
    >
      <Background gap={24} />
      {/* Both on the left: the selected transaction's details float over the right edge. */}
      <Controls showInteractive={false} position="top-left" />
      {/* Only for a trace that does not open whole: there it shows the rest, while over a trace
          that is all on screen it would just cover the root's corner. On a phone it would cover a
          third of an already small canvas. Nor for a graph of thousands of nodes (MINIMAP_MAX_NODES). */}
      {wide && !opensWhole && nodes.length <= MINIMAP_MAX_NODES && (
        <MiniMap
          pannable
          zoomable
          position="bottom-left"
          nodeColor={(n) => MINIMAP_COLOR[(n.data as TxNodeData).outcome] ?? MINIMAP_COLOR.success}
          ariaLabel="Trace minimap"
        />
      )}
    </ReactFlow>
  );
}

/** The trace as an interactive tree: lazily loaded, so only the trace page pays for React Flow. */
export default function TraceGraph(props: TraceGraphProps) {
  // The opening viewport depends on the canvas size, so the canvas is measured before React Flow
  // mounts rather than corrected after it has drawn. Measured in a layout effect, but React Flow is
  // then mounted in a transition: a plain state update there re-rendered at once, synchronously,
  // and the whole of React Flow's first render was one task of the page's load (725 ms with the
  // CPU slowed 4x, for 22 transactions); a transition's render yields to the browser as it goes.
  //
  // The frame's height follows the trace: the box's own height (the page's most) is measured, the
  // layout made for its width (wrapped into bands if that makes a small trace open whole), and the
  // box set to the height the trace takes at the zoom it opens at, before the browser paints it.
  const ref = useRef<HTMLDivElement>(null);
  const [canvas, setCanvas] = useState<Canvas | null>(null);
  const { trace, expanded } = props;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const width = el.offsetWidth;
    const columns = columnsFor(width);
    const height = frameHeight(buildGraphModel(trace, expanded, columns).layout, width, el.offsetHeight);
    el.style.height = `${height}px`;
    startTransition(() => setCanvas({ width, height, columns }));
    // measured once, like the opening viewport: expanding a fold later does not resize the frame
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div ref={ref} className={props.className ?? 'h-[60vh] min-h-80 w-full'} data-testid="trace-graph">
      {canvas ? (
        <ReactFlowProvider>
          <GraphInner {...props} canvas={canvas} />
        </ReactFlowProvider>
      ) : (
        props.placeholder
      )}
    </div>
  );
}

export { moreNodeId };
