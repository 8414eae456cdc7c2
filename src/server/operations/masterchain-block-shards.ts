import { masterchainBlockShards as api } from '../../api/operations/masterchain-block-shards';
import { NotFoundError } from '../errors';
import { blockJson } from '../serialize/v3';
import { defineOperation } from '../execution/operation';
import { FULL_SHARD } from '../../ton/shard';

/**
 * v3 masterchainBlockShards: the blocks a masterchain block committed, itself included (every
 * shard block made since the previous masterchain block), by generation time.
 */
export const masterchainBlockShards = defineOperation(api, {
  cacheable: true,
  light: () => true,
  run: async ({ reader }, p, out) => {
    if (!(await reader.getBlock({ workchain: -1, shard: FULL_SHARD, seqno: p.seqno })))
      throw new NotFoundError(`masterchain block ${p.seqno} not found`);
    const found = await reader.findBlocks({ mcSeqno: p.seqno }, { limit: p.limit, offset: p.offset, sort: 'asc' });
    await out.write(Buffer.from(JSON.stringify({ blocks: found.map((b) => blockJson(b, b.mcSeqno)) })));
  },
});
