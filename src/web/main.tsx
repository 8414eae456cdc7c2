import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './route-tree.gen';
import { RouteError, RouteNotFound, RoutePending } from './components/route-states';
import { isRetryable } from '../api/client';
import { CONFIG_FILE, loadDeployment, setDeployment } from './lib/deployment';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      // A 4xx is an answer (not found, bad input): retrying it only delays the message.
      retry: (count, error) => count < 2 && isRetryable(error),
    },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // the loaders' data lives in the query cache, whose staleTime decides when it is asked again
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  // Every route's states. The page's frame (header, search, navigation) and its pending state are
  // drawn at once, before any data: the router's default waits a second for the loaders first and
  // shows nothing at all meanwhile (on a first visit, not even the header), and then holds the
  // pending state half a second so it does not flash, which cost the 1,000-transaction trace page
  // a few hundred ms. Pages whose data is not needed for their first paint prefetch it and show
  // each area's own pending state (Deferred). A failed loader shows the error, an unknown path
  // not-found.
  defaultPendingMs: 0,
  defaultPendingMinMs: 0,
  defaultPendingComponent: RoutePending,
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: RouteNotFound,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const root = document.getElementById('root')!;

/**
 * The code of the page the address names (its routes' chunks), fetched beside the config so that the
 * first render draws the page's own frame. Rendered before it, the router showed its pending state
 * first and drew the page in a second task once the chunk came: on a wallet's page a 35 ms task
 * (the chunk's evaluation and the page's first render) and its layout after the first paint,
 * which Lighthouse's phone CPU (4x) counted as 90 ms and more of blocking time. A chunk that fails
 * here is the router's to report, when it asks again.
 */
function loadPageCode(): Promise<unknown> {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  return Promise.all(routes.map((route) => router.loadRouteChunk(route))).catch(() => undefined);
}

// The deployment's config.json (fetched early by a preload in index.html) names the site's own API
// before anything asks it for data.
Promise.all([loadDeployment(`${import.meta.env.BASE_URL}${CONFIG_FILE}`), loadPageCode()]).then(
  ([deployment]) => {
    setDeployment(deployment);
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  },
  (error: unknown) => {
    const p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.className = 'm-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900';
    p.textContent = `This deployment is misconfigured: ${error instanceof Error ? error.message : String(error)}`;
    root.replaceChildren(p);
  },
);
