import { rangeFilter } from '../../api/operations/param-rules';
import { blocks as api } from '../../api/operations/blocks';
import { blockJson } from '../serialize/v3';
import { defineOperation } from '../execution/operation';

/** v3 blocks: masterchain and shard blocks matching every filter given, by generation time. */
export const blocks = defineOperation(api, {
  cacheable: true,
  light: (p) => p.limit <= 100 && p.offset <= 1000,
  run: async ({ reader }, p, out) => {
    const found = await reader.findBlocks(
      {
        workchain: p.workchain,
        shard: p.shard,
        seqno: p.seqno,
        rootHash: p.root_hash,
        fileHash: p.file_hash,
        mcSeqno: p.mc_seqno,
        ...rangeFilter(p),
      },
      { limit: p.limit, offset: p.offset, sort: p.sort },
    );
    await out.write(Buffer.from(JSON.stringify({ blocks: found.map((b) => blockJson(b, b.mcSeqno)) })));
  },
});
