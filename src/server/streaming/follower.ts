import { FULL_SHARD } from '../../ton/shard';
import type { CommitMark, LedgerSnapshots } from '../../store/interface';
import type { CommitProbe } from '../../store/open-ledger';
import { readCommittedStep, readPendingStep } from './read-step';
import { BookCache } from '../serialize/address-book';
import type { StepInterest, StreamStep } from './step';

/** Masterchain blocks read per turn while catching up, so a backlog never holds the event loop long. */
const STEPS_PER_TURN = 4;

export interface FollowerHealth {
  ok: boolean;
  error?: string;
  /** The newest masterchain block the follower has published. */
  mc_seqno: number | null;
  /** Its generation time (Unix seconds). */
  mc_block_time: number | null;
  /** Shard blocks seen before their masterchain block (their transactions published as pending). */
  pending_blocks: number;
}

/**
 * Follows the ledger through the store alone, so that it works whatever process writes it: every
 * `pollMs` (or at once when nudged by a producer in the same process) it reads the newest
 * masterchain seqno; each masterchain block committed since the last look becomes a finalized
 * step, and each shard block written before its masterchain block (the store lists those as
 * uncommitted) a pending step, published once. Reads run on one read-only connection of its own,
 * one snapshot per turn. With a commit probe, a turn first reads the ledger's commit mark and
 * reads nothing more while the mark is the one read before the last turn that saw everything: an
 * idle server then costs a shared-memory read (SQLite) or one round trip (PostgreSQL) a poll,
 * instead of a snapshot and its lookups fifty times a second.
 */
export class LedgerFollower {
  private lastMc: number | null = null;
  private lastMcTime: number | null = null;
  /** Uncommitted shard blocks already published as pending, by `workchain:shard:seqno`. */
  private pendingSeen = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private closed = false;
  private error: string | null = null;
  private idle: Promise<void> = Promise.resolve();
  /** The address book and metadata read so far (entries never change within one block). */
  private readonly book = new BookCache();
  /** The commit mark read before the last turn that saw the ledger whole: nothing new while it holds. */
  private seenMark: CommitMark | null = null;

  constructor(
    private readonly ledger: LedgerSnapshots,
    private readonly interest: StepInterest,
    private readonly publish: (step: StreamStep) => void,
    private readonly opts: { pollMs: number; traceMaxTxs: number; commitSeen?: () => void; probe?: CommitProbe },
  ) {}

  /** Starts from the ledger as it is now: what was written before is history, not news. */
  async start(): Promise<void> {
    await this.turn();
  }

  /** Something was written: look now rather than at the next poll. */
  nudge(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.turn(), 0);
  }

  health(): FollowerHealth {
    const h: FollowerHealth = {
      ok: this.error === null,
      mc_seqno: this.lastMc,
      mc_block_time: this.lastMcTime,
      pending_blocks: this.pendingSeen.size,
    };
    if (this.error !== null) h.error = this.error;
    return h;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.idle;
    await this.ledger.close();
    await this.opts.probe?.close();
  }

  private turn(): Promise<void> {
    this.timer = null;
    if (this.closed) return Promise.resolve();
    this.running = true;
    this.again = false;
    this.idle = (async () => {
      // read before the snapshot: a commit after it changes the mark, and the next turn reads again
      const mark = this.opts.probe ? await this.opts.probe.mark() : null;
      if (mark !== null && mark === this.seenMark) return;
      this.seenMark = null;
      await this.ledger.readSnapshot(async (reader) => {
        const latest = await reader.latestMasterchainSeqno();
        if (latest === null) return;
        const first = this.lastMc === null;
        if (first) this.lastMc = latest;
        const before = this.lastMc;
        // the answer cache learns of it before any client does (a client told of a block then asks)
        if (this.lastMc! < latest) this.opts.commitSeen?.();
        for (let n = 0; n < STEPS_PER_TURN && this.lastMc! < latest; n++) {
          const seqno = this.lastMc! + 1;
          if (this.interest.size > 0)
            this.publish(
              await readCommittedStep({ reader, book: this.book }, seqno, this.interest, this.opts.traceMaxTxs),
            );
          this.lastMc = seqno;
        }
        if (this.lastMc! < latest) {
          this.again = true;
        } else {
          const uncommitted = await reader.getUncommittedShardBlocks(latest);
          const now = new Set<string>();
          for (const block of uncommitted) {
            const id = `${block.workchain}:${block.shard}:${block.seqno}`;
            now.add(id);
            if (first || this.pendingSeen.has(id)) continue;
            this.opts.commitSeen?.();
            if (this.interest.size > 0)
              this.publish(
                await readPendingStep({ reader, book: this.book }, block, this.interest, this.opts.traceMaxTxs),
              );
          }
          this.pendingSeen = now;
        }
        if (first || this.lastMc !== before) {
          const mc = await reader.getBlock({ workchain: -1, shard: FULL_SHARD, seqno: this.lastMc! });
          this.lastMcTime = mc?.genUtime ?? null;
        }
      });
      if (!this.again) this.seenMark = mark;
    })()
      .then(
        () => {
          this.error = null;
        },
        (error: unknown) => {
          this.error = `cannot read the ledger: ${(error as Error).message}`;
        },
      )
      .finally(() => {
        this.running = false;
        if (this.closed) return;
        this.timer = setTimeout(() => void this.turn(), this.again ? 0 : this.opts.pollMs);
      });
    return this.idle;
  }
}
