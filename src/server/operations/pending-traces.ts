import { pendingTraces as api } from '../../api/operations/pending-traces';
import type { TraceRecord } from '../../store/records';
import { defineOperation } from '../execution/operation';
import { emulatedTransactionFragment, traceParts } from '../serialize/v3';
import type { MadeFragment } from '../serialize/json-cache';
import { emulatedPendingTraces } from './pending-emulation';
import { traceFragments, writeTraceList } from './traces';

/**
 * v3 pendingTraces: the traces our delivery keeps open (a message waiting for a later block), as
 * `traces` prints them (`trace_info.trace_state` "pending"), newest first; before them, the
 * emulated trace of each accepted message no block has taken yet (pending-emulation.ts), its
 * transactions `emulated: true`. A pending trace is listed by no account yet (accounts are indexed
 * when it completes), so the account filter reads each one's transactions: they are few, however
 * long the ledger. Not kept as an answer: a message accepted between two blocks changes it.
 */
export const pendingTraces = defineOperation(api, {
  light: () => true,
  run: async (ctx, p, out) => {
    const { reader } = ctx;
    const ids = await reader.getPendingTraceIds();
    // getTracesByIds answers in no particular order: put them back in the list's
    const byId = new Map((await reader.getTracesByIds(ids)).map((t) => [t.traceId.toString('hex'), t]));
    const all = ids.flatMap((id) => byId.get(id.toString('hex')) ?? []);
    const ext = p.ext_msg_hash && new Set(p.ext_msg_hash.map((h) => h.toString('hex')));
    const accounts = p.account && new Set(p.account);
    const matches = (t: TraceRecord, txs: () => Promise<{ account: string }[]>) =>
      (!ext || [t.externalHash, t.externalHashNorm].some((h) => h && ext.has(h.toString('hex')))) &&
      (!accounts || txs().then((list) => list.some((x) => accounts.has(x.account))));
    const emulated: MadeFragment[] = [];
    for (const e of await emulatedPendingTraces(ctx)) {
      if (!(await matches(e.trace, async () => e.txs))) continue;
      const emulatedAt = { mcSeqno: ctx.mcSeqno };
      const fragments = e.txs.map((t) => emulatedTransactionFragment(t, emulatedAt));
      const addresses = new Set<string>();
      emulated.push({
        parts: traceParts(e.trace, e.txs, (i) => fragments[i]!, null, addresses),
        addresses,
        made: () => undefined,
      });
    }
    const found: TraceRecord[] = [];
    for (const t of all)
      if (await matches(t, () => reader.getTraceTransactions(t.traceId, ctx.traceMaxTxs))) found.push(t);
    async function* both() {
      yield* emulated;
      yield* traceFragments(ctx, async () => found, null);
    }
    await writeTraceList(ctx, both(), out);
  },
});
