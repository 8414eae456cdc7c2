// The last frame's ShardAccount reads, reused for the same BOCs of the next frame, on a real frame of
// @ton/sandbox: the same contracts as read afresh, no cell built for a BOC read before, a contract
// whose BOC changed read again, and nothing kept beyond the frame after.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseFrame, type SandboxFrame } from './frame';
import { FrameCells } from './frame-cells';
import { KnownShardAccounts } from './known-shard-accounts';
import { readContracts } from './read-transactions';
import { fanOutFrame } from './test-support/fan-out-frame';

describe('the ShardAccounts the last frame read', () => {
  let frame: SandboxFrame;

  beforeAll(async () => {
    frame = parseFrame(await fanOutFrame(3, 1));
  }, 120_000);

  it('give the same contracts as read afresh, building no cell for a BOC read in the frame before', () => {
    const known = new KnownShardAccounts();
    const read = (cells: FrameCells) => readContracts(frame.contracts, cells, known.read.bind(known));
    const afresh = readContracts(frame.contracts, new FrameCells());
    expect(afresh.filter((c) => c.state).length).toBeGreaterThan(3);
    expect(read(new FrameCells())).toEqual(afresh);
    known.frameDone();
    const cells = new FrameCells();
    const again = read(cells);
    expect(again).toEqual(afresh);
    expect(cells.size).toBe(0);
    // each frame has its own records
    expect(again[0]!.state).not.toBe(afresh[0]!.state);

    // a contract sent with another BOC (here another contract's ShardAccount) is read again
    known.frameDone();
    const changed = frame.contracts.map((c) => ({ ...c }));
    const [a, b] = changed.filter((c) => c.account);
    a!.account = b!.account;
    const mixed = readContracts(changed, new FrameCells(), known.read.bind(known));
    expect(mixed).toEqual(readContracts(changed, new FrameCells()));

    // two frames on, a BOC the frame between did not send is forgotten
    known.frameDone();
    known.frameDone();
    const later = new FrameCells();
    expect(readContracts(frame.contracts, later, known.read.bind(known))).toEqual(afresh);
    expect(later.size).toBeGreaterThan(0);
  });
});
