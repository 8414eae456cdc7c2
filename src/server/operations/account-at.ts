import type { AccountSnapshotRecord, BlockRecord } from '../../store/records';
import { FULL_SHARD } from '../../ton/shard';
import { NotFoundError } from '../errors';
import type { ReadContext } from '../execution/operation';

/** The snapshot's masterchain block, or the one `seqno` names (never past the snapshot's). */
export async function masterchainBlockAt({ reader, mcSeqno }: ReadContext, seqno?: number): Promise<BlockRecord> {
  if (mcSeqno === null) throw new NotFoundError('the ledger has no masterchain block yet');
  if (seqno !== undefined && seqno > mcSeqno)
    throw new NotFoundError(`masterchain block ${seqno} not found: the newest is ${mcSeqno}`);
  const block = await reader.getBlock({ workchain: -1, shard: FULL_SHARD, seqno: seqno ?? mcSeqno });
  if (!block) throw new NotFoundError(`masterchain block ${seqno ?? mcSeqno} not found`);
  return block;
}

/**
 * An account's latest state as of a masterchain block (the snapshot's, or an older one the request
 * names): `state` is undefined when it had no transaction by then.
 */
export async function accountAt(
  ctx: ReadContext,
  address: string,
  seqno?: number,
): Promise<{ state: AccountSnapshotRecord | undefined; block: BlockRecord }> {
  const block = await masterchainBlockAt(ctx, seqno);
  const [state] = await ctx.reader.getAccountStates([address], block.seqno);
  return { state, block };
}
