import { rangeFilter } from '../../api/operations/param-rules';
import type { ParamsOf } from '../../api/operations/api-operation';
import { traces as api } from '../../api/operations/traces';
import { selectActions } from '../actions-select';
import { addressBookJson, metadata } from '../serialize/address-book';
import { writeList, type Fragment, type MadeFragment } from '../serialize/json-cache';
import { traceParts, type TransactionFragment } from '../serialize/v3';
import { defineOperation, type BodySink, type ReadContext } from '../execution/operation';
import type { ActionTypeName } from '../../api/operations/param-rules';
import type { TraceRecord } from '../../store/records';

type TracesParams = ParamsOf<typeof api>;

/** A lookup of at most this many traces by id or hash, or a page this short, is light (a trace alone may be 4,000 transactions, ~50 MB). */
const LIGHT_ITEMS = 4;

/** The traces a request asks for, found by its filters. */
function findTraces({ reader }: ReadContext, p: TracesParams) {
  return reader.findTraces(
    {
      accounts: p.account,
      traceIds: p.trace_id,
      txHashes: p.tx_hash,
      msgHashes: p.msg_hash,
      mcSeqno: p.mc_seqno,
      ...rangeFilter(p),
    },
    { limit: p.limit, offset: p.offset, sort: p.sort },
  );
}

/**
 * Each trace's JSON, made one at a time as the body is written (a page of traces is megabytes);
 * `actionTypes` the types whose actions it carries, or null for none. A complete trace's JSON is
 * kept for the next request; a pending one changes with the next block.
 */
export async function* traceFragments(
  ctx: ReadContext,
  find: () => Promise<TraceRecord[]>,
  actionTypes: ReadonlySet<ActionTypeName> | null,
): AsyncGenerator<Fragment | MadeFragment> {
  const { reader, caches } = ctx;
  const maxTxs = ctx.traceMaxTxs;
  const actionsKey = actionTypes ? [...actionTypes].sort().join(',') : '-';
  // found once the body has begun, as the list is written
  for (const t of await find()) {
    const key = `${t.traceId.toString('hex')}:${maxTxs}:${actionsKey}`;
    const hit = caches.traces.get(key);
    if (hit) {
      yield hit;
      continue;
    }
    const txs = await reader.getTraceTransactions(t.traceId, maxTxs);
    // a trace over the cap is printed without its actions (serialize/v3.ts, traceRest): not read
    const actions =
      actionTypes && t.transactions <= maxTxs ? selectActions(await reader.getActions([t.traceId]), actionTypes) : null;
    // written as it is made, each transaction's JSON from the cache or made when first placed; the
    // whole kept once written
    const fragments = new Map<number, TransactionFragment>();
    const fragmentOf = (i: number) => fragments.get(i) ?? fragments.set(i, caches.transactions.v3Of(txs[i]!)).get(i)!;
    const addresses = new Set<string>();
    yield {
      parts: traceParts(t, txs, fragmentOf, actions, addresses),
      addresses,
      made: (parts) =>
        caches.traces.keep(key, { bytes: Buffer.concat(parts), addresses: [...addresses] }, t.state === 'complete'),
    };
  }
}

/** A v3 answer listing traces: `{"traces": [...], "address_book": {...}, "metadata": {...}}`. */
export function writeTraceList(
  ctx: ReadContext,
  fragments: AsyncIterable<Fragment | MadeFragment>,
  out: BodySink,
): Promise<void> {
  return writeList(out, 'traces', fragments, async (addresses) => ({
    address_book: await addressBookJson({ reader: ctx.reader, book: ctx.caches.book }, addresses),
    metadata: await metadata({ reader: ctx.reader, book: ctx.caches.book }, addresses),
  }));
}

/** v3 traces: completed traces by one of account / trace_id / tx_hash / msg_hash, or the latest. */
export const traces = defineOperation(api, {
  cacheable: true,
  light: (p) => {
    const ids = p.trace_id ?? p.tx_hash ?? p.msg_hash;
    return (
      (ids !== undefined && ids.length <= LIGHT_ITEMS && p.offset === 0) ||
      (p.limit <= LIGHT_ITEMS && p.offset <= 1000 && !p.include_actions)
    );
  },
  run: (ctx, p, out) =>
    writeTraceList(
      ctx,
      traceFragments(ctx, () => findTraces(ctx, p), p.include_actions ? p.supported_action_types : null),
      out,
    ),
});
