import type { QueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { LedgerClient } from '../../api/client';

/** What the router is created with (main.tsx). */
export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * The API client in effect, which the root route's `beforeLoad` adds to the context of every route
 * (a link's `?api=`, else the saved choice, else the site's own). Loaders read it from their
 * `context`; components below a route read it here.
 */
export function useApi(): LedgerClient {
  return useRouteContext({ from: '__root__', select: (c) => c.api });
}
