import { getTransactions as api } from '../../api/operations/get-transactions';
import { NotFoundError } from '../errors';
import { defineOperation, type ReadContext } from '../execution/operation';
import type { TransactionRecord } from '../../store/records';
import { v2Transaction } from '../serialize/v2-account';
import { masterchainBlockAt } from './account-at';

/**
 * v2 getTransactions: the account's transactions committed by the snapshot's masterchain block,
 * newest first; from the one `lt` + `hash` name (included), down to lts above `to_lt`.
 */
export const getTransactions = defineOperation(api, {
  light: (p) => p.limit <= 40,
  run: async (ctx, p, out) => {
    const txs = await walkTransactions(ctx, p, p.limit);
    await out.write(Buffer.from(JSON.stringify({ ok: true, result: txs.map(v2Transaction) })));
  },
});

/**
 * `size` of the account's transactions committed by the snapshot's masterchain block, newest first,
 * from the one `lt` + `hash` name (which must exist) down to lts above `to_lt`: getTransactions'
 * walk, and getTransactionsV2's.
 */
export async function walkTransactions(
  ctx: ReadContext,
  p: { address: string; lt?: bigint; hash?: Buffer; to_lt?: bigint },
  size: number,
): Promise<TransactionRecord[]> {
  const block = await masterchainBlockAt(ctx);
  const hashes = await ctx.reader.getAccountTransactionHashes(
    p.address,
    { mcSeqno: block.seqno, fromLt: p.lt, toLt: p.to_lt },
    size,
  );
  const txs = await ctx.reader.getTransactions(hashes);
  if (p.lt !== undefined && p.hash && (txs[0]?.lt !== p.lt || !txs[0].hash.equals(p.hash)))
    throw new NotFoundError(`transaction lt=${p.lt} hash=${p.hash.toString('hex')} of ${p.address} not found`);
  return txs;
}
