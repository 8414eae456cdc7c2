// The contracts' ShardAccounts read in the last frame, kept for the next. Sandbox sends with every
// frame every contract its Blockchain knows, changed or not: a test's tenth run sends again the
// contracts of the nine before it, most of them as they were (of a bench frame's 3,334 contracts,
// 2,222 came in the frame before, byte for byte). A ShardAccount's read is a function of its
// account and its BOC alone, so the same BOC is read once, and only what the last frame sent is
// kept (a test's contracts, not a session's).
import type { FrameCells } from './frame-cells';
import { readShardAccount, type ReadContract } from './read-transactions';

type ShardAccountRead = Pick<ReadContract, 'state' | 'lastTransaction'>;

export class KnownShardAccounts {
  private last = new Map<string, ShardAccountRead>();
  private current = new Map<string, ShardAccountRead>();

  /** readShardAccount's answer, from the last frame's when it read the same BOC of the same account. */
  read(account: string, boc: string, i: number, frameCells: FrameCells): ShardAccountRead {
    const key = `${account} ${boc}`;
    let read = this.current.get(key) ?? this.last.get(key);
    if (!read) read = readShardAccount(account, boc, i, frameCells);
    this.current.set(key, read);
    // each frame its own copy of the records: a frame's batch may not change the next one's
    return {
      state: read.state && { ...read.state },
      lastTransaction: read.lastTransaction && { ...read.lastTransaction },
    };
  }

  /** A frame is read: what it read is what the next frame may find, and nothing older. */
  frameDone(): void {
    this.last = this.current;
    this.current = new Map();
  }
}
