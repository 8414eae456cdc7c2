import { createHash } from 'node:crypto';
import { FULL_SHARD, shardChildren, shardContainsAccount, shardPrefixLength } from '../../ton/shard';
import { basechainShards } from './shard-layout';
import type { BlockRecord, BlockRef, TransactionRecord } from '../../store/records';
import type { BlockProducerState } from '../producer/position';

/** Our network's global id (mainnet is -239, testnet -3); any other value marks a private network. */
export const GLOBAL_ID = -217;

interface OpenBlock {
  ref: BlockRef;
  prev: BlockRef[];
  afterSplit: boolean;
  beforeSplit: boolean;
  afterMerge: boolean;
  wantMerge: boolean;
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
    const mcRef = { workchain: -1, shard: FULL_SHARD, seqno: this.slotIndex };
    const mcPrevRefs = mcPrev ? [{ workchain: -1, shard: FULL_SHARD, seqno: mcPrev.seqno }] : [];
    this.open.set(key(mcRef), {
      ref: mcRef,
      prev: mcPrevRefs,
      afterSplit: false,
      beforeSplit: false,
      afterMerge: false,
      wantMerge: false,
      txs: [],
    });
    const nextShards = basechainShards(this.slotIndex + 1);
    for (const shard of basechainShards(this.slotIndex)) {
      const ref = (seqno: number) => ({ workchain: 0, shard, seqno });
      const prevRef = (b: BlockRecord) => ({ workchain: 0, shard: b.shard, seqno: b.seqno });
      // a shard's block follows the blocks of the previous slot: its own, its parent's (after a
      // split) or its two halves' (after a merge)
      const last = new Map(this.lastShardBlocks.map((b) => [key(b), b]));
      const same = last.get(key({ workchain: 0, shard }));
      const [left, right] = shardChildren(shard);
      const halves = [last.get(key({ workchain: 0, shard: left })), last.get(key({ workchain: 0, shard: right }))];
      const parent = this.lastShardBlocks.find(
        (b) =>
          b.shard !== shard &&
          shardPrefixLength(b.shard) < shardPrefixLength(shard) &&
          shardChildren(b.shard).includes(shard),
      );
      let block: Omit<OpenBlock, 'beforeSplit' | 'wantMerge' | 'txs'>;
      if (same) block = { ref: ref(same.seqno + 1), prev: [prevRef(same)], afterSplit: false, afterMerge: false };
      else if (halves[0] && halves[1] && halves[0].wantMerge && halves[1].wantMerge) {
        // the two halves' last blocks were sealed with want_merge: their merged shard starts now
        block = {
          ref: ref(Math.max(halves[0].seqno, halves[1].seqno) + 1),
          prev: [prevRef(halves[0]), prevRef(halves[1])],
          afterSplit: false,
          afterMerge: true,
        };
      } else if (parent?.beforeSplit) {
        // the parent's last block was sealed with before_split: its two children start now
        block = { ref: ref(parent.seqno + 1), prev: [prevRef(parent)], afterSplit: true, afterMerge: false };
      } else block = { ref: ref(1), prev: [], afterSplit: false, afterMerge: false };
      this.open.set(key(block.ref), {
        ...block,
        // the shard splits after this block when the next slot holds its halves instead
        beforeSplit: !nextShards.includes(shard) && nextShards.some((n) => shardChildren(shard).includes(n)),
        // it merges with its sibling after this block when the next slot holds their parent
        wantMerge:
          !nextShards.includes(shard) &&
          nextShards.some(
            (n) => n !== shard && shardPrefixLength(n) < shardPrefixLength(shard) && shardChildren(n).includes(shard),
          ),
        txs: [],
      });
    }
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
    // a transaction ends past the lts of the messages it sent (lt + 1 + i each)
    const ends = b.txs.map((t) => t.lt + 1n + BigInt(t.outMsgs.length));
    const endLt = ends.length ? ends.reduce((a, c) => (c > a ? c : a)) : currentLt > startLt ? currentLt : startLt;
    const prevHashes = b.prev.map(
      (p) =>
        this.last.get(key(p))?.rootHash ?? (p.workchain === -1 ? this.lastMc?.rootHash : undefined) ?? Buffer.alloc(32),
    );
    const h = createHash('sha256').update(
      `ledgerscope-block:${b.ref.workchain}:${b.ref.shard}:${b.ref.seqno}:${genUtime}`,
    );
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
      afterMerge: b.afterMerge,
      wantSplit: b.beforeSplit,
      wantMerge: b.wantMerge,
      keyBlock: b.ref.workchain === -1 && b.ref.seqno === 0,
    };
  }
}
