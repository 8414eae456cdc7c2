import type { LedgerClient } from '../../api/client';
import { balanceChangesQuery, tracesQuery } from '../../api/queries';
import { fetchLimit } from '../lib/pagination';

// The explorer's reads of the API that more than one page or feature shares: the loaders ensure
// them, the pages and features read them with the same options (so the same cache entry).

/** The filters of `traces`, as src/api's query takes them. */
type TracesRequest = Parameters<typeof tracesQuery>[1];

/** One trace by id, with its actions: the trace page's data. */
export const traceQuery = (api: LedgerClient, traceId: string) =>
  tracesQuery(api, { trace_id: traceId, include_actions: true, limit: 1 });

/** Who gained and lost what in a trace: the balance panel's data and part of the JSON export. */
export const traceBalanceChangesQuery = (api: LedgerClient, traceId: string) =>
  balanceChangesQuery(api, { trace_id: traceId });

/** How many traces the home page lists. */
export const LATEST_TRACES = 20;

/** The home page's list: the newest completed traces. */
export const latestTracesQuery = (api: LedgerClient) => tracesQuery(api, { limit: LATEST_TRACES });

/** A page of traces matching filters, with one row more than the page (pagination.ts). */
export const tracePageQuery = (
  api: LedgerClient,
  filters: Omit<TracesRequest, 'limit' | 'offset'>,
  limit: number,
  offset: number,
) => tracesQuery(api, { ...filters, limit: fetchLimit(limit), offset });
