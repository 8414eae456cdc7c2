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

// The deployment's config.json (fetched early by a preload in index.html) names the site's own API
// before anything asks it for data.
loadDeployment(`${import.meta.env.BASE_URL}${CONFIG_FILE}`).then(
  (deployment) => {
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
