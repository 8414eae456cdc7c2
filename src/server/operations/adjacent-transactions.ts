import { adjacentTransactions as api } from '../../api/operations/adjacent-transactions';
import { NotFoundError } from '../errors';
import { writeTransactionList } from '../serialize/transaction-list';
import { defineOperation } from '../execution/operation';

/** v3 adjacentTransactions: the sender of a transaction's inbound message, the receivers of its outbound ones. */
export const adjacentTransactions = defineOperation(api, {
  cacheable: true,
  light: () => true,
  run: async (ctx, p, out) => {
    const [known] = await ctx.reader.findTransactionHashes({ hash: p.hash }, { limit: 1, offset: 0, sort: 'desc' });
    if (!known) throw new NotFoundError('transaction not found');
    await writeTransactionList(ctx, await ctx.reader.findAdjacentTransactionHashes(p.hash, p.direction), out);
  },
});
