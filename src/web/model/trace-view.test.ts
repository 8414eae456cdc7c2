import { describe, expect, it } from 'vitest';
import { bounceRecording, jettonRecording } from '../test-support/recorded-traces';
import { fromApiTrace, firstFailure } from './trace-view';
import { verdictOf } from './outcome';
import { accountLetters, letterOf } from './account-labels';
import { summarizeAction } from './action-summary';
import { summaryText } from '../test-support/summary-text';
import { messageLabel } from './message-label';

// Both fixtures were recorded from the real server over the deterministic test ledger (seed 11).
const bounceFixture = bounceRecording();
const jettonFixture = jettonRecording();
const bounce = { ...bounceFixture.trace, actions: bounceFixture.trace.actions ?? [] };
const jetton = { ...jettonFixture.trace, actions: jettonFixture.trace.actions ?? [] };

describe('trace model on recorded traces', () => {
  it('a transfer to an undeployed account: the skipped compute phase, the bounce, the round trip back to A', () => {
    const t = fromApiTrace(bounce, bounceFixture.book);
    expect(t.txs.size).toBe(Object.keys(bounce.transactions).length);
    expect(t.txs.size).toBeGreaterThanOrEqual(3);
    expect(t.order[0]).toBe(t.rootHash);
    // no code at B: its compute phase was skipped, which is no failure (outcome.ts)
    expect(firstFailure(t)).toBeNull();
    const failed = [...t.txs.values()].find((x) => x.computeSkipped)!;
    expect(verdictOf(failed).text).toBe('skipped (no_state)');
    const back = t.txs.get(failed.children[0]!)!;
    expect(back.inMsg?.bounced).toBe(true);
    expect(messageLabel(back.inMsg!).name).toBe('Bounce');
    const letters = accountLetters(t);
    expect(letters.get(back.account)).toBe('A');
    expect(letters.get(failed.account)).toBe('B');
  });

  it('actions read as sentences; jetton amounts use the master’s decimals and symbol, not TON', () => {
    const t = fromApiTrace(jetton, jettonFixture.book);
    const letters = accountLetters(t);
    const name = (raw: string | null) => (raw ? (letters.get(raw) ?? raw.slice(0, 6)) : 'external');
    const lines = jetton.actions.map((a) => summaryText(summarizeAction(a, jettonFixture.metadata), name));
    const transfer = lines.find((l) => l.includes('transferred'))!;
    expect(transfer).toMatch(/^A transferred [\d,.]+ LJT to \w+ with comment “salary”$/);
    expect(transfer).not.toContain('TON');
    const amount = jetton.actions.find((a) => a.type === 'jetton_transfer')!.details.amount as string;
    expect(transfer).toContain((Number(amount) / 1e9).toLocaleString('en-US', { maximumFractionDigits: 6 }));

    const b = fromApiTrace(bounce, bounceFixture.book);
    const bl = accountLetters(b);
    const sent = summaryText(summarizeAction(bounce.actions.find((a) => a.type === 'ton_transfer')!), (r) =>
      r ? (bl.get(r) ?? '?') : 'external',
    );
    expect(sent).toMatch(/^A sent [\d.]+ TON to B with comment “.+”$/);
  });

  it('letters run A..Z then AA', () => {
    expect([0, 25, 26, 27, 701, 702].map(letterOf)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
