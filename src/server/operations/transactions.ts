import { rangeFilter } from '../../api/operations/param-rules';
import { transactions as api } from '../../api/operations/transactions';
import { writeTransactionList } from '../serialize/transaction-list';
import { defineOperation } from '../execution/operation';

/** v3 transactions: every transaction that matches all the filters given, by lt (then hash). */
export const transactions = defineOperation(api, {
  // every filter walks an index in the list's order, so the cost is the page and its offset
  cacheable: true,
  light: (p) => p.hash !== undefined || (p.limit <= 100 && p.offset <= 1000),
  run: async (ctx, p, out) => {
    const hashes = await ctx.reader.findTransactionHashes(
      {
        workchain: p.workchain,
        shard: p.shard,
        seqno: p.seqno,
        mcSeqno: p.mc_seqno,
        accounts: p.account,
        excludeAccounts: p.exclude_account,
        hash: p.hash,
        lt: p.lt,
        ...rangeFilter(p),
      },
      { limit: p.limit, offset: p.offset, sort: p.sort },
    );
    await writeTransactionList(ctx, hashes, out);
  },
});
