import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerReader, LedgerSnapshots } from '../../store/interface';
import { openCommitProbe, openLedgerReaderFor } from '../../store/open-ledger';
import { startLiveLedger, type LiveLedger } from '../test-support/live-stream';
import { LedgerFollower } from './follower';
import type { StepInterest } from './step';

// The follower over a real ledger written by a producer in this process that never nudges it, as
// another process writes: how often it reads the ledger while nothing is committed, and that a
// commit is still seen at the next poll.

let ledger: LiveLedger;
beforeAll(async () => {
  ledger = await startLiveLedger();
});
afterAll(async () => {
  await ledger?.close();
});

/** The ledger's snapshots, each one counted. */
class Counted implements LedgerSnapshots {
  reads = 0;
  constructor(private readonly inner: LedgerSnapshots) {}
  readSnapshot<T>(fn: (reader: LedgerReader) => Promise<T>): Promise<T> {
    this.reads += 1;
    return this.inner.readSnapshot(fn);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

const nobody: StepInterest = { size: 0, wantsTrace: () => false, wantsAddressBook: false, wantsMetadata: false };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('not within 5 s');
    await sleep(5);
  }
}

describe('a follower with a commit probe', () => {
  it('reads the ledger once while nothing is committed, and again at the poll after a commit', async () => {
    const snapshots = new Counted(openLedgerReaderFor(ledger.path));
    let seen = 0;
    const follower = new LedgerFollower(snapshots, nobody, () => undefined, {
      pollMs: 5,
      traceMaxTxs: 1000,
      commitSeen: () => (seen += 1),
      probe: openCommitProbe(ledger.path),
    });
    try {
      await follower.start();
      const start = follower.health().mc_seqno!;
      expect(snapshots.reads).toBe(1);
      // some 60 polls with nothing committed
      await sleep(300);
      expect(snapshots.reads).toBe(1);
      expect(follower.health()).toMatchObject({ ok: true, mc_seqno: start });

      const next = await ledger.slot();
      expect(next).toBeGreaterThan(start);
      await until(() => follower.health().mc_seqno === next);
      expect(seen).toBeGreaterThan(0);
      const after = snapshots.reads;
      expect(after).toBeGreaterThan(1);
      await sleep(200);
      expect(snapshots.reads).toBe(after);
    } finally {
      await follower.close();
    }
  });

  it('without a probe, reads the ledger at every poll (what the probe saves)', async () => {
    const snapshots = new Counted(openLedgerReaderFor(ledger.path));
    const follower = new LedgerFollower(snapshots, nobody, () => undefined, { pollMs: 5, traceMaxTxs: 1000 });
    try {
      await follower.start();
      await sleep(300);
      expect(snapshots.reads).toBeGreaterThan(10);
    } finally {
      await follower.close();
    }
  });
});
