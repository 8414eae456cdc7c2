import { z } from 'zod/mini';
import type { TracesPage } from '../../../api/model';
import { normalizeTracesPage } from '../../../api/normalize';
import { numberish, wireTracesResponse } from '../../../api/wire';

// The streaming v2 notifications the explorer follows, validated with zod/mini as every answer of
// the API is. A `trace` notification carries the trace as it stands (tree, transactions, and our
// `trace_info` saying whether it is still pending) but not the summary fields of a `traces` row:
// they are computed from its transactions, so the page reads it as it reads a `traces` answer.

const finality = z.enum(['pending', 'confirmed', 'finalized']);
const txTimes = z.looseObject({ lt: z.string(), now: numberish, mc_block_seqno: z.optional(z.nullable(numberish)) });

export const liveTransactions = z.looseObject({ type: z.literal('transactions'), finality, transactions: z.array(z.looseObject({ account: z.string(), trace_id: z.optional(z.nullable(z.string())) })) });

export const liveTrace = z.looseObject({
  type: z.literal('trace'),
  finality,
  trace_id: z.string(),
  transactions: z.record(z.string(), txTimes),
  address_book: z.optional(z.record(z.string(), z.unknown())),
});

export const liveNotification = z.discriminatedUnion('type', [liveTransactions, liveTrace]);
export type LiveNotification = z.infer<typeof liveNotification>;
export type LiveTrace = z.infer<typeof liveTrace>;

/** The trace of a `trace` notification as a one-row `traces` answer; null when it does not read. */
export function tracePageOf(n: LiveTrace): TracesPage | null {
  const txs = Object.values(n.transactions);
  if (txs.length === 0) return null;
  const lts = txs.map((t) => BigInt(t.lt));
  const times = txs.map((t) => t.now);
  // a transaction of a shard block not yet committed has no masterchain block: the trace ends
  // (so far) at the newest one that committed any of it
  const seqnos = txs.flatMap((t) => (t.mc_block_seqno == null ? [] : [t.mc_block_seqno]));
  const min = (xs: bigint[]) => xs.reduce((a, b) => (b < a ? b : a));
  const max = (xs: bigint[]) => xs.reduce((a, b) => (b > a ? b : a));
  const row = {
    ...n,
    mc_seqno_start: seqnos.length ? Math.min(...seqnos) : 0,
    mc_seqno_end: seqnos.length ? Math.max(...seqnos) : 0,
    start_lt: String(min(lts)),
    end_lt: String(max(lts)),
    start_utime: Math.min(...times),
    end_utime: Math.max(...times),
  };
  const parsed = wireTracesResponse.safeParse({ traces: [row], address_book: n.address_book ?? {}, metadata: {} });
  return parsed.success ? normalizeTracesPage(parsed.data) : null;
}
