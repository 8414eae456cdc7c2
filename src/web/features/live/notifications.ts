import { z } from 'zod/mini';
import { numberish } from '../../../api/wire';

// The streaming v2 notifications the explorer follows, validated with zod/mini as every answer of
// the API is (only the fields the pages read here; a trace is read in full by streamed-trace.ts).

const txTimes = z.looseObject({ lt: z.string(), now: numberish, mc_block_seqno: z.optional(z.nullable(numberish)) });

export const liveTransactions = z.looseObject({
  type: z.literal('transactions'),
  transactions: z.array(z.looseObject({ account: z.string(), trace_id: z.optional(z.nullable(z.string())) })),
});

export const liveTrace = z.looseObject({
  type: z.literal('trace'),
  trace_id: z.string(),
  transactions: z.record(z.string(), txTimes),
  address_book: z.optional(z.record(z.string(), z.unknown())),
});

export type LiveNotification = z.infer<typeof liveTransactions> | z.infer<typeof liveTrace>;

/** A notification the explorer follows, read from its JSON; null for other types and for one that does not read. */
export function readNotification(data: unknown): LiveNotification | null {
  const type = (data as { type?: unknown } | null)?.type;
  const schema = type === 'trace' ? liveTrace : type === 'transactions' ? liveTransactions : null;
  const n = schema?.safeParse(data);
  return n?.success ? n.data : null;
}
export type LiveTrace = z.infer<typeof liveTrace>;
