import { pendingTransactions as api } from '../../api/operations/pending-transactions';
import { writeTransactionList } from '../serialize/transaction-list';
import { defineOperation } from '../execution/operation';

/**
 * v3 pendingTransactions: the transactions of the traces still in flight, of the accounts or traces
 * asked for (all when neither), newest first (by lt, then hash) as `transactions` lists them.
 */
export const pendingTransactions = defineOperation(api, {
  cacheable: true,
  light: () => true,
  run: async (ctx, p, out) => {
    const { reader } = ctx;
    const wanted = p.trace_id && new Set(p.trace_id.map((h) => h.toString('hex')));
    const accounts = p.account && new Set(p.account);
    const txs = [];
    for (const id of await reader.getPendingTraceIds()) {
      if (wanted && !wanted.has(id.toString('hex'))) continue;
      for (const x of await reader.getTraceTransactions(id, ctx.traceMaxTxs))
        if (!accounts || accounts.has(x.account)) txs.push(x);
    }
    txs.sort((a, b) => (a.lt !== b.lt ? (a.lt > b.lt ? -1 : 1) : Buffer.compare(b.hash, a.hash)));
    await writeTransactionList(
      ctx,
      txs.map((x) => x.hash),
      out,
    );
  },
});
