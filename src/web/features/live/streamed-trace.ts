import type { TracesPage } from '../../../api/model';
import { normalizeTracesPage } from '../../../api/normalize';
import { wireTracesResponse } from '../../../api/wire';
import type { LiveTrace } from './notifications';

// A `trace` notification carries the trace as it stands (tree, transactions, and our `trace_info`
// saying whether it is still pending) but not the summary fields of a `traces` row: they are
// computed from its transactions, so the trace page reads it as it reads a `traces` answer. Apart
// from the stream client, so that only the trace page's chunk carries it.

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
