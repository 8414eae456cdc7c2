import { queryOptions } from '@tanstack/react-query';
import { emulateTrace, realTraceOf } from '../../../api/emulate';
import type { LedgerClient } from '../../../api/client';

/** The trace `boc` would make, asked once per message and API (an emulation is not refreshed). */
export const emulationQuery = (api: LedgerClient, boc: string) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'emulate', boc],
    queryFn: ({ signal }) => emulateTrace(api, boc, signal),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** How often the real trace of a sent message is asked for while it is not complete. */
export const FOLLOW_INTERVAL_MS = 1000;

/** The real trace of the sent message `hash` (base64), asked again until it is complete. */
export const realTraceQuery = (api: LedgerClient, hash: string) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'real-trace-of', hash],
    queryFn: ({ signal }) => realTraceOf(api, hash, signal),
    refetchInterval: (q) => (q.state.data?.traces[0]?.state === 'complete' ? false : FOLLOW_INTERVAL_MS),
    refetchOnWindowFocus: false,
  });
