import { createHash } from 'node:crypto';
import { FULL_SHARD, shardChildren, shardContainsAccount } from '../../ton/shard';
import type { BlockRecord, BlockRef, TransactionRecord } from '../../store/records';
import type { BlockProducerState } from '../producer/position';

/** Our network's global id (mainnet is -239, testnet -3); any other value marks a private network. */
export const GLOBAL_ID = -217;

/**
 * The basechain starts as two shards (account-id prefix 0 and 1) and the second one splits in two
 * at this masterchain seqno, so every ledger of a few seconds' history shows a split: the parent's
 * last block has `before_split`, the children's first blocks `after_split` and the parent as their
 * previous block.
 */
export const SPLIT_AT_SLOT = 4;

const [LEFT, RIGHT] = shardChildren(FULL_SHARD);

interface OpenBlock {
  ref: BlockRef;
  prev: BlockRef[];
  afterSplit: boolean;
  beforeSplit: boolean;
  txs: TransactionRecord[];
}

const key = (r: { workchain: number; shard: bigint }) => `${r.workchain}:${r.shard}`;

/**
 * Assembles transactions into blocks: one block per shard per slot (empty blocks included, as on a
 * real chain), and one masterchain block per slot committing the newest block of every shard. Block
 * hashes are synthetic but deterministic: sha256 over the block id, its previous blocks' hashes and
 * its transactions' hashes.
 */
export class BlockProducer {
  private layout: BlockRef[];
  private open = new Map<string, OpenBlock>();
  private last = new Map<string, BlockRecord>();
  private lastMc: BlockRecord | null = null;
  private lastShardBlocks: BlockRecord[] = [];
  private startLt: bigint;

  /** Goes on from `state` (see `exportState`) when given, else from the first slot. */
  constructor(
    private slotIndex: number,
    state?: Omit<BlockProducerState, 'slot'>,
  ) {
    this.startLt = state?.startLt ?? 0n;
    if (state?.lastMc) {
      this.lastMc = state.lastMc;
      for (const b of state.lastBlocks) this.last.set(key(b), b);
      this.lastShardBlocks = state.lastBlocks;
      this.layout = state.lastBlocks.filter((b) => b.workchain === 0).map((b) => ({ workchain: 0, shard: b.shard, seqno: b.seqno }));
    } else {
      this.layout = [
        { workchain: 0, shard: LEFT, seqno: 0 },
        { workchain: 0, shard: RIGHT, seqno: 0 },
      ];
    }
    this.openSlot();
  }

  get slot(): number {
    return this.slotIndex;
  }

  /** What a new BlockProducer needs to produce the next slot exactly as this one would. */
  exportState(): BlockProducerState {
    return { slot: this.slotIndex, startLt: this.startLt, lastBlocks: this.lastShardBlocks, lastMc: this.lastMc };
  }

  private openSlot(): void {
    this.open.clear();
    const mcPrev = this.lastMc;
    this.open.set(key({ workchain: -1, shard: FULL_SHARD }), {
      ref: { workchain: -1, shard: FULL_SHARD, seqno: this.slotIndex },
      prev: mcPrev ? [{ workchain: -1, shard: FULL_SHARD, seqno: mcPrev.seqno }] : [],
      afterSplit: false,
      beforeSplit: false,
      txs: [],
    });
    const next: BlockRef[] = [];
    for (const s of this.layout) {
      const prev = this.last.get(key(s));
      if (prev?.beforeSplit) {
        // the parent's last block was sealed with before_split: its two children start now
        for (const child of shardChildren(s.shard)) {
          const ref = { workchain: 0, shard: child, seqno: prev.seqno + 1 };
          this.open.set(key(ref), { ref, prev: [{ workchain: 0, shard: s.shard, seqno: prev.seqno }], afterSplit: true, beforeSplit: false, txs: [] });
          next.push(ref);
        }
        continue;
      }
      const ref = { workchain: 0, shard: s.shard, seqno: prev ? prev.seqno + 1 : 1 };
      this.open.set(key(ref), {
        ref,
        prev: prev ? [{ workchain: 0, shard: s.shard, seqno: prev.seqno }] : [],
        afterSplit: false,
        // the right half of the basechain splits after the block of this slot
        beforeSplit: this.slotIndex === SPLIT_AT_SLOT - 1 && s.shard === RIGHT,
        txs: [],
      });
      next.push(ref);
    }
    this.layout = next;
  }

  /** The block of the current slot that holds a transaction of this account. */
  blockFor(workchain: number, accountId: Buffer): BlockRef {
    if (workchain === -1) return this.open.get(key({ workchain: -1, shard: FULL_SHARD }))!.ref;
    for (const b of this.open.values()) {
      if (b.ref.workchain === workchain && shardContainsAccount(b.ref.shard, accountId)) return b.ref;
    }
    throw new Error(`no shard of workchain ${workchain} holds account ${accountId.toString('hex')}`);
  }

  add(tx: TransactionRecord): void {
    this.open.get(key(tx.block))!.txs.push(tx);
  }

  /** Seals the slot: the shard blocks and the masterchain block committing them; opens the next slot. */
  seal(genUtime: number, currentLt: bigint): BlockRecord[] {
    const shardBlocks: BlockRecord[] = [];
    let mcOpen: OpenBlock | undefined;
    for (const b of this.open.values()) {
      if (b.ref.workchain === -1) {
        mcOpen = b;
        continue;
      }
      shardBlocks.push(this.record(b, genUtime, currentLt, []));
    }
    const mc = this.record(mcOpen!, genUtime, currentLt, shardBlocks);
    mc.shards = shardBlocks.map((b) => ({ workchain: b.workchain, shard: b.shard, seqno: b.seqno }));
    for (const b of shardBlocks) this.last.set(key(b), b);
    this.lastShardBlocks = shardBlocks;
    this.lastMc = mc;
    this.startLt = currentLt;
    this.slotIndex += 1;
    this.openSlot();
    return [mc, ...shardBlocks];
  }

  private record(b: OpenBlock, genUtime: number, currentLt: bigint, committed: BlockRecord[]): BlockRecord {
    const lts = b.txs.map((t) => t.lt);
    const startLt = lts.length ? lts.reduce((a, c) => (c < a ? c : a)) : this.startLt;
    const endLt = lts.length ? lts.reduce((a, c) => (c > a ? c : a)) + 1n : currentLt > startLt ? currentLt : startLt;
    const prevHashes = b.prev.map((p) => this.last.get(key(p))?.rootHash ?? (p.workchain === -1 ? this.lastMc?.rootHash : undefined) ?? Buffer.alloc(32));
    const h = createHash('sha256').update(`ledgerscope-block:${b.ref.workchain}:${b.ref.shard}:${b.ref.seqno}:${genUtime}`);
    for (const p of prevHashes) h.update(p);
    for (const t of b.txs) h.update(t.hash);
    for (const c of committed) h.update(c.rootHash);
    const rootHash = h.digest();
    const fileHash = createHash('sha256').update('ledgerscope-file').update(rootHash).digest();
    return {
      ...b.ref,
      rootHash,
      fileHash,
      mcSeqno: this.slotIndex,
      genUtime,
      startLt,
      endLt,
      txCount: b.txs.length,
      globalId: GLOBAL_ID,
      prevBlocks: b.prev,
      afterSplit: b.afterSplit,
      beforeSplit: b.beforeSplit,
      afterMerge: false,
      wantSplit: b.beforeSplit,
      wantMerge: false,
      keyBlock: b.ref.workchain === -1 && b.ref.seqno === 0,
    };
  }
}
