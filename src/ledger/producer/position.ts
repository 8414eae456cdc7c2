// The producer's saved position: a JSON document written with the batch of every slot (beside the
// changed accounts' states, which the store keeps per account). It holds what the seed alone does
// not fix: the clock and lt, the blocks of the last slot, the counters, the slot counts, the traffic
// generator's state (with what it waits to learn of traces in flight), the messages in flight (each
// as its BOC, with its destination, trace and depth) and the traces still open. Buffers and bigints
// are tagged so they come back as themselves.
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
  /** Open traces, in the order they started: [the emulator's id, the ledger's trace id]. */
  openTraces: [number, Buffer][];
  /** [state hash, data BOC] of the account states of open traces' transactions that have data. */
  stateData: [Buffer, Buffer][];
  /** The emulator thread's side: `driver` (see `Traffic.snapshot`) and `delivery` (see `DeliveryState`). */
  emulator: Record<string, unknown>;
}

/**
 * Format 2: messages are delivered block by block and traces span slots, so a position carries
 * what is in flight. A format 1 position was saved by a build that ran each trace to its end within
 * one slot: its ledger is another ledger than this build makes from the same seed.
 */
export const POSITION_FORMAT = 2;

export interface ProducerPosition extends AssemblerPosition {
  format: typeof POSITION_FORMAT;
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
  if ((p.format as number) === 1) {
    throw new Error(
      'the ledger was produced by an older build, which delivered each trace within one block; this build delivers messages block by block and makes another ledger from the same seed, so it cannot go on with this one: generate the ledger again (npm run ledger)',
    );
  }
  if (p.format !== POSITION_FORMAT)
    throw new Error(
      `the saved producer position has format ${String(p.format)}, this build reads format ${POSITION_FORMAT}`,
    );
  return p;
}
