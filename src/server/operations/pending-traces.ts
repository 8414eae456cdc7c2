import { pendingTraces as api } from '../../api/operations/pending-traces';
import type { TraceRecord } from '../../store/records';
import { defineOperation } from '../execution/operation';
import { traceFragments, writeTraceList } from './traces';

/**
 * v3 pendingTraces: the traces our delivery keeps open (a message waiting for a later block), as
 * `traces` prints them (`trace_info.trace_state` "pending"), newest first. A pending trace is listed
 * by no account yet (accounts are indexed when it completes), so the account filter reads each
 * one's transactions: they are few, however long the ledger.
 */
export const pendingTraces = defineOperation(api, {
  cacheable: true,
  light: () => true,
  run: async (ctx, p, out) => {
    const { reader } = ctx;
    const ids = await reader.getPendingTraceIds();
    // getTracesByIds answers in no particular order: put them back in the list's
    const byId = new Map((await reader.getTracesByIds(ids)).map((t) => [t.traceId.toString('hex'), t]));
    const all = ids.flatMap((id) => byId.get(id.toString('hex')) ?? []);
    const ext = p.ext_msg_hash && new Set(p.ext_msg_hash.map((h) => h.toString('hex')));
    const accounts = p.account && new Set(p.account);
    const found: TraceRecord[] = [];
    for (const t of all) {
      if (ext && ![t.externalHash, t.externalHashNorm].some((h) => h && ext.has(h.toString('hex')))) continue;
      if (accounts) {
        const txs = await reader.getTraceTransactions(t.traceId, ctx.traceMaxTxs);
        if (!txs.some((x) => accounts.has(x.account))) continue;
      }
      found.push(t);
    }
    await writeTraceList(
      ctx,
      traceFragments(ctx, async () => found, null),
      out,
    );
  },
});
