import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { BlockLink, McBlockLink, TraceLink, TxLink } from '../../components/entity-links';
import { DataTable, type Column } from '../../components/data-table';
import { ShowMore, useLongList } from '../../components/long-list';
import type { BlockRef } from '../../../api/model';
import { shortHash } from '../../lib/format';
import type { TraceView } from '../../model/trace-view';
import { OUTCOME_MARK, outcomeOf } from '../../model/outcome';
import { HEADER_H, LABEL_W, laneLayout, type LaneLayout, type LaneTx } from './lanes-model';

/**
 * The trace's shard swimlanes: a lane per shard, a column per masterchain block, each transaction
 * a link (selecting it in the trace) inside its shard block, and the messages between them drawn
 * as arrows, amber where they cross to another shard. Below, the same placement as a table.
 */
export function TraceLanes({
  trace,
  letters,
  selected,
}: {
  trace: TraceView;
  letters: Map<string, string>;
  selected: string | null;
}) {
  const layout = useMemo(() => laneLayout(trace), [trace]);
  const box = useRef<HTMLDivElement>(null);
  const windowed = trace.txs.size > WINDOW_FROM;
  const view = useScrollWindow(box, windowed);
  const shows = (r: Rect) =>
    view === null || (r.right >= view.left && r.left <= view.right && r.bottom >= view.top && r.top <= view.bottom);
  return (
    <div className="space-y-3">
      <div
        ref={box}
        className={`w-fit max-w-full overflow-auto rounded-lg border border-slate-200 dark:border-slate-800 ${windowed ? 'max-h-[75vh]' : ''}`}
        data-testid="lanes"
        data-windowed={windowed}
      >
        <div className="relative text-xs" style={{ width: layout.width, height: layout.height }}>
          <LaneBackdrop layout={layout} />
          {layout.columns.map((c) => (
            <div
              key={String(c.mcSeqno)}
              className="absolute top-0 flex items-center font-medium"
              style={{ left: c.x, width: c.w, height: layout.height }}
              data-testid="lane-column"
              data-mc={c.mcSeqno ?? 'pending'}
            >
              <span className="absolute top-1.5">
                {c.mcSeqno === null ? (
                  'not yet in a masterchain block'
                ) : (
                  <McBlockLink seqno={c.mcSeqno}>MC {c.mcSeqno}</McBlockLink>
                )}
              </span>
            </div>
          ))}
          {layout.lanes.map((l) => (
            <div
              key={l.key}
              className="absolute left-0 border-t border-slate-200 dark:border-slate-800"
              style={{ top: l.y, width: layout.width, height: l.h }}
              data-testid="lane"
              data-lane={l.key}
            >
              <span className="absolute left-2 top-2 w-[8.5rem] break-all font-semibold">{l.label}</span>
            </div>
          ))}
          {layout.blocks.map((b) =>
            !shows({ left: b.x, right: b.x + b.w, top: b.y, bottom: b.y + b.h }) ? null : (
              <div
                key={`${b.id}@${b.mcSeqno}`}
                className="absolute rounded border border-slate-300 bg-white/70 dark:border-slate-700 dark:bg-slate-900/70"
                style={{ left: b.x, top: b.y, width: b.w, height: b.h }}
                data-testid="lane-block"
                data-block={b.id}
                data-mc={b.mcSeqno ?? 'pending'}
              >
                <BlockLink
                  block={b.block}
                  className="mono block truncate px-1 text-[11px] leading-5 text-teal-700 hover:underline dark:text-teal-400"
                >
                  #{b.block.seqno}
                </BlockLink>
              </div>
            ),
          )}
          <LaneEdges layout={layout} shows={view === null ? null : shows} />
          {trace.order.map((hash) => {
            const at = layout.txs.get(hash);
            if (!at || (hash !== selected && !shows(rectOf(at)))) return null;
            return (
              <Chip
                key={hash}
                at={at}
                trace={trace}
                letter={letters.get(trace.txs.get(hash)!.account) ?? '?'}
                selected={hash === selected}
              />
            );
          })}
        </div>
      </div>
      <p className="text-xs text-muted">
        Lanes are shards, columns masterchain blocks, boxes shard blocks.{' '}
        <span className="text-amber-700 dark:text-amber-400">Amber arrows</span> are messages to another shard: one that
        spans columns waited for the masterchain to commit its sender&apos;s block.
      </p>
      <LanesTable trace={trace} layout={layout} letters={letters} />
    </div>
  );
}

