import { FULL_SHARD, shardToUnsignedHex } from '../../../ton/shard';
import type { BlockRef } from '../../../api/model';
import type { TraceView, TxView } from '../../model/trace-view';

// Where each transaction of a trace happened: one lane per shard (the masterchain first), one
// column per masterchain block that committed the trace's shard blocks, and inside a column the
// lane's shard blocks side by side, each with its transactions in lt order. A message from one lane
// to another is delivered in a later block of the receiving shard, often only after the
// masterchain has committed the sender's block: the arrow then spans columns, and the gap is the
// wait. Pure layout (positions in px); the component draws it.

export const LABEL_W = 150;
export const HEADER_H = 30;
const BLOCK_W = 132;
const BLOCK_GAP = 8;
const COLUMN_GAP = 28;
const BLOCK_HEADER_H = 22;
const CHIP_H = 24;
const CHIP_GAP = 4;
const LANE_PAD = 8;

export interface Lane {
  /** `workchain:shard` (signed decimal shard, as the API names blocks) */
  key: string;
  label: string;
  y: number;
  h: number;
}

export interface McColumn {
  /** null: shard blocks no masterchain block has committed yet */
  mcSeqno: number | null;
  x: number;
  w: number;
}

export interface LaneBlock {
  block: BlockRef;
  /** `workchain:shard:seqno` */
  id: string;
  lane: string;
  mcSeqno: number | null;
  x: number;
  y: number;
  w: number;
  h: number;
  txs: string[];
}

export interface LaneTx {
  hash: string;
  lane: string;
  blockId: string;
  mcSeqno: number | null;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LaneEdge {
  from: string;
  to: string;
  /** the message leaves its sender's shard */
  crossLane: boolean;
  /** masterchain columns between the sender's block and the receiver's */
  mcWait: number;
}

export interface LaneLayout {
  lanes: Lane[];
  columns: McColumn[];
  blocks: LaneBlock[];
  txs: Map<string, LaneTx>;
  edges: LaneEdge[];
  width: number;
  height: number;
}

const UNKNOWN: BlockRef = { workchain: 0, shard: '?', seqno: -1 };
const laneKey = (b: BlockRef) => `${b.workchain}:${b.shard}`;
export const blockId = (b: BlockRef) => `${b.workchain}:${b.shard}:${b.seqno}`;

function laneLabel(b: BlockRef): string {
  if (b.shard === '?') return 'block not reported';
  if (b.workchain === -1) return 'Masterchain';
  const shard = BigInt(b.shard);
  return shard === FULL_SHARD ? 'Basechain' : `Shard ${b.workchain}:${shardToUnsignedHex(shard)}`;
}

/** Masterchain first, then the shards by their prefix (unsigned order), unknown blocks last. */
function laneOrder(a: BlockRef, b: BlockRef): number {
  if (a.shard === '?' || b.shard === '?') return a.shard === '?' ? (b.shard === '?' ? 0 : 1) : -1;
  if (a.workchain !== b.workchain) return a.workchain - b.workchain;
  const ua = shardToUnsignedHex(BigInt(a.shard));
  const ub = shardToUnsignedHex(BigInt(b.shard));
  return ua < ub ? -1 : ua > ub ? 1 : 0;
}

const mcOrder = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a - b);
const byLt = (a: TxView, b: TxView) => (BigInt(a.lt) < BigInt(b.lt) ? -1 : BigInt(a.lt) > BigInt(b.lt) ? 1 : 0);

export function laneLayout(trace: TraceView): LaneLayout {
  // group: lane -> mc column -> block -> txs
  const blocksById = new Map<string, { block: BlockRef; mcSeqno: number | null; txs: TxView[] }>();
  for (const tx of trace.txs.values()) {
    const block = tx.blockRef ?? UNKNOWN;
    const id = `${blockId(block)}@${tx.mcSeqno ?? 'pending'}`;
    let b = blocksById.get(id);
    if (!b) blocksById.set(id, (b = { block, mcSeqno: tx.mcSeqno, txs: [] }));
    b.txs.push(tx);
  }
  const groups = [...blocksById.values()];
  const laneRefs = [...new Map(groups.map((g) => [laneKey(g.block), g.block])).values()].sort(laneOrder);
  const mcs = [...new Set(groups.map((g) => g.mcSeqno))].sort(mcOrder);
  const inCell = (lane: string, mc: number | null) =>
    groups.filter((g) => laneKey(g.block) === lane && g.mcSeqno === mc).sort((a, b) => a.block.seqno - b.block.seqno);

  const columns: McColumn[] = [];
  let x = LABEL_W;
  for (const mc of mcs) {
    const most = Math.max(...laneRefs.map((l) => inCell(laneKey(l), mc).length));
    const w = most * (BLOCK_W + BLOCK_GAP) - BLOCK_GAP;
    columns.push({ mcSeqno: mc, x, w });
    x += w + COLUMN_GAP;
  }
  const width = x - COLUMN_GAP + LANE_PAD;

  const lanes: Lane[] = [];
  const blocks: LaneBlock[] = [];
  const txs = new Map<string, LaneTx>();
  let y = HEADER_H;
  for (const ref of laneRefs) {
    const key = laneKey(ref);
    const tallest = Math.max(...groups.filter((g) => laneKey(g.block) === key).map((g) => g.txs.length));
    const h = LANE_PAD * 2 + BLOCK_HEADER_H + tallest * (CHIP_H + CHIP_GAP);
    lanes.push({ key, label: laneLabel(ref), y, h });
    for (const col of columns) {
      inCell(key, col.mcSeqno).forEach((g, k) => {
        const bx = col.x + k * (BLOCK_W + BLOCK_GAP);
        const by = y + LANE_PAD;
        const ordered = [...g.txs].sort(byLt);
        const id = blockId(g.block);
        blocks.push({
          block: g.block,
          id,
          lane: key,
          mcSeqno: g.mcSeqno,
          x: bx,
          y: by,
          w: BLOCK_W,
          h: BLOCK_HEADER_H + ordered.length * (CHIP_H + CHIP_GAP),
          txs: ordered.map((t) => t.hash),
        });
        ordered.forEach((t, i) => {
          txs.set(t.hash, {
            hash: t.hash,
            lane: key,
            blockId: id,
            mcSeqno: g.mcSeqno,
            x: bx + 4,
            y: by + BLOCK_HEADER_H + i * (CHIP_H + CHIP_GAP),
            w: BLOCK_W - 8,
            h: CHIP_H,
          });
        });
      });
    }
    y += h;
  }

  const column = new Map(mcs.map((mc, i) => [mc, i]));
  const edges: LaneEdge[] = [];
  for (const hash of trace.order) {
    const parent = trace.txs.get(hash)?.parent;
    const from = parent ? txs.get(parent) : undefined;
    const to = txs.get(hash);
    if (!from || !to) continue;
    edges.push({
      from: from.hash,
      to: to.hash,
      crossLane: from.lane !== to.lane,
      mcWait: column.get(to.mcSeqno)! - column.get(from.mcSeqno)!,
    });
  }
  return { lanes, columns, blocks, txs, edges, width, height: y + LANE_PAD };
}
