import type { ResponseOf } from '../../api/operations/api-operation';
import * as api from '../../api/operations/v2-blocks';
import type { BlockRecord, BlockRef } from '../../store/records';
import { hashToBase64 } from '../../ton/hash';
import { NotFoundError } from '../errors';
import { defineOperation, type ReadContext } from '../execution/operation';
import { tonBlockIdExtOf } from '../serialize/v2-account';
import { v2Extra } from '../serialize/v2-extra';
import { masterchainBlockAt } from './account-at';

const answer = (result: unknown) => Buffer.from(JSON.stringify({ ok: true, result }));
const named = (r: BlockRef) => `block (workchain ${r.workchain}, shard ${r.shard}, seqno ${r.seqno})`;

/** A block the snapshot's masterchain block commits (a later one is not there yet for this request). */
const committed = (ctx: ReadContext, b: BlockRecord | null): b is BlockRecord =>
  b !== null && ctx.mcSeqno !== null && b.mcSeqno <= ctx.mcSeqno;

/** The block `ref` names, its hashes checked when given; 404 naming what did not match. */
async function blockAt(ctx: ReadContext, ref: BlockRef, rootHash?: Buffer, fileHash?: Buffer): Promise<BlockRecord> {
  const block = await ctx.reader.getBlock(ref);
  if (!committed(ctx, block)) throw new NotFoundError(`${named(ref)} not found`);
  if (rootHash && !rootHash.equals(block.rootHash))
    throw new NotFoundError(`${named(ref)} has another root_hash: ${hashToBase64(block.rootHash)}`);
  if (fileHash && !fileHash.equals(block.fileHash))
    throw new NotFoundError(`${named(ref)} has another file_hash: ${hashToBase64(block.fileHash)}`);
  return block;
}

/** v2 getShards: the shard blocks masterchain block `seqno` lists (its `shard_state`), by shard. */
export const getShards = defineOperation(api.getShards, {
  light: () => true,
  run: async (ctx, p, out) => {
    await masterchainBlockAt(ctx, p.seqno);
    const blocks = (await ctx.reader.getMasterchainBlocks(p.seqno)) ?? [];
    const result: ResponseOf<typeof api.getShards>['result'] = {
      '@type': 'blocks.shards',
      shards: blocks.slice(1).map(tonBlockIdExtOf),
      '@extra': v2Extra(ctx),
    };
    await out.write(answer(result));
  },
});

/**
 * The shards to look a block up in, in order: the shard asked, then, as a liteserver reads the
 * shard id lookupBlock is given (an account prefix: a client may send the whole workchain's id,
 * -9223372036854775808, for a workchain split in shards), the shard of the snapshot's layout that
 * holds that prefix and that shard's ancestors, for blocks made before a split.
 */
async function shardsHolding(ctx: ReadContext, workchain: number, shard: bigint): Promise<bigint[]> {
  const prefix = BigInt.asUintN(64, shard);
  const latest = ctx.mcSeqno === null ? [] : ((await ctx.reader.getMasterchainBlocks(ctx.mcSeqno)) ?? []);
  const layout = workchain === -1 ? [] : latest.filter((b) => b.workchain === workchain);
  const holder = layout.map((b) => BigInt.asUintN(64, b.shard)).find((id) => holds(id, prefix));
  const order = [prefix];
  for (let id = holder; id !== undefined; id = parentOf(id)) order.push(id);
  return [...new Set(order)].map((id) => BigInt.asIntN(64, id));
}

/** Whether shard `id` (unsigned; its lowest set bit ends its prefix) holds account prefix `prefix`. */
function holds(id: bigint, prefix: bigint): boolean {
  const tag = id & -id;
  const mask = BigInt.asUintN(64, ~(tag * 2n - 1n));
  return (id & mask) === (prefix & mask);
}

/** The shard `id` split from; undefined for the whole workchain's. */
function parentOf(id: bigint): bigint | undefined {
  const tag = id & -id;
  return tag === 1n << 63n ? undefined : (id - tag) | (tag << 1n);
}

