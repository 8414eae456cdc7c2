// Sandbox has no blocks. Each stored frame becomes one masterchain block and one basechain block
// (the full shard) of the same seqno, the masterchain block committing the basechain one, as our
// network's blocks are made (src/ledger/network/block-producer.ts): hashes synthetic but
// deterministic (sha256 over the block id, the previous blocks' hashes and the transactions'
// hashes), the same global id. docs/sandbox.md, "Blocks".
import { createHash } from 'node:crypto';
import { FULL_SHARD } from '../ton/shard';
import { GLOBAL_ID } from '../ledger/network/block-producer';
import type { BlockRecord, BlockRef, TransactionRecord } from '../store/records';

export const SHARD_REF = (seqno: number): BlockRef => ({ workchain: 0, shard: FULL_SHARD, seqno });
export const MC_REF = (seqno: number): BlockRef => ({ workchain: -1, shard: FULL_SHARD, seqno });

/** The block a transaction of `workchain` goes to in frame `seqno`; null for a workchain we do not keep. */
export function blockRefFor(workchain: number, seqno: number): BlockRef | null {
  if (workchain === -1) return MC_REF(seqno);
  if (workchain === 0) return SHARD_REF(seqno);
  return null;
}

/** The previous frame's blocks: the masterchain block and the basechain block (none before the first). */
export interface PreviousBlocks {
  mc: BlockRecord | null;
  shard: BlockRecord | null;
}

function record(
  ref: BlockRef,
  prev: BlockRecord | null,
  txs: TransactionRecord[],
  genUtime: number,
  committed: BlockRecord[],
): BlockRecord {
  const lts = txs.map((t) => t.lt);
  const startLt = lts.length ? lts.reduce((a, c) => (c < a ? c : a)) : (prev?.endLt ?? 0n);
  // a transaction ends past the lts of the messages it sent (lt + 1 + i each)
  const ends = txs.map((t) => t.lt + 1n + BigInt(t.outMsgs.length));
  const endLt = ends.length ? ends.reduce((a, c) => (c > a ? c : a)) : startLt;
  const h = createHash('sha256').update(
    `ledgerscope-sandbox-block:${ref.workchain}:${ref.shard}:${ref.seqno}:${genUtime}`,
  );
  h.update(prev?.rootHash ?? Buffer.alloc(32));
  for (const t of txs) h.update(t.hash);
  for (const c of committed) h.update(c.rootHash);
  const rootHash = h.digest();
  return {
    ...ref,
    rootHash,
    fileHash: createHash('sha256').update('ledgerscope-file').update(rootHash).digest(),
    mcSeqno: ref.seqno,
    genUtime,
    startLt,
    endLt,
    txCount: txs.length,
    globalId: GLOBAL_ID,
    prevBlocks: prev ? [{ workchain: prev.workchain, shard: prev.shard, seqno: prev.seqno }] : [],
    afterSplit: false,
    beforeSplit: false,
    afterMerge: false,
    wantSplit: false,
    wantMerge: false,
    keyBlock: ref.workchain === -1 && ref.seqno === 0,
  };
}

/**
 * The two blocks of frame `seqno`: [masterchain, basechain]. `genUtime`: the latest time of the
 * frame's transactions, never earlier than the previous block's (a test may set its clock back);
 * a frame of no transactions (only failed message attempts) has no time of its own: the previous
 * block's, or `receivedAt` for the first.
 */
export function frameBlocks(
  seqno: number,
  prev: PreviousBlocks,
  txs: TransactionRecord[],
  receivedAt: number,
): BlockRecord[] {
  const genUtime = txs.length
    ? Math.max(prev.mc?.genUtime ?? 0, ...txs.map((t) => t.now))
    : (prev.mc?.genUtime ?? receivedAt);
  const shard = record(
    SHARD_REF(seqno),
    prev.shard,
    txs.filter((t) => t.block.workchain === 0),
    genUtime,
    [],
  );
  const mc = record(
    MC_REF(seqno),
    prev.mc,
    txs.filter((t) => t.block.workchain === -1),
    genUtime,
    [shard],
  );
  mc.shards = [SHARD_REF(seqno)];
  return [mc, shard];
}
