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
 * The graph component once its chunk is here, null before. Not React.lazy: a lazy component
 * suspends on its first render even when its chunk has already arrived, and React then holds the
 * revealed content back for up to 300 ms (its Suspense throttle), which was a fifth of a big
 * trace's time to interactive.
 */
export function useTraceGraph(): GraphComponent | null {
  // an initializer function: `loaded` is itself a function (a component), which useState would call
  const [graph, setGraph] = useState<GraphComponent | null>(() => loaded);
  useEffect(() => {
    if (graph) return;
    let live = true;
    // a transition: React Flow's first mount is rendered in slices that yield to input and paint
    void loadTraceGraph().then((g) => live && startTransition(() => setGraph(() => g)));
    return () => {
      live = false;
    };
  }, [graph]);
  return graph;
}
