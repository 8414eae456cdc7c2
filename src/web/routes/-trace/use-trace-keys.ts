import { useEffect } from 'react';
import { SHORTCUTS, isTypingTarget, pressed } from '../../lib/shortcuts';
import { firstFailure, type TraceView } from '../../model/trace-view';

/**
 * The trace page's keys (SHORTCUTS' "Trace page" entries, which the `?` help lists): move the
 * selection through the trace in tree order, to the parent, the first child or the first failure,
 * and close the details.
 */
export function useTraceKeys(
  trace: TraceView | null,
  selected: string | null,
  select: (hash: string) => void,
  deselect: () => void,
) {
  useEffect(() => {
    if (!trace) return;
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target)) return;
      const i = selected ? trace.order.indexOf(selected) : -1;
      const cur = selected ? trace.txs.get(selected) : null;
      let next: string | null | undefined;
      if (pressed(SHORTCUTS.traceNext, e)) next = trace.order[Math.min(trace.order.length - 1, i + 1)];
      else if (pressed(SHORTCUTS.tracePrevious, e)) next = trace.order[Math.max(0, i - 1)];
      else if (pressed(SHORTCUTS.traceParent, e)) next = cur?.parent ?? null;
      else if (pressed(SHORTCUTS.traceChild, e)) next = cur?.children[0] ?? null;
      else if (pressed(SHORTCUTS.traceFirstFailure, e)) next = firstFailure(trace)?.hash ?? null;
      else if (pressed(SHORTCUTS.traceClose, e) && selected) return deselect();
      else return;
      if (next) {
        e.preventDefault();
        select(next);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [trace, selected, select, deselect]);
}
