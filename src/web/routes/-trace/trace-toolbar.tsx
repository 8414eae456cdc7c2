import type { TracesPage } from '../../../api/model';
import { download, svgToPng, traceToSvg } from '../../features/trace-graph/trace-export';
import { SHORTCUTS, primaryKey } from '../../lib/shortcuts';
import { Button } from '../../components/page';
import type { TraceView } from '../../model/trace-view';
import { TRACE_VIEWS, type TraceViewName } from './views';

/** The one-line reminder above the graph; its keys come from the registry the handlers test. */
const TRACE_KEYS_HINT =
  `Keys: ${primaryKey(SHORTCUTS.traceNext)}/${primaryKey(SHORTCUTS.tracePrevious)} next/previous, ` +
  `${primaryKey(SHORTCUTS.traceParent)}/${primaryKey(SHORTCUTS.traceChild)} parent/child, ` +
  `${primaryKey(SHORTCUTS.traceFirstFailure)} first failure, ` +
  `${primaryKey(SHORTCUTS.traceClose)} close the details, ${primaryKey(SHORTCUTS.help)} all shortcuts`;

/** The view tabs, the keys reminder and the exports (JSON with the balance changes, SVG, PNG). */
export function TraceToolbar({
  id,
  view,
  onView,
  wholePage,
  trace,
  letters,
  iface,
  balancesForExport,
}: {
  id: string;
  view: TraceViewName;
  onView: (view: TraceViewName) => void;
  /** The answer, transactions included (the worker that read a big one keeps them until asked). */
  wholePage: () => Promise<TracesPage>;
  trace: TraceView;
  letters: Map<string, string>;
  iface: (raw: string) => string | undefined;
  balancesForExport: () => Promise<unknown>;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Trace view">
      <div
        role="tablist"
        aria-label="View"
        className="inline-flex rounded-md border border-slate-300 dark:border-slate-700"
      >
        {TRACE_VIEWS.map((v) => (
          <button
            key={v}
            role="tab"
            type="button"
            aria-selected={view === v}
            onClick={() => onView(v)}
            className={`px-3 py-1 text-sm capitalize ${view === v ? 'bg-teal-700 text-white' : ''}`}
          >
            {v}
          </button>
        ))}
      </div>
      <span className="text-xs text-muted">{TRACE_KEYS_HINT}</span>
      <span className="ml-auto flex gap-2">
        <Button
          onClick={() =>
            void Promise.all([wholePage(), balancesForExport()]).then(([page, balanceChanges]) =>
              download(
                `trace-${id}.json`,
                new Blob([JSON.stringify({ ...page, balanceChanges }, null, 2)], { type: 'application/json' }),
              ),
            )
          }
        >
          Export JSON
        </Button>
        <Button
          onClick={() =>
            download(`trace-${id}.svg`, new Blob([traceToSvg(trace, letters, iface)], { type: 'image/svg+xml' }))
          }
        >
          Export SVG
        </Button>
        <Button
          onClick={() => void svgToPng(traceToSvg(trace, letters, iface)).then((b) => download(`trace-${id}.png`, b))}
        >
          Export PNG
        </Button>
      </span>
    </div>
  );
}
