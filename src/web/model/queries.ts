import type { LedgerClient } from '../../api/client';
import { queryOptions } from '@tanstack/react-query';
import { balanceChangesQuery, tracesQuery } from '../../api/queries';
import { readTrace } from './trace-reader';
import { fetchLimit } from '../lib/pagination';

// The explorer's reads of the API that more than one page or feature shares: the loaders ensure
// them, the pages and features read them with the same options (so the same cache entry).

/** The filters of `traces`, as src/api's query takes them. */
type TracesRequest = Parameters<typeof tracesQuery>[1];

/**
 * One trace by id, with its actions: the trace page's data, the answer with the view it draws
 * (./trace-data.ts; a big answer is read in a worker). The same request as `tracesQuery`, under a
 * key of its own since its data is not a bare `traces` answer.
 */
export const traceQuery = (api: LedgerClient, traceId: string) => {
  // `latest`: every action type the API classifies (TON Center sends only its v1 types unless asked)
  const p = { trace_id: traceId, include_actions: true, supported_action_types: ['latest'], limit: 1 };
  return queryOptions({
    queryKey: ['ledger', api.base, 'trace', p],
    queryFn: ({ signal }) => readTrace(api, p, signal),
  });
};

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
