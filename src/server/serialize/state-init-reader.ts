import { hash } from 'node:crypto';
import type { DecodedBody } from '../../ton/decode/decoded';
import { stateInitViewOf } from '../../ton/decode/state-init';

/**
 * The view `decodeStateInit(Cell.fromBoc(boc)[0])` gives, for the plain case, read straight from
 * the BOC: its cells parsed as bytes and the code's and data's representation hashes computed with
 * Node's SHA-256. A deploying message carries the contract's whole code, and @ton/core builds and
 * hashes every cell of it in JavaScript (~0.3 ms for the forwarder's): the 4,369 deploys of the
 * ledger's wide fan-out cost over a second of a cold trace request. `undefined` for anything but
 * the plain case (a dictionary of libraries, an exotic or higher-level cell, a BOC with stored hashes
 * or several roots, a layout that is not exactly a StateInit): the caller then asks @ton/core, so
 * every odd case is read as before.
 */
export function readPlainStateInit(boc: Buffer): DecodedBody | undefined {
  const cells = parseBoc(boc);
  if (!cells) return undefined;
  const root = cells[0]!;
  // split_depth:(Maybe (## 5)) special:(Maybe TickTock) code:(Maybe ^Cell) data:(Maybe ^Cell) library:(HashmapE 256 SimpleLib)
  let at = 0;
  const bit = () => (at < root.bits ? (root.data[at >> 3]! >> (7 - (at++ & 7))) & 1 : -1);
  const uint = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++) v = (v << 1) | bit();
    return v;
  };
  const splitDepth = bit() === 1 ? uint(5) : null;
  const special = bit() === 1 ? { tick: bit() === 1, tock: bit() === 1 } : null;
  let ref = 0;
  const code = bit() === 1 ? root.refs[ref++] : null;
  const data = bit() === 1 ? root.refs[ref++] : null;
  const libraries = bit();
  if (libraries !== 0 || at !== root.bits || ref !== root.refs.length || code === undefined || data === undefined)
    return undefined;
  const hashes = hashCells(cells);
  return stateInitViewOf({
    splitDepth,
    special,
    codeHash: code === null ? null : hashes[code]!,
    dataHash: data === null ? null : hashes[data]!,
    libraries: 0,
  });
}

interface RawCell {
  /** d1 of the representation: the count of references (ordinary cells of level 0 only). */
  d1: number;
  d2: number;
  bits: number;
  /** The data as the representation holds it: padded with its completion tag. */
  data: Buffer;
  refs: number[];
}

/** The cells of a single-root BOC of ordinary level-0 cells, references pointing forward; else null. */
function parseBoc(boc: Buffer): RawCell[] | null {
  if (boc.length < 6 || boc.readUInt32BE(0) !== 0xb5ee9c72) return null;
  const flags = boc[4]!;
  const hasIdx = (flags & 0x80) !== 0;
  const size = flags & 7;
  const offBytes = boc[5]!;
  if ((flags & 0x18) !== 0 || size < 1 || size > 4 || offBytes < 1 || offBytes > 8) return null;
  let at = 6;
  const read = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 256 + boc[at++]!;
    return v;
  };
  const count = read(size);
  const roots = read(size);
  const absent = read(size);
  read(offBytes);
  if (roots !== 1 || absent !== 0 || count < 1 || read(size) !== 0) return null;
  if (hasIdx) at += count * offBytes;
  const cells: RawCell[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 2 > boc.length) return null;
    const d1 = boc[at++]!;
    const d2 = boc[at++]!;
    const refCount = d1 & 7;
    // exotic (8), stored hashes (16), a level (32+): @ton/core's business
    if (d1 > 4 || refCount > 4) return null;
    const length = Math.ceil(d2 / 2);
    if (at + length + refCount * size > boc.length) return null;
    const data = boc.subarray(at, at + length);
    at += length;
    let bits = length * 8;
    if (d2 % 2 === 1) {
      // the completion tag: the last 1 bit of the last byte, and the zeros after it
      const last = data[length - 1]!;
      if (last === 0) return null;
      bits -= Math.log2(last & -last) + 1;
    }
    const refs: number[] = [];
    for (let r = 0; r < refCount; r++) {
      const target = read(size);
      if (target <= i || target >= count) return null;
      refs.push(target);
    }
    cells.push({ d1, d2, bits, data, refs });
  }
  return cells;
}

/** Each cell's representation hash (and depth), from the last cell back: references point forward. */
function hashCells(cells: RawCell[]): Buffer[] {
  const hashes: Buffer[] = new Array(cells.length);
  const depths: number[] = new Array(cells.length);
  for (let i = cells.length - 1; i >= 0; i--) {
    const c = cells[i]!;
    // the representation: d1 d2, the data, each reference's depth (2 bytes), each one's hash
    const repr = Buffer.allocUnsafe(2 + c.data.length + 34 * c.refs.length);
    repr[0] = c.d1;
    repr[1] = c.d2;
    c.data.copy(repr, 2);
    let at = 2 + c.data.length;
    let depth = 0;
    for (const r of c.refs) {
      repr.writeUInt16BE(depths[r]!, at);
      at += 2;
      depth = Math.max(depth, depths[r]! + 1);
    }
    for (const r of c.refs) {
      hashes[r]!.copy(repr, at);
      at += 32;
    }
    hashes[i] = hash('sha256', repr, 'buffer');
    depths[i] = depth;
  }
  return hashes;
}