/**
 * Past this many transactions the lanes box scrolls on its own (three quarters of the window high)
 * and draws only the chips and arrows in and near its scrolled view: a fan-out of thousands is
 * thousands of links and arrows, most far out of sight, and mounting them all took seconds. The
 * table below lists every transaction (a page at a time) for screen readers and copying.
 */
const WINDOW_FROM = 300;
/** Drawn beyond each side of the view, so that a scroll finds the chips already there. */
const WINDOW_MARGIN = 600;

interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const rectOf = (at: LaneTx): Rect => ({ left: at.x, right: at.x + at.w, top: at.y, bottom: at.y + at.h });

/** The part of the box's content in and near its scrolled view, followed on scroll and resize (null: draw all). */
function useScrollWindow(ref: RefObject<HTMLDivElement | null>, enabled: boolean): Rect | null {
  // The first render draws the window the box shows unscrolled (at most the page's width, three
  // quarters of its height), not everything: drawing all first and windowing in the layout effect
  // mounted every chip and arrow of a 1,000-transaction fan-out once, a long task of seconds.
  const [view, setView] = useState<Rect | null>(() =>
    enabled
      ? {
          left: -WINDOW_MARGIN,
          right: window.innerWidth + WINDOW_MARGIN,
          top: -WINDOW_MARGIN,
          bottom: window.innerHeight * 0.75 + WINDOW_MARGIN,
        }
      : null,
  );
  useLayoutEffect(() => {
    const el = ref.current;
    if (!enabled || !el) {
      setView(null);
      return;
    }
    let frame = 0;
    const read = () => {
      frame = 0;
      setView({
        left: el.scrollLeft - WINDOW_MARGIN,
        right: el.scrollLeft + el.clientWidth + WINDOW_MARGIN,
        top: el.scrollTop - WINDOW_MARGIN,
        bottom: el.scrollTop + el.clientHeight + WINDOW_MARGIN,
      });
    };
    read();
    const onChange = () => {
      if (frame === 0) frame = requestAnimationFrame(read);
    };
    el.addEventListener('scroll', onChange, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(onChange) : null;
    resize?.observe(el);
    return () => {
      el.removeEventListener('scroll', onChange);
      resize?.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [ref, enabled]);
  return view;
}

function Chip({ at, trace, letter, selected }: { at: LaneTx; trace: TraceView; letter: string; selected: boolean }) {
  const outcome = outcomeOf(trace.txs.get(at.hash)!);
  const failed = outcome === 'failed';
  return (
    <TraceLink
      traceId={trace.traceId}
      tx={at.hash}
      view="lanes"
      className={`absolute flex items-center gap-1 rounded border px-1 ${failed ? 'border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100' : outcome === 'skipped' ? 'border-dashed border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50' : 'border-slate-400 bg-white text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100'} ${selected ? 'ring-2 ring-teal-600' : ''} hover:underline focus-visible:outline-2 focus-visible:outline-teal-600`}
      style={{ left: at.x, top: at.y, width: at.w, height: at.h }}
      data-testid="lane-tx"
      data-tx={at.hash}
      data-outcome={outcome}
    >
      <span className="font-semibold">{letter}</span>
      <span className="mono truncate">{shortHash(at.hash, 3)}</span>
      {outcome !== 'success' && (
        <>
          <span aria-hidden="true">{OUTCOME_MARK[outcome]}</span>
          <span className="sr-only">{outcome}</span>
        </>
      )}
    </TraceLink>
  );
}

/** Lane stripes (alternating), drawn under everything. */
function LaneBackdrop({ layout }: { layout: LaneLayout }) {
  return (
    <svg aria-hidden="true" className="absolute inset-0" width={layout.width} height={layout.height}>
      {layout.lanes.map(
        (l, i) =>
          i % 2 === 1 && (
            <rect
              key={l.key}
              x={0}
              y={l.y}
              width={layout.width}
              height={l.h}
              className="fill-slate-50 dark:fill-slate-900"
            />
          ),
      )}
      <line
        x1={LABEL_W - 8}
        x2={LABEL_W - 8}
        y1={HEADER_H}
        y2={layout.height}
        className="stroke-slate-200 dark:stroke-slate-800"
      />
    </svg>
  );
}

function LaneEdges({ layout, shows }: { layout: LaneLayout; shows: ((r: Rect) => boolean) | null }) {
  return (
    <svg
      aria-hidden="true"
      className="pointer-events-none absolute inset-0"
      width={layout.width}
      height={layout.height}
    >
      <defs>
        <marker id="lane-arrow" viewBox="0 0 6 6" refX="6" refY="3" markerWidth="6" markerHeight="6" orient="auto">
          <path d="M0,0 L6,3 L0,6 z" className="fill-slate-500" />
        </marker>
        <marker
          id="lane-arrow-cross"
          viewBox="0 0 6 6"
          refX="6"
          refY="3"
          markerWidth="6"
          markerHeight="6"
          orient="auto"
        >
          <path d="M0,0 L6,3 L0,6 z" className="fill-amber-600" />
        </marker>
      </defs>
      {layout.edges.map((e) => {
        const a = layout.txs.get(e.from)!;
        const b = layout.txs.get(e.to)!;
        if (
          shows &&
          !shows({
            left: Math.min(a.x, b.x),
            right: Math.max(a.x + a.w, b.x + b.w),
            top: Math.min(a.y, b.y),
            bottom: Math.max(a.y + a.h, b.y + b.h),
          })
        )
          return null;
        const x1 = a.x + a.w;
        const y1 = a.y + a.h / 2;
        // to a later column: into the receiver's left side; within the same block: around its right side
        const forward = b.x > a.x;
        const x2 = forward ? b.x : b.x + b.w;
        const y2 = b.y + b.h / 2;
        const bend = forward ? Math.max(24, (x2 - x1) / 2) : 18;
        const d = forward
          ? `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`
          : `M${x1},${y1} C${x1 + bend},${y1} ${x2 + bend},${y2} ${x2},${y2}`;
        return (
          <path
            key={`${e.from}>${e.to}`}
            d={d}
            fill="none"
            strokeWidth={e.crossLane ? 1.75 : 1.25}
            strokeDasharray={e.crossLane ? '5 3' : undefined}
            className={e.crossLane ? 'stroke-amber-600' : 'stroke-slate-400'}
            markerEnd={`url(#${e.crossLane ? 'lane-arrow-cross' : 'lane-arrow'})`}
            data-testid="lane-edge"
            data-cross={e.crossLane}
          />
        );
      })}
    </svg>
  );
}

interface Row {
  tx: LaneTx;
  lane: string;
  letter: string;
  block: BlockRef | null;
}

const COLUMNS: Column<Row>[] = [
  { header: 'Lane', cell: (r) => r.lane },
  {
    header: 'Masterchain block',
    testId: 'lanes-row-mc',
    cell: (r) => (r.tx.mcSeqno === null ? 'not yet' : <McBlockLink seqno={r.tx.mcSeqno} />),
  },
  { header: 'Shard block', testId: 'lanes-row-block', cell: (r) => (r.block ? <BlockLink block={r.block} /> : '—') },
  { header: 'Transaction', cell: (r) => <TxLink hash={r.tx.hash}>{`${r.letter} ${shortHash(r.tx.hash)}`}</TxLink> },
];

/** The lanes' twin for screen readers and copying: lane, masterchain block, shard block, transaction. */
function LanesTable({
  trace,
  layout,
  letters,
}: {
  trace: TraceView;
  layout: LaneLayout;
  letters: Map<string, string>;
}) {
  const rows = useMemo(() => {
    const label = new Map(layout.lanes.map((l) => [l.key, l.label]));
    return layout.blocks.flatMap((b) =>
      b.txs.map((hash) => ({
        tx: layout.txs.get(hash)!,
        lane: label.get(b.lane)!,
        letter: letters.get(trace.txs.get(hash)!.account) ?? '?',
        block: b.block.shard === '?' ? null : b.block,
      })),
    );
  }, [layout, letters, trace]);
  const list = useLongList(rows);
  return (
    <div>
      <DataTable
        caption="Where each transaction happened: its shard lane, masterchain block and shard block"
        columns={COLUMNS}
        rows={list.shown}
        rowKey={(r) => r.tx.hash}
        rowTestId="lanes-row"
        dense
      />
      <ShowMore shown={list.shown.length} total={rows.length} what="transactions" onMore={list.more} onAll={list.all} />
    </div>
  );
}
