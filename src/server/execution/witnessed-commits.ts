import type { IncomingMessage } from 'node:http';
import type { CommitCounter, CommitMark, CommitWitness } from '../../store/interface';
import { JSON_RPC_PATH } from '../json-rpc';
import { OPERATIONS } from '../operations/registry';

/**
 * The answer cache's counter where the engine's witness of commits is a round trip (PostgreSQL):
 * `current()` is the newest mark read. Every request that may be answered from the cache first
 * waits for a mark read after it came (`refresh`), then is looked up as on SQLite: a kept answer
 * whose mark is still the ledger's was read from a snapshot taken after that mark was read, with
 * nothing committed since, so it is as of a moment after the request came. A request that is then
 * sent to a worker files its answer under the newest mark read, which was read before its worker
 * took its snapshot: an answer newer than its mark, never older, and a commit in between changes
 * the mark that any later lookup reads, so it is never served past that commit.
 */
export class WitnessedCommits implements CommitCounter {
  // nothing read yet: no answer is kept under it, as every lookup reads a mark first
  private mark: CommitMark = 0;

  constructor(private readonly witness: CommitWitness) {}

  current(): CommitMark {
    return this.mark;
  }

  /** Reads a mark begun after this call; false when none could be read (the request goes on as a miss). */
  async refresh(): Promise<boolean> {
    const mark = await this.witness.read();
    if (mark === null) return false;
    // reads are one at a time on one connection: each is as new as any read before it
    this.mark = mark;
    return true;
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
