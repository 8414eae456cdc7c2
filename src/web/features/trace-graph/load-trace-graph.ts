import { startTransition, useEffect, useState } from 'react';

// React Flow is loaded on first need, so only the trace page pays for it. This lives in its own
// module because the route's loader (kept in the main chunk) and its component (split into the
// route's chunk) must share the one promise and the loaded component.
type GraphComponent = typeof import('./trace-graph').default;

let loaded: GraphComponent | null = null;
let loading: Promise<GraphComponent> | null = null;

export function loadTraceGraph(): Promise<GraphComponent> {
  return (loading ??= import('./trace-graph').then((m) => (loaded = m.default)));
}

/**
 * The graph component once it is wanted (`wanted`: the reader reached for the graph) and its chunk
 * is here, null before. Until then the page shows the still picture (trace-picture.tsx); the chunk
 * is fetched when the browser is idle, so that it is usually here by the time it is wanted, but
 * React Flow is mounted only then: its mount is what held the main thread. Not React.lazy: a lazy
 * component suspends on its first render even when its chunk has already arrived, and React then
 * holds the revealed content back for up to 300 ms (its Suspense throttle).
 */
export function useTraceGraph(wanted: boolean): GraphComponent | null {
  // an initializer function: `loaded` is itself a function (a component), which useState would call
  const [graph, setGraph] = useState<GraphComponent | null>(() => loaded);
  useEffect(() => {
    if (graph) return;
    let live = true;
    if (!wanted) {
      // fetched (not mounted) when the page has nothing else to do
      const idle =
        typeof requestIdleCallback === 'function' ? requestIdleCallback : (f: () => void) => setTimeout(f, 1);
      const cancel = typeof cancelIdleCallback === 'function' ? cancelIdleCallback : clearTimeout;
      const handle = idle(() => void loadTraceGraph().catch(() => undefined));
      return () => cancel(handle as number);
    }
    // a transition: React Flow's first mount is rendered in slices that yield to input and paint
    void loadTraceGraph().then((g) => live && startTransition(() => setGraph(() => g)));
    return () => {
      live = false;
    };
  }, [graph, wanted]);
  return wanted ? graph : null;
}
