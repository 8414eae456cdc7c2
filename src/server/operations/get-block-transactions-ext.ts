import type { ResponseOf } from '../../api/operations/api-operation';
import { getBlockTransactionsExt as api } from '../../api/operations/get-block-transactions-ext';
import { NotFoundError } from '../errors';
import { blockIdExt } from '../serialize/v2';
import { joinFragments } from '../serialize/json-cache';
import { defineOperation } from '../execution/operation';
import { v2Extra } from '../serialize/v2-extra';

/**
 * v2 getBlockTransactionsExt: a block's transactions in (account, lt) order, walked with the
 * cursor `after_lt` + `after_hash`. The cursor's "hash" is the account id of the last transaction
 * seen, not a transaction hash: the name is historical (ton-http-api kept lite-server's name).
 */
export const getBlockTransactionsExt = defineOperation(api, {
  light: (p) => p.count <= 40,
  run: async (ctx, p, out) => {
    const { reader, caches } = ctx;
    const ref = { workchain: p.workchain, shard: p.shard, seqno: p.seqno };
    const block = await reader.getBlock(ref);
    if (
      !block ||
      (p.root_hash && !p.root_hash.equals(block.rootHash)) ||
      (p.file_hash && !p.file_hash.equals(block.fileHash))
    ) {
      throw new NotFoundError('block not found');
    }
    const after =
      p.after_hash !== undefined && p.after_lt !== undefined ? { account: p.after_hash, lt: p.after_lt } : null;
    const page = await reader.getBlockTransactionHashes(ref, after, p.count);
    const txs = joinFragments(await caches.transactions.v2Json(reader, page.hashes));
    // the result's members before its list, typed from the declared response
    const head: Omit<ResponseOf<typeof api>['result'], 'transactions' | '@extra'> = {
      '@type': 'blocks.transactionsExt',
      id: blockIdExt(block),
      req_count: p.count,
      incomplete: page.incomplete,
    };
    const extra = JSON.stringify(v2Extra(ctx));
    await out.write(Buffer.from(`{"ok":true,"result":${JSON.stringify(head).slice(0, -1)},"transactions":[`));
    for (const part of txs) await out.write(part);
    await out.write(Buffer.from(`],"@extra":${extra}}}`));
  },
});
