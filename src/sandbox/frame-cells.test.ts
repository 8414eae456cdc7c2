// FrameCells against @ton/core's `Cell.fromBoc`, on every BOC of a real frame of @ton/sandbox (a
// fan-out deploying its children: the same code in every ShardAccount and state init): the same
// cells, hash for hash and bit for bit, each distinct one built once; the frame read through it
// into the same records; and the BOCs `Cell.fromBoc` refuses refused too.
import { beforeAll, describe, expect, it } from 'vitest';
import { beginCell, Cell, convertToMerkleProof } from '@ton/core';
import { parseFrame, type SandboxFrame } from './frame';
import { FrameCells } from './frame-cells';
import { readContracts, readTransactions } from './read-transactions';
import { fanOutFrame } from './test-support/fan-out-frame';

/** Each cell of a tree, as @ton/core sees it: everything a reader of a cell can ask of it. */
function described(root: Cell): unknown[] {
  const out: unknown[] = [];
  const walk = (c: Cell) => {
    out.push({
      hash: c.hash().toString('hex'),
      hashes: [0, 1, 2, 3].map((l) => c.hash(l).toString('hex')),
      depths: [0, 1, 2, 3].map((l) => c.depth(l)),
      level: c.level(),
      type: c.type,
      exotic: c.isExotic,
      bits: c.bits.toString(),
      length: c.bits.length,
      refs: c.refs.length,
    });
    c.refs.forEach(walk);
  };
  walk(root);
  return out;
}

/** Every BOC the frame carries: the contracts' ShardAccounts and state inits, the transactions, the storage. */
function frameBocs(frame: SandboxFrame): Buffer[] {
  const hexes = [
    ...frame.contracts.flatMap((c) => [c.account, c.stateInit]),
    ...frame.transactions.flatMap((t) => [t.transaction, t.oldStorage, t.newStorage]),
  ];
  return hexes.filter((h): h is string => !!h).map((h) => Buffer.from(h, 'hex'));
}

/** `Cell.fromBoc` in FrameCells' place: the frame read as it was before FrameCells. */
const plainCells = { fromBoc: (src: Buffer) => Cell.fromBoc(src) } as unknown as FrameCells;

describe('a frame’s cells, each distinct one built once', () => {
  let frame: SandboxFrame;

  beforeAll(async () => {
    frame = parseFrame(await fanOutFrame(4, 2));
  }, 120_000);

  it('read every BOC of a real frame into the cells Cell.fromBoc gives, sharing the repeated ones', () => {
    const cells = new FrameCells();
    let walked = 0;
    const bocs = frameBocs(frame);
    expect(bocs.length).toBeGreaterThan(frame.transactions.length * 2);
    for (const boc of bocs) {
      const mine = cells.fromBoc(boc);
      const theirs = Cell.fromBoc(boc);
      expect(mine).toHaveLength(theirs.length);
      mine.forEach((root, i) => expect(described(root)).toEqual(described(theirs[i]!)));
      // and written back, the same BOC
      expect(mine[0]!.toBoc().equals(theirs[0]!.toBoc())).toBe(true);
      walked += described(theirs[0]!).length;
    }
    // the code of the forwarder and its children, in every ShardAccount and state init, once
    expect(cells.size).toBeLessThan(walked / 2);
  });

  it('read the frame into the same records as Cell.fromBoc does', () => {
    const cells = new FrameCells();
    const contracts = readContracts(frame.contracts, cells);
    expect(contracts).toEqual(readContracts(frame.contracts, plainCells));
    const mine = readTransactions(frame.transactions, contracts, cells);
    const theirs = readTransactions(frame.transactions, contracts, plainCells);
    expect(mine).toHaveLength(frame.transactions.length);
    // some transactions were found as they ran, their messages laid out otherwise than sent
    expect(mine.some((t) => !t.boc.equals(Buffer.from(t.frame.transaction, 'hex')))).toBe(true);
    expect(mine).toEqual(theirs);
  });

  it('read exotic cells and BOCs with an index and a CRC as Cell.fromBoc does', () => {
    const code = Cell.fromBoc(Buffer.from(frame.contracts.find((c) => c.account)!.account!, 'hex'))[0]!;
    const proof = convertToMerkleProof(code); // a Merkle proof: an exotic cell of level 0 over a tree
    const pruned = beginCell().storeRef(proof).storeUint(7, 3).endCell();
    const cells = new FrameCells();
    for (const root of [proof, pruned, code, beginCell().endCell()]) {
      for (const opts of [undefined, { idx: true, crc32: true }, { idx: false, crc32: true }]) {
        const boc = root.toBoc(opts);
        expect(described(cells.fromBoc(boc)[0]!)).toEqual(described(Cell.fromBoc(boc)[0]!));
      }
    }
  });

  it('refuse what Cell.fromBoc refuses', () => {
    const tree = beginCell().storeUint(1, 8).storeRef(beginCell().storeUint(2, 8)).endCell();
    const good = tree.toBoc({ idx: false, crc32: true });
    const badCrc = Buffer.from(good);
    badCrc[badCrc.length - 1]! ^= 1;
    const cut = good.subarray(0, good.length - 6);
    // no cells, no roots: read as nothing, which bocCell refuses (not one root)
    const empty = Buffer.from('b5ee9c72' + '00'.repeat(20), 'hex');
    expect(new FrameCells().fromBoc(empty)).toEqual(Cell.fromBoc(empty));
    // the root referring to itself (its reference is the byte before its child's three): a BOC's
    // cells refer only to cells after them
    const loop = tree.toBoc({ idx: false, crc32: false });
    expect(described(new FrameCells().fromBoc(loop)[0]!)).toEqual(described(tree));
    loop[loop.length - 4] = 0;
    for (const bad of [badCrc, cut, loop, Buffer.from('00', 'hex')]) {
      expect(() => Cell.fromBoc(bad)).toThrow();
      expect(() => new FrameCells().fromBoc(bad)).toThrow();
    }
  });
});
