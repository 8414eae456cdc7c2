import { pendingTransactions as api } from '../../api/operations/pending-transactions';
import { writeTransactionList } from '../serialize/transaction-list';
import { defineOperation } from '../execution/operation';
import { emulatedTransactionFragment } from '../serialize/v3';
import { emulatedPendingTraces } from './pending-emulation';

/** By lt, then hash, the newest first: `transactions`' order. */
const newestFirst = (a: { lt: bigint; hash: Buffer }, b: { lt: bigint; hash: Buffer }) =>
  a.lt !== b.lt ? (a.lt > b.lt ? -1 : 1) : Buffer.compare(b.hash, a.hash);

/**
 * v3 pendingTransactions: the transactions of the traces still in flight, of the accounts or traces
 * asked for (all when neither), newest first (by lt, then hash) as `transactions` lists them; before
 * them, the emulated transactions of the messages no block has taken yet (pending-emulation.ts).
 * Not kept as an answer: a message accepted between two blocks changes it.
 */
export const pendingTransactions = defineOperation(api, {
  light: () => true,
  run: async (ctx, p, out) => {
    const { reader } = ctx;
    const wanted = p.trace_id && new Set(p.trace_id.map((h) => h.toString('hex')));
    const accounts = p.account && new Set(p.account);
    const emulatedAt = { mcSeqno: ctx.mcSeqno };
    const emulated = (await emulatedPendingTraces(ctx))
      .filter((e) => !wanted || wanted.has(e.trace.traceId.toString('hex')))
      .flatMap((e) => e.txs.filter((x) => !accounts || accounts.has(x.account)))
      .sort(newestFirst)
      .map((x) => emulatedTransactionFragment(x, emulatedAt));
    const txs = [];
    for (const id of await reader.getPendingTraceIds()) {
      if (wanted && !wanted.has(id.toString('hex'))) continue;
      for (const x of await reader.getTraceTransactions(id, ctx.traceMaxTxs))
        if (!accounts || accounts.has(x.account)) txs.push(x);
    }
    txs.sort(newestFirst);
    await writeTransactionList(
      ctx,
      txs.map((x) => x.hash),
      out,
      {},
      emulated,
    );
  },
});
