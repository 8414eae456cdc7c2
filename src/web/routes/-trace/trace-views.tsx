import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTraceGraph } from '../../features/trace-graph/load-trace-graph';
import { TraceTable, type TraceTableProps } from '../../features/trace-graph/trace-table';
import { TracePicture } from '../../features/trace-graph/trace-picture';
import { TraceLanes } from '../../features/trace-lanes/trace-lanes';
import type { Theme } from '../../lib/settings';
import type { TraceView } from '../../model/trace-view';
import type { TraceViewName } from './views';

// Tailwind's lg breakpoint, from which the details float over the graph, and the width they cover
// there: lg:w-[22rem] plus lg:right-3 (trace-details.tsx).
const LG = '(min-width: 1024px)';
const DETAILS_OVER_GRAPH_PX = 22 * 16 + 12;

type TraceViewProps = TraceTableProps;

/**
 * The trace as a graph, a table or lanes, with the details of the selected transaction. In the
 * graph view the details float over the graph's right edge, and only while a transaction is
 * selected: a permanent column beside the graph took a third of its width and halved the zoom a
 * trace could open at. The table keeps the column.
 */
export function TraceViews({
  view,
  graphTrace,
  theme,
  expanded,
  onExpand,
  details,
  detailsOpen,
  ...props
}: TraceViewProps & {
  view: TraceViewName;
  /** The trace as the deferred render sees it: the graph mounts once it caught up. */
  graphTrace: TraceView | null;
  theme: Theme;
  expanded: ReadonlySet<string>;
  onExpand: (parent: string) => void;
  details: ReactNode;
  detailsOpen: boolean;
}) {
  // The graph opens as a still picture; React Flow replaces it once the reader reaches for it
  // (points at it, touches, scrolls over or focuses it, or selects a transaction in any view).
  const [awake, setAwake] = useState(false);
  const wake = useCallback(() => setAwake(true), []);
  useEffect(() => {
    if (props.selected) setAwake(true);
  }, [props.selected]);
  const TraceGraph = useTraceGraph(awake);
  const picture = <TracePicture {...props} expanded={expanded} onExpand={onExpand} onWake={wake} />;
  return (
    <>
      <div className={view === 'graph' ? 'relative' : 'grid gap-4 lg:grid-cols-[1fr_22rem]'}>
        <div className="min-w-0">
          {view === 'graph' ? (
            TraceGraph && graphTrace === props.trace ? (
              <div className="rounded-lg border border-slate-200 dark:border-slate-800">
                <TraceGraph
                  {...props}
                  theme={theme}
                  placeholder={picture}
                  expanded={expanded}
                  onExpand={onExpand}
                  coveredRight={
                    detailsOpen && typeof matchMedia === 'function' && matchMedia(LG).matches
                      ? DETAILS_OVER_GRAPH_PX
                      : 0
                  }
                />
              </div>
            ) : (
              <div className="rounded-lg border border-slate-200 dark:border-slate-800">{picture}</div>
            )
          ) : view === 'lanes' ? (
            <TraceLanes trace={props.trace} letters={props.letters} selected={props.selected} />
          ) : (
            <TraceTable {...props} />
          )}
        </div>
        {details}
      </div>
      {view === 'graph' && <TwinTable {...props} />}
    </>
  );
}

/** Below the graph, the same trace as a table, rendered only when opened: a 1000-row table would double the page's first render. */
function TwinTable(props: TraceViewProps) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary className="cursor-pointer text-sm font-medium">The same trace as a table</summary>
      {open && (
        <div className="mt-2">
          <TraceTable {...props} />
        </div>
      )}
    </details>
  );
}
