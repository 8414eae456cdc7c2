import type { LedgerClient } from '../../../api/client';
import { blockTransactionsQuery, shardStateQuery } from '../../../api/queries';
import type { BlockId } from '../../components/entity-links';
import { fetchLimit } from '../../lib/pagination';

/** A masterchain block: its shard blocks and a page of the transactions it committed (one row more than the page). */
export const mcBlockQuery = (api: LedgerClient, seqno: number, limit: number, offset: number) =>
  shardStateQuery(api, { seqno, limit: fetchLimit(limit), offset });

/**
 * A page of a shard block's transactions (v2). v2 pages by cursor, not offset: `after` is
 * `<lt>_<account>` of the last row of the previous page.
 */
export function shardBlockQuery(api: LedgerClient, block: BlockId, count: number, after: string | undefined) {
  const cursor = after?.split('_');
  return blockTransactionsQuery(api, {
    workchain: block.workchain,
    shard: block.shard,
    seqno: block.seqno,
    count,
    ...(cursor ? { after_lt: cursor[0], after_hash: cursor[1] } : {}),
  });
}
