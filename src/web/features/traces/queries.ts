import type { LedgerClient } from '../../../api/client';
import type { TracesRequest } from '../../../api/request-params';
import { tracesQuery } from '../../../api/queries';
import { fetchLimit } from '../../lib/pagination';

// The trace lists' queries: the loaders ensure them, the pages read them with the same options.

/** The home page's list: the newest completed traces. */
export const latestTracesQuery = (api: LedgerClient) => tracesQuery(api, { limit: 20 });

/** A page of traces matching filters, with one row more than the page (pagination.ts). */
export const tracePageQuery = (
  api: LedgerClient,
  filters: Omit<TracesRequest, 'limit' | 'offset'>,
  limit: number,
  offset: number,
) => tracesQuery(api, { ...filters, limit: fetchLimit(limit), offset });
