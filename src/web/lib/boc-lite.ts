import { base64ToBytes } from './ton-lite';

/**
 * Just enough of the bag-of-cells format to read fields out of the BOCs the v2 API sends (a
 * transaction's `data`, a message's `msg_data.body`) in the browser, where @ton/core and its
 * Buffer polyfill would triple the size of a page that needs a few bits of each cell.
 */
export interface Cell {
  bytes: Uint8Array;
  bits: number;
  refs: Cell[];
}

export function parseBoc(base64: string): Cell {
  const b = base64ToBytes(base64);
  if (!b || b.length < 6 || b[0] !== 0xb5 || b[1] !== 0xee || b[2] !== 0x9c || b[3] !== 0x72) throw new Error('not a BOC');
  const hasIdx = (b[4]! & 0x80) !== 0;
  const size = b[4]! & 7;
  const offBytes = b[5]!;
  let p = 6;
  const int = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 256 + b[p++]!;
    return v;
  };
  const cellCount = int(size);
  const rootCount = int(size);
  int(size); // absent
  int(offBytes); // total cells size
  const root = int(size);
  p += (rootCount - 1) * size;
  if (hasIdx) p += cellCount * offBytes;
  const raw: Array<{ bytes: Uint8Array; bits: number; refs: number[] }> = [];
  for (let c = 0; c < cellCount; c++) {
    const d1 = b[p++]!;
    const d2 = b[p++]!;
    // stored hashes and depths (d1 bit 4) precede the data: one of each per level, skipped
    if (d1 & 16) p += (popcount(d1 >> 5) + 1) * 34;
    const len = Math.ceil(d2 / 2);
    const bytes = b.subarray(p, p + len);
    p += len;
    let bits = len * 8;
    if (d2 & 1) {
      // an incomplete last byte ends with a 1 bit marking where the data stops
      const last = bytes[len - 1]!;
      if (last === 0) throw new Error('bad cell padding');
      bits = len * 8 - (31 - Math.clz32(last & -last)) - 1;
    }
    const refs: number[] = [];
    for (let r = 0; r < (d1 & 7); r++) refs.push(int(size));
    raw.push({ bytes, bits, refs });
  }
  // refs always point forward, so cells are built from the last one back
  const cells: Cell[] = new Array(cellCount);
  for (let c = cellCount - 1; c >= 0; c--) {
    const r = raw[c]!;
    cells[c] = { bytes: r.bytes, bits: r.bits, refs: r.refs.map((i) => cells[i]!) };
  }
  return cells[root]!;
}

function popcount(n: number): number {
  let c = 0;
  for (; n; n &= n - 1) c++;
  return c;
}

/** Reads a cell's bits and refs in order, as TL-B lays them out. */
export class Slice {
  private pos = 0;
  private ref = 0;
  constructor(private readonly cell: Cell) {}

  get bitsLeft(): number {
    return this.cell.bits - this.pos;
  }

  bit(): boolean {
    if (this.pos >= this.cell.bits) throw new Error('cell underflow');
    const v = (this.cell.bytes[this.pos >> 3]! >> (7 - (this.pos & 7))) & 1;
    this.pos++;
    return v === 1;
  }

  uint(n: number): bigint {
    let v = 0n;
    for (let i = 0; i < n; i++) v = (v << 1n) | (this.bit() ? 1n : 0n);
    return v;
  }

  int(n: number): number {
    const u = this.uint(n);
    return Number(u >= 1n << BigInt(n - 1) ? u - (1n << BigInt(n)) : u);
  }

  skip(n: number): this {
    if (this.pos + n > this.cell.bits) throw new Error('cell underflow');
    this.pos += n;
    return this;
  }

  /** VarUInteger n (Grams is VarUInteger 16): a byte length in log2(n) bits, then the bytes. */
  varUint(n: number): bigint {
    const len = Number(this.uint(Math.ceil(Math.log2(n))));
    return this.uint(len * 8);
  }

  loadRef(): Cell {
    const c = this.cell.refs[this.ref++];
    if (!c) throw new Error('no more refs');
    return c;
  }

  /** The rest of the cell's whole bytes, then those of its first ref, and so on (snake format). */
  snakeBytes(): Uint8Array {
    const parts: number[] = [];
    while (this.bitsLeft >= 8) parts.push(Number(this.uint(8)));
    for (let next = this.cell.refs[this.ref]; next; next = next.refs[0]) {
      const s = new Slice(next);
      while (s.bitsLeft >= 8) parts.push(Number(s.uint(8)));
    }
    return Uint8Array.from(parts);
  }
}
