import { masterchainInfo as api } from '../../api/operations/masterchain-info';
import { NotFoundError } from '../errors';
import { blockJson } from '../serialize/v3';
import { defineOperation } from '../execution/operation';
import { FULL_SHARD } from '../../ton/shard';

/** v3 masterchainInfo: the first and the newest masterchain block (the newest is the snapshot's, X-Ledger-Seqno). */
export const masterchainInfo = defineOperation(api, {
  cacheable: true,
  light: () => true,
  run: async ({ reader }, _p, out) => {
    const [first] = await reader.findBlocks({ workchain: -1 }, { limit: 1, offset: 0, sort: 'asc' });
    const latest = await reader.latestMasterchainSeqno();
    const last = latest === null ? null : await reader.getBlock({ workchain: -1, shard: FULL_SHARD, seqno: latest });
    if (!first || !last) throw new NotFoundError('the ledger has no masterchain block yet');
    await out.write(
      Buffer.from(JSON.stringify({ first: blockJson(first, first.seqno), last: blockJson(last, last.seqno) })),
    );
  },
});