/** v2 lookupBlock: by seqno, by an lt the block's range holds, the last block by a time, or the newest. */
export const lookupBlock = defineOperation(api.lookupBlock, {
  light: () => true,
  run: async (ctx, p, out) => {
    const find = async (shard: bigint): Promise<BlockRecord | undefined> => {
      const chain = { workchain: p.workchain, shard };
      if (p.seqno !== undefined) {
        const b = await ctx.reader.getBlock({ ...chain, seqno: p.seqno });
        return committed(ctx, b) ? b : undefined;
      }
      if (p.lt !== undefined) {
        const [b] = await ctx.reader.findBlocks({ ...chain, endLt: p.lt }, { limit: 1, offset: 0, sort: 'desc' });
        return b && b.endLt >= p.lt && committed(ctx, b) ? b : undefined;
      }
      // the newest (by then) that the snapshot commits: a shard block may be written before its
      // masterchain block
      const filter = p.unixtime === undefined ? chain : { ...chain, endUtime: p.unixtime };
      return (await ctx.reader.findBlocks(filter, { limit: 4, offset: 0, sort: 'desc' })).find((b) =>
        committed(ctx, b),
      );
    };
    let block: BlockRecord | undefined;
    for (const shard of await shardsHolding(ctx, p.workchain, p.shard)) if ((block ??= await find(shard))) break;
    if (!block) {
      const where = `workchain ${p.workchain}, shard ${p.shard} (or the shards holding that prefix)`;
      throw new NotFoundError(
        p.seqno !== undefined
          ? `no block of ${where} has seqno ${p.seqno} (by the snapshot's masterchain block)`
          : p.lt !== undefined
            ? `no block of ${where} holds lt ${p.lt} (by the snapshot's masterchain block)`
            : p.unixtime !== undefined
              ? `no block of ${where} was generated at or before unixtime ${p.unixtime}`
              : `no block of ${where} found`,
      );
    }
    const result: ResponseOf<typeof api.lookupBlock>['result'] = { ...tonBlockIdExtOf(block), '@extra': v2Extra(ctx) };
    await out.write(answer(result));
  },
});

/**
 * v2 getBlockHeader. The fields a network without validators does not have take the values the v3
 * `blocks` answer gives them (serialize/v3.ts `blockJson`): version 0, flags 1, catchain and
 * validator-list figures 0, prev_key_block_seqno 0, vert_seqno 0; min_ref_mc_seqno the masterchain
 * block before (a masterchain block's own previous, a shard block's committing block's previous).
 */
export const getBlockHeader = defineOperation(api.getBlockHeader, {
  light: () => true,
  run: async (ctx, p, out) => {
    const b = await blockAt(ctx, { workchain: p.workchain, shard: p.shard, seqno: p.seqno }, p.root_hash, p.file_hash);
    const prev = await Promise.all(b.prevBlocks.map((r) => ctx.reader.getBlock(r)));
    const result: ResponseOf<typeof api.getBlockHeader>['result'] = {
      '@type': 'blocks.header',
      id: tonBlockIdExtOf(b),
      global_id: b.globalId,
      version: 0,
      flags: 1,
      after_merge: b.afterMerge,
      after_split: b.afterSplit,
      before_split: b.beforeSplit,
      want_merge: b.wantMerge,
      want_split: b.wantSplit,
      validator_list_hash_short: 0,
      catchain_seqno: 0,
      min_ref_mc_seqno: Math.max(0, (b.workchain === -1 ? b.seqno : b.mcSeqno) - 1),
      is_key_block: b.keyBlock,
      prev_key_block_seqno: 0,
      start_lt: b.startLt.toString(),
      end_lt: b.endLt.toString(),
      gen_utime: b.genUtime,
      vert_seqno: 0,
      prev_blocks: prev.filter((x): x is BlockRecord => x !== null).map(tonBlockIdExtOf),
      '@extra': v2Extra(ctx),
    };
    await out.write(answer(result));
  },
});

/** `mode` of each short id: TON Center prints the lite-server query's (account, lt and hash asked: 7, +128). */
const SHORT_TX_MODE = 135;

/** v2 getBlockTransactions: the short ids of a block's transactions, a page at a time. */
export const getBlockTransactions = defineOperation(api.getBlockTransactions, {
  light: (p) => p.count <= 40,
  run: async (ctx, p, out) => {
    const ref = { workchain: p.workchain, shard: p.shard, seqno: p.seqno };
    const block = await blockAt(ctx, ref, p.root_hash, p.file_hash);
    const after =
      p.after_hash !== undefined && p.after_lt !== undefined ? { account: p.after_hash, lt: p.after_lt } : null;
    const page = await ctx.reader.getBlockTransactions(ref, after, p.count);
    const result: ResponseOf<typeof api.getBlockTransactions>['result'] = {
      '@type': 'blocks.transactions',
      id: tonBlockIdExtOf(block),
      req_count: p.count,
      incomplete: page.incomplete,
      transactions: page.transactions.map((t) => ({
        '@type': 'blocks.shortTxId',
        mode: SHORT_TX_MODE,
        account: t.account,
        lt: t.lt.toString(),
        hash: hashToBase64(t.hash),
      })),
      '@extra': v2Extra(ctx),
    };
    await out.write(answer(result));
  },
});
