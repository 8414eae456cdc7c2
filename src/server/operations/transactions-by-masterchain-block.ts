import { transactionsByMasterchainBlock as api } from '../../api/operations/transactions-by-masterchain-block';
import { NotFoundError } from '../errors';
import { writeTransactionList } from '../serialize/transaction-list';
import { defineOperation } from '../execution/operation';
import { FULL_SHARD } from '../../ton/shard';

/** v3 transactionsByMasterchainBlock: masterchainBlockShardState's transactions, without its blocks. */
export const transactionsByMasterchainBlock = defineOperation(api, {
  cacheable: true,
  light: (p) => p.limit <= 100 && p.offset <= 1000,
  run: async (ctx, p, out) => {
    if (!(await ctx.reader.getBlock({ workchain: -1, shard: FULL_SHARD, seqno: p.seqno })))
      throw new NotFoundError(`masterchain block ${p.seqno} not found`);
    const hashes = await ctx.reader.getTransactionHashesByMcSeqno(p.seqno, {
      limit: p.limit,
      offset: p.offset,
      sort: p.sort,
    });
    await writeTransactionList(ctx, hashes, out);
  },
});
