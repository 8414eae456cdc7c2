import { describe, expect, it } from 'vitest';
import { jettonRecording } from '../../test-support/recorded-traces';
import { accountTonChange } from './account-change';

const { trace } = jettonRecording();

describe('accountTonChange', () => {
  it('sums the balance moves of each of the account’s transactions in the trace', () => {
    const txs = Object.values(trace.transactions).sort((a, b) => (BigInt(a.lt) < BigInt(b.lt) ? -1 : 1));
    const byAccount = new Map<string, typeof txs>();
    for (const t of txs) byAccount.set(t.account, [...(byAccount.get(t.account) ?? []), t]);
    // the sender's wallet has two transactions here (the transfer, then the excess it gets back)
    expect([...byAccount.values()].some((l) => l.length > 1)).toBe(true);
    for (const [account, list] of byAccount) {
      // nothing else touched these accounts between their transactions of this trace: the sum of
      // the moves is the last balance less the first
      const expected = BigInt(list.at(-1)!.stateAfter!.balance!) - BigInt(list[0]!.stateBefore!.balance!);
      expect(accountTonChange(trace, account)).toBe(expected);
    }
  });

  it('is null for an account without a transaction in the trace, or when a balance is missing', () => {
    expect(accountTonChange(trace, '0:' + '1'.repeat(64))).toBeNull();
    const account = Object.values(trace.transactions)[0]!.account;
    const stripped = {
      ...trace,
      transactions: Object.fromEntries(
        Object.entries(trace.transactions).map(([h, t]) => [h, { ...t, stateAfter: null }]),
      ),
    };
    expect(accountTonChange(stripped, account)).toBeNull();
  });
});
