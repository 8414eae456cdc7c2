import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { CommitCounter, CommitMark, CommitWitness } from '../../store/interface';
import { JSON_RPC_PATH } from '../json-rpc';
import { OPERATIONS } from '../operations/registry';

/**
 * The answer cache's counter where the engine's witness of commits is a round trip (PostgreSQL):
 * `current()` is the newest mark read. A request that may be answered from the cache is looked up
 * as on SQLite once it holds a mark read from a moment no earlier than `stalenessMs` before it came:
 * the current mark when its read began that recently (`servesNow`), else one read after it came
 * (`refresh`). A kept answer whose mark is still the ledger's was read from a snapshot taken after
 * that mark's read began, with nothing committed before that read: it is as of a moment no earlier
 * than `stalenessMs` before its request came (after it, with 0). A request that is then sent to a
 * worker files its answer under the newest mark read, which was read before its worker took its
 * snapshot: an answer newer than its mark, never older, and a commit in between changes the mark
 * that any later lookup reads, so it is never served past that commit.
 *
 * While requests come, the mark is kept fresh without making them wait: one served on a mark whose
 * read began over half the window ago starts a read in the background (none while one is under
 * way). With no requests there are no reads. When this process learns of a commit itself (its
 * follower found a block, its producer wrote one: `commitSeen`), the current mark may be from
 * before it: the next requests wait for a read begun after, so a client told of a block by this
 * process's stream never gets an answer from before that block.
 */
export class WitnessedCommits implements CommitCounter {
  // nothing read yet: no answer is kept under it, as every lookup reads a mark first
  private mark: CommitMark = 0;
  /** When the read that answered `mark` began; -Infinity when the mark may not be served without a read. */
  private markReadFrom = -Infinity;
  /** Counts `commitSeen`: a read begun before the latest one may predate the commit it saw. */
  private commitsSeen = 0;
  private readsUnderWay = 0;

  constructor(
    private readonly witness: CommitWitness,
    /** `API_ANSWER_STALENESS_MS`: 0, every request waits for a read begun after it came. */
    private readonly stalenessMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  current(): CommitMark {
    return this.mark;
  }

  /**
   * Whether a request that came just now may be looked up on the current mark without a read;
   * starts a read in the background when the mark is past half the window.
   */
  servesNow(): boolean {
    if (this.stalenessMs === 0) return false;
    const age = this.clock() - this.markReadFrom;
    if (age > this.stalenessMs) return false;
    if (age > this.stalenessMs / 2 && this.readsUnderWay === 0) void this.refresh();
    return true;
  }

  /** Reads a mark begun after this call; false when none could be read (the request goes on as a miss). */
  async refresh(): Promise<boolean> {
    const began = this.clock();
    const seen = this.commitsSeen;
    this.readsUnderWay += 1;
    const mark = await this.witness.read().finally(() => (this.readsUnderWay -= 1));
    if (mark === null) return false;
    // reads are one at a time on one connection: each is as new as any read before it
    this.mark = mark;
    // the read began no earlier than `began` (a shared read begins after its callers ask)
    if (seen === this.commitsSeen && began > this.markReadFrom) this.markReadFrom = began;
    return true;
  }

  /** This process learned of a commit (before telling anyone): the next requests wait for a read begun after it. */
  commitSeen(): void {
    this.commitsSeen += 1;
    this.markReadFrom = -Infinity;
  }

  close(): void {
    void this.witness.close();
  }
}

// the paths whose answers the cache may hold: the cacheable operations' by URL, kept runs' by their
// parameters (by GET, by POST, by JSON-RPC)
const keptGets = new Set(OPERATIONS.filter((op) => op.cacheable || op.keptByParams).map((op) => op.path));
const keptPosts = new Set([JSON_RPC_PATH, ...OPERATIONS.filter((op) => op.keptByParams).map((op) => op.path)]);

/** Whether a request may be answered from the cache, and so waits for a fresh mark first. */
export function mayBeKept(req: IncomingMessage): boolean {
  const url = req.url;
  if (url === undefined) return false;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (req.method === 'GET' || req.method === 'HEAD') return keptGets.has(path);
  return req.method === 'POST' && keptPosts.has(path);
}
