import { masterchainBlockShardState as api } from '../../api/operations/masterchain-block-shard-state';
import { NotFoundError } from '../errors';
import { writeTransactionList } from '../serialize/transaction-list';
import { blockJson } from '../serialize/v3';
import { defineOperation } from '../execution/operation';

/** v3 masterchainBlockShardState: the transactions committed by one masterchain block, and its blocks. */
export const masterchainBlockShardState = defineOperation(api, {
  cacheable: true,
  light: (p) => p.limit <= 100 && p.offset <= 1000,
  run: async ({ reader, caches }, p, out) => {
    const blocks = await reader.getMasterchainBlocks(p.seqno);
    if (!blocks) throw new NotFoundError(`masterchain block ${p.seqno} not found`);
    const hashes = await reader.getTransactionHashesByMcSeqno(p.seqno, {
      limit: p.limit,
      offset: p.offset,
      sort: p.sort,
    });
    await writeTransactionList({ reader, caches }, hashes, out, { blocks: blocks.map((b) => blockJson(b, p.seqno)) });
  },
});
