import type { LedgerClient } from '../../../api/client';
import { balanceChangesQuery, tracesQuery } from '../../../api/queries';

/** One trace by id, with its actions: the trace page's data. */
export const traceQuery = (api: LedgerClient, traceId: string) =>
  tracesQuery(api, { trace_id: traceId, include_actions: true, limit: 1 });

/** Who gained and lost what in a trace: the balance panel's data and part of the JSON export. */
export const traceBalanceChangesQuery = (api: LedgerClient, traceId: string) =>
  balanceChangesQuery(api, { trace_id: traceId });
