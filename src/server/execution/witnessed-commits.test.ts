import { describe, expect, it } from 'vitest';
import type { CommitWitness } from '../../store/interface';
import { WitnessedCommits } from './witnessed-commits';

/**
 * A witness whose reads the test answers (`answer`), on a clock the test moves (`now`): what
 * `WitnessedCommits` asks for and when, without a server. Each `read()` is one read of its own.
 */
function fakeWitness() {
  const pending: ((mark: string | null) => void)[] = [];
  const w = {
    now: 0,
    /** Reads asked for so far. */
    reads: 0,
    get underWay() {
      return pending.length;
    },
    witness: {
      read: () => {
        w.reads += 1;
        return new Promise<string | null>((resolve) => pending.push(resolve));
      },
      close: async () => undefined,
    } satisfies CommitWitness,
    /** Answers the oldest read under way with `mark`, and lets its caller go on. */
    async answer(mark: string | null) {
      pending.shift()!(mark);
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
  return w;
}

/**
 * A counter with a staleness window of `stalenessMs` whose first mark ('m1') was read from 0, and
 * `servesAt`: whether a request that comes at `now` is served without a read.
 */
async function withFirstMark(stalenessMs: number) {
  const w = fakeWitness();
  const commits = new WitnessedCommits(w.witness, stalenessMs, () => w.now);
  const read = commits.refresh();
  await w.answer('m1');
  expect(await read).toBe(true);
  expect(commits.current()).toBe('m1');
  const servesAt = (now: number) => {
    w.now = now;
    return commits.servesNow();
  };
  return { w, commits, servesAt };
}

describe('WitnessedCommits', () => {
  it('serves a request on a mark whose read began within the window, with no read', async () => {
    const { w, servesAt } = await withFirstMark(5);
    expect(servesAt(2)).toBe(true);
    expect(servesAt(2.5)).toBe(true);
    expect(w.reads).toBe(1);
  });

  it('past the window, has a request wait for a read begun after it came', async () => {
    const { w, commits, servesAt } = await withFirstMark(5);
    expect(servesAt(5.1)).toBe(false);
    // the request's own read: a mark read from 5.1, which serves the requests after it again
    const read = commits.refresh();
    w.now = 5.5;
    await w.answer('m2');
    expect(await read).toBe(true);
    expect(commits.current()).toBe('m2');
    expect(servesAt(10)).toBe(true);
    expect(servesAt(10.2)).toBe(false);
  });

  it('after this process saw a commit, has the next request wait, even for a read begun before it', async () => {
    const { w, commits, servesAt } = await withFirstMark(5);
    expect(servesAt(3)).toBe(true); // past half the window: a read starts in the background
    expect(w.underWay).toBe(1);
    w.now = 3.1;
    commits.commitSeen();
    expect(commits.servesNow()).toBe(false);
    // the read begun before the commit was seen comes back: its mark may be from before that commit
    await w.answer('m2');
    expect(commits.current()).toBe('m2');
    expect(commits.servesNow()).toBe(false);
    // a read begun after it serves the window again
    const read = commits.refresh();
    w.now = 3.5;
    await w.answer('m3');
    expect(await read).toBe(true);
    expect(commits.servesNow()).toBe(true);
  });

  it('with a window of 0, never serves without a read begun after the request came', async () => {
    const { w, commits, servesAt } = await withFirstMark(0);
    expect(commits.servesNow()).toBe(false);
    expect(servesAt(0.001)).toBe(false);
    expect(w.reads).toBe(1);
  });

  it('refreshes in the background past half the window, one read at a time', async () => {
    const { w, commits, servesAt } = await withFirstMark(5);
    expect(servesAt(2.4)).toBe(true);
    expect(w.reads).toBe(1);
    expect(servesAt(2.6)).toBe(true);
    expect(w.reads).toBe(2);
    // requests served while it is under way start none
    expect(servesAt(4)).toBe(true);
    expect(commits.servesNow()).toBe(true);
    expect(w.reads).toBe(2);
    // a request past the window waits for a read of its own, whatever is under way
    expect(servesAt(5.5)).toBe(false);
    const own = commits.refresh();
    expect(w.reads).toBe(3);
    // the background read comes back first, then the request's own
    await w.answer('m2');
    expect(commits.current()).toBe('m2');
    await w.answer('m3');
    expect(await own).toBe(true);
    expect(commits.current()).toBe('m3');
    expect(servesAt(7.9)).toBe(true); // m3's read began at 5.5
    expect(w.reads).toBe(3);
    expect(servesAt(8.1)).toBe(true);
    expect(w.reads).toBe(4);
  });

  it('reads nothing while no request comes', async () => {
    const { w } = await withFirstMark(5);
    w.now = 1000;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(w.reads).toBe(1);
  });

  it('goes on as a miss when the read fails, and keeps the mark it had', async () => {
    const { w, commits } = await withFirstMark(5);
    w.now = 10;
    const read = commits.refresh();
    await w.answer(null);
    expect(await read).toBe(false);
    expect(commits.current()).toBe('m1');
    expect(commits.servesNow()).toBe(false);
  });
});
