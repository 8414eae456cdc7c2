import type { ResponseOf } from '../../api/operations/api-operation';
import { getMasterchainInfo as api } from '../../api/operations/get-masterchain-info';
import { FULL_SHARD } from '../../ton/shard';
import { hashToBase64 } from '../../ton/hash';
import { NotFoundError } from '../errors';
import { defineOperation } from '../execution/operation';
import { tonBlockIdExtOf } from '../serialize/v2-account';
import { v2Extra } from '../serialize/v2-extra';
import { masterchainBlockAt } from './account-at';

/**
 * v2 getMasterchainInfo: `last` is the snapshot's masterchain block (the answer's X-Ledger-Seqno),
 * `init` the ledger's first. Our blocks carry no state tree, so `state_root_hash` repeats the last
 * block's root hash (docs/api.md).
 */
export const getMasterchainInfo = defineOperation(api, {
  light: () => true,
  run: async (ctx, _p, out) => {
    const last = await masterchainBlockAt(ctx);
    const first = await ctx.reader.getBlock({ workchain: -1, shard: FULL_SHARD, seqno: 0 });
    if (!first) throw new NotFoundError('the ledger has no masterchain block 0');
    const result: ResponseOf<typeof api>['result'] = {
      '@type': 'blocks.masterchainInfo',
      last: tonBlockIdExtOf(last),
      state_root_hash: hashToBase64(last.rootHash),
      init: tonBlockIdExtOf(first),
      '@extra': v2Extra(ctx),
    };
    await out.write(Buffer.from(JSON.stringify({ ok: true, result })));
  },
});
