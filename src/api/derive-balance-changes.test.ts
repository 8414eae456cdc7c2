import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerClient } from './client';
import { deriveBalanceChanges, type TxBalances } from './derive-balance-changes';
import type { Trace } from './model';
import { startTestServer, type TestServer } from '../server/test-support/test-server';

const balancesOf = (t: Trace): TxBalances[] =>
  Object.values(t.transactions).map((tx) => ({
    account: tx.account,
    balanceBefore: tx.stateBefore?.balance ?? null,
    balanceAfter: tx.stateAfter?.balance ?? null,
    totalFees: tx.totalFees,
    outFees: tx.outMsgs.flatMap((m) => [m.fwdFee, m.ihrFee]),
  }));

/** A change of zero is the same answer whether it is listed or left out. */
const nonZero = (r: Record<string, string>) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== '0'));

describe("balance changes derived from a trace's own transactions", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  }, 300_000);
  afterAll(async () => s?.close());

  it("equal the server's balanceChanges, account by account, for TON and fees", async () => {
    const c = new LedgerClient({ baseUrl: s.base });
    const { traces } = await c.getTraces({ limit: 40 });
    expect(traces.length).toBeGreaterThan(10);
    for (const t of traces) {
      const derived = deriveBalanceChanges(balancesOf(t));
      expect(derived.unknown).toEqual([]);
      const served = await c.getBalanceChanges({ trace_id: t.traceId });
      expect(nonZero(derived.data.changes), t.traceId).toEqual(nonZero(served.changes));
      expect(nonZero(derived.data.fees), t.traceId).toEqual(nonZero(served.fees));
    }
  });

  it('leave out, as unknown, an account whose state has no balance, and keep its fees', () => {
    const d = deriveBalanceChanges([
      { account: 'A', balanceBefore: '10', balanceAfter: '7', totalFees: '1', outFees: ['1', null] },
      { account: 'B', balanceBefore: null, balanceAfter: '5', totalFees: '2', outFees: [] },
      { account: 'A', balanceBefore: '7', balanceAfter: '9', totalFees: '1', outFees: [] },
    ]);
    expect(d.data.changes).toEqual({ A: '-1' });
    expect(d.data.fees).toEqual({ A: '3', B: '2' });
    expect(d.unknown).toEqual(['B']);
  });
});
