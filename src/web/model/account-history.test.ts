import { describe, expect, it } from 'vitest';
import { bounceRecording, jettonRecording } from '../test-support/recorded-traces';
import { accountTxs, latestTxOf, nextTxIn, previousTxOf } from './account-history';
import { hashPath } from '../lib/format';

// The bounce recording (real server output, seed 11): a wallet A sends to an undeployed B, B's
// transaction fails and bounces, and A receives the bounce, so A has two transactions in the trace,
// the second naming the first as its previous one, and B has its very first.
const { trace } = bounceRecording();
const root = trace.transactions[trace.order[0]!]!;
const sender = root.account;
const [first, second] = accountTxs([trace], sender).sort((a, b) => (BigInt(a.lt) < BigInt(b.lt) ? -1 : 1));

describe('an account in its chain of transactions', () => {
  it('the sender has two transactions here, linked backwards', () => {
    expect(first!.hash).toBe(root.hash);
    expect(hashPath(second!.prevTransHash!)).toBe(hashPath(first!.hash));
    expect(second!.prevTransLt).toBe(first!.lt);
  });

  it('the latest is the higher lt, in any order and any case of the address', () => {
    expect(latestTxOf([trace], sender)?.hash).toBe(second!.hash);
    expect(latestTxOf([trace], sender.toLowerCase())?.hash).toBe(second!.hash);
    // The same wallet also sends in the jetton recording: across traces the higher lt still wins,
    // whichever trace is listed first.
    const other = jettonRecording().trace;
    const elsewhere = accountTxs([other], sender);
    const newest = [...elsewhere, second!].reduce((a, b) => (BigInt(b.lt) > BigInt(a.lt) ? b : a));
    expect(latestTxOf([other, trace], sender)?.hash).toBe(newest.hash);
    expect(latestTxOf([trace, other], sender)?.hash).toBe(newest.hash);
    expect(latestTxOf([other], '0:' + '0'.repeat(64))).toBeNull();
  });

  it('previous: named by the record; none for a first transaction (lt 0, zero hash)', () => {
    expect(previousTxOf(second!)).toEqual({ hash: first!.hash, lt: first!.lt });
    const bounced = Object.values(trace.transactions).find((t) => t.account !== sender && t.origStatus !== 'active')!;
    expect(bounced.prevTransLt).toBe('0');
    expect(previousTxOf(bounced)).toBeNull();
  });

  it('next: the transaction that names this one as previous, else none', () => {
    expect(nextTxIn([trace], first!)?.hash).toBe(second!.hash);
    expect(nextTxIn([trace], second!)).toBeNull();
  });
});
