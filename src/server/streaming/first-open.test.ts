import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCommitProbe, openLedgerReaderOnFirstRead } from '../../store/open-ledger';
import { openSqliteStore } from '../../store/sqlite/open-sqlite-store';
import { sqliteCommitCounter } from '../../store/sqlite/sqlite-commit-counter';
import { LedgerFollower } from './follower';

// What a service opens read-only as it starts, beside its reader workers: the answer cache's commit
// counter and the streaming follower's reader and probe. A first start once exited right after its
// history was made: `SqliteError: unable to open database file` from the counter's read-only open.
// The losing order is forced here: each is made while its read-only open cannot succeed (the file
// is not there yet), then the ledger appears. Made that way, none throws, each says it could not
// read, and each reads the ledger once it can be opened.

const dir = mkdtempSync(join(tmpdir(), 'first-open-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('read-only opens at a service start', () => {
  it('the commit counter answers a mark never answered before until it can open, then the ledger’s', async () => {
    const path = join(dir, 'counter.db');
    const counter = sqliteCommitCounter(path);
    try {
      const unread = [counter.current(), counter.current(), counter.current()];
      expect(new Set(unread).size, 'each look without the ledger is a change').toBe(3);
      const store = openSqliteStore(path);
      try {
        const first = counter.current();
        expect(typeof first).toBe('number');
        expect(unread).not.toContain(first);
        expect(counter.current(), 'nothing committed: the same mark').toBe(first);
        await store.setMeta('first-open', 'written');
        expect(counter.current(), 'a commit by the writer: another mark').not.toBe(first);
      } finally {
        store.close();
      }
    } finally {
      counter.close();
    }
  });

  it('the streaming follower starts without the ledger, says so, and reads it at the next poll', async () => {
    const path = join(dir, 'follower.db');
    const follower = new LedgerFollower(
      openLedgerReaderOnFirstRead(path),
      { size: 0, wantsTrace: () => false, wantsAddressBook: false, wantsMetadata: false },
      () => undefined,
      { pollMs: 10, traceMaxTxs: 1000, probe: openCommitProbe(path) },
    );
    let store: ReturnType<typeof openSqliteStore> | null = null;
    try {
      await follower.start();
      const before = follower.health();
      expect(before.ok).toBe(false);
      expect(before.error).toMatch(/cannot read the ledger: .*follower\.db.*does not exist/);
      store = openSqliteStore(path);
      const deadline = Date.now() + 5000;
      while (!follower.health().ok) {
        expect(Date.now() < deadline, 'the follower read the ledger within 5 s').toBe(true);
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(follower.health()).toMatchObject({ ok: true, mc_seqno: null });
    } finally {
      await follower.close();
      store?.close();
    }
  });
});
