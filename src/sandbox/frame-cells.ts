// A frame's BOCs read with each distinct cell built once. @ton/core's `Cell.fromBoc` builds every
// cell of a BOC and computes its hashes (a JavaScript SHA-256) as it does; a frame of a fan-out
// brings the same cells again and again (the contracts' code in every ShardAccount and in every
// deploying message's state init, a message's body in its sender's and its receiver's
// transaction): about two thirds of the cells of a large frame are repeats. Here a BOC is parsed by
// @ton/core (`parseBoc`: magic, sizes, index, CRC) and its cells read as `deserializeBoc` reads
// them, but a cell already built for the frame, the same descriptor bytes, data and children, is
// taken as it is: a `Cell` is immutable, so sharing it is sharing its hashes. A new cell is made by
// @ton/core's own `new Cell`, from the bits `deserializeBoc` would give it. frame-cells.test.ts
// checks every BOC of a real frame against `Cell.fromBoc`: the same cells, hash for hash.
import { BitReader, BitString, Cell } from '@ton/core';
// not re-exported by the package's index; its BOC header reader, used as `Cell.fromBoc` uses it
import { parseBoc } from '@ton/core/dist/boc/cell/serialization';

/** A cell of a BOC as its bytes lay it out: where its descriptors and data are, and its references. */
interface RawCell {
  /** Byte offsets in the BOC's cell data: the first descriptor, the data, the end of the data. */
  start: number;
  data: number;
  end: number;
  padded: boolean;
  exotic: boolean;
  refs: number[];
}

/** How many hashes a cell of this level mask stores beside it when the BOC keeps them (as @ton/core counts). */
function hashesCount(levelMask: number): number {
  let n = 0;
  for (let m = levelMask & 7; m; m >>= 1) n += m & 1;
  return n + 1;
}

/** The cells of a BOC's cell data, read in order as @ton/core's `readCell` reads them. */
function rawCells(cellData: Buffer, count: number, sizeBytes: number): RawCell[] {
  const reader = new BitReader(new BitString(cellData, 0, cellData.length * 8));
  const out: RawCell[] = [];
  for (let i = 0; i < count; i++) {
    const start = reader.offset / 8;
    const d1 = reader.loadUint(8);
    const d2 = reader.loadUint(8);
    const levelMask = d1 >> 5;
    if (d1 & 16) reader.skip(hashesCount(levelMask) * (32 + 2) * 8); // stored hashes and depths
    const dataBytes = Math.ceil(d2 / 2);
    const data = reader.offset / 8;
    reader.skip(dataBytes * 8);
    const end = reader.offset / 8;
    const refs: number[] = [];
    for (let r = 0; r < d1 % 8; r++) refs.push(reader.loadUint(sizeBytes * 8));
    out.push({ start, data, end, padded: d2 % 2 === 1, exotic: (d1 & 8) !== 0, refs });
  }
  return out;
}

/** The bits of a cell, as `readCell` reads them (a padded cell's last 1 and the zeros after it dropped). */
function bitsOf(cellData: Buffer, c: RawCell): BitString {
  const length = (c.end - c.data) * 8;
  if (length === 0) return BitString.EMPTY;
  const reader = new BitReader(new BitString(cellData, c.data * 8, length));
  return c.padded ? reader.loadPaddedBits(length) : reader.loadBits(length);
}

/** The cells of one frame's BOCs, each distinct one built once. Made per frame, dropped with it. */
export class FrameCells {
  /** Each distinct cell by its bytes and its children's numbers, with its own number. */
  private readonly built = new Map<string, { cell: Cell; id: number }>();

  /** The roots of a BOC, as `Cell.fromBoc` gives them; throws as it does on a BOC it refuses. */
  fromBoc(src: Buffer): Cell[] {
    const boc = parseBoc(src);
    const raw = rawCells(boc.cellData, boc.cells, boc.size);
    const done: { cell: Cell; id: number }[] = new Array(raw.length);
    // a cell refers only to cells after it: built from the last, as deserializeBoc builds them
    for (let i = raw.length - 1; i >= 0; i--) {
      const c = raw[i]!;
      // its bytes (their first two say how many there are, and how many children follow), then
      // the numbers of its children: equal keys, equal cells
      let key = boc.cellData.toString('latin1', c.start, c.end);
      for (const r of c.refs) {
        if (r <= i || r >= raw.length) throw new Error('Invalid BOC file');
        key += `,${done[r]!.id}`;
      }
      let found = this.built.get(key);
      if (!found) {
        const cell = new Cell({
          bits: bitsOf(boc.cellData, c),
          refs: c.refs.map((r) => done[r]!.cell),
          exotic: c.exotic,
        });
        this.built.set(key, (found = { cell, id: this.built.size }));
      }
      done[i] = found;
    }
    return boc.root.map((r) => {
      const root = done[r];
      if (!root) throw new Error('Invalid BOC file');
      return root.cell;
    });
  }

  /** How many distinct cells it has built (a test's figure). */
  get size(): number {
    return this.built.size;
  }
}
