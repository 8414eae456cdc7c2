import { FULL_SHARD, shardChildren, shardContainsAccount } from '../../ton/shard';

/**
 * The shards of our network, a pure function of the slot (= masterchain seqno), shared by the
 * emulator (which queues messages per shard) and the block producer (which makes one block per
 * shard per slot). The basechain starts as two shards (account-id prefix 0 and 1); the second one
 * splits in two at SPLIT_AT_SLOT and its halves merge back at MERGE_AT_SLOT, so every ledger of a
 * few dozen seconds' history shows both: the parent's last block has `before_split`, the children's
 * first blocks `after_split` and the parent as their previous block; the halves' last blocks have
 * `want_merge`, the merged block `after_merge` and both halves as its previous blocks.
 */
export const SPLIT_AT_SLOT = 4;
export const MERGE_AT_SLOT = 12;

export const [LEFT, RIGHT] = shardChildren(FULL_SHARD);
const RIGHT_HALVES = shardChildren(RIGHT);

/** The basechain's shards in the slot, in the order their blocks are made. */
export function basechainShards(slot: number): bigint[] {
  return slot >= SPLIT_AT_SLOT && slot < MERGE_AT_SLOT ? [LEFT, ...RIGHT_HALVES] : [LEFT, RIGHT];
}

/** `workchain:shard`, the key of a shard's queue and of its blocks. */
export const shardKey = (workchain: number, shard: bigint) => `${workchain}:${shard}`;

/** The key of the shard holding the account in the slot (the masterchain is one shard). */
export function shardKeyOf(workchain: number, accountId: Uint8Array, slot: number): string {
  if (workchain === -1) return shardKey(-1, FULL_SHARD);
  for (const shard of basechainShards(slot)) if (shardContainsAccount(shard, accountId)) return shardKey(0, shard);
  throw new Error(`no shard of workchain ${workchain} holds account ${Buffer.from(accountId).toString('hex')}`);
}

/** Every shard key of the slot, the masterchain first: the order the emulator fills their blocks. */
export function shardKeys(slot: number): string[] {
  return [shardKey(-1, FULL_SHARD), ...basechainShards(slot).map((s) => shardKey(0, s))];
}
