// The producer's saved position: a JSON document written with each batch that ends between traces
// (beside the changed accounts' states, which the store keeps per account). It holds what the seed
// alone does not fix: the clock and lt, the blocks of the last slot, the counters, the slot counts
// and the traffic generator's state. Buffers and bigints are tagged so they come back as themselves.
import type { BlockRecord } from '../../store/records';

export interface BlockProducerState {
  /** The slot (masterchain seqno) to produce next. */
  slot: number;
  startLt: bigint;
  /** The last block of every shard of the current layout, and the last masterchain block. */
  lastBlocks: BlockRecord[];
  lastMc: BlockRecord | null;
}

export interface AssemblerPosition {
  /** The emulator's lt when the slot ended. */
  lt: bigint;
  blocks: BlockProducerState;
  counters: { transactions: number; traces: number; blocks: number };
  /** The traffic generator's state (see `Traffic.snapshot`). */
  traffic: Record<string, unknown>;
}

export interface ProducerPosition extends AssemblerPosition {
  format: 1;
  seed: number;
  bulkSlots: number;
  liveSlots: number;
}

export function encodePosition(position: ProducerPosition): string {
  return JSON.stringify(position, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    if (Buffer.isBuffer(raw)) return { $b: raw.toString('base64') };
    if (typeof value === 'bigint') return { $n: value.toString() };
    return value;
  });
}

export function decodePosition(text: string): ProducerPosition {
  const p = JSON.parse(text, (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const o = value as Record<string, unknown>;
      if (typeof o.$b === 'string') return Buffer.from(o.$b, 'base64');
      if (typeof o.$n === 'string') return BigInt(o.$n);
    }
    return value;
  }) as ProducerPosition;
  if (p.format !== 1) throw new Error(`the saved producer position has format ${String(p.format)}, this build reads format 1`);
  return p;
}
