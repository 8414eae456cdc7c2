import { describe, expect, it } from 'vitest';
import { progressText } from './progress';

const at = (transactions: number, finishing: number | null, done = false) => ({
  transactions,
  target: 400,
  finishing,
  done,
  rate: 120,
  etaSeconds: finishing === null && !done ? (400 - transactions) / 120 : null,
});

describe('the progress bar', () => {
  it('counts against the target until it is reached, never at 100 % before the end', () => {
    expect(progressText(at(0, null))).toEqual({
      fill: 0,
      percent: '0%',
      text: '0/400 transactions · 120 tx/s · ETA 3 s',
    });
    expect(progressText(at(398, null))).toMatchObject({
      percent: '99%',
      text: '398/400 transactions · 120 tx/s · ETA 0 s',
    });
  });

  it('once the target is reached, says so and how many blocks (slots) it finishes, without a total or a percentage it cannot know', () => {
    // `--txs 400` used to print "485/400 · ETA 0 s" and end at 2,246
    for (const [made, left] of [
      [485, 7],
      [1_900, 2],
      [5_512, 1],
    ] as const) {
      const p = progressText(at(made, left));
      expect(p.fill).toBe(1);
      expect(p.percent).toBe('');
      expect(p.text).toBe(
        `${made} transactions, 400 reached · finishing ${left === 1 ? '1 block' : `${left} blocks`} in flight · 120 tx/s`,
      );
    }
  });

  it('ends with the count made, at 100 %', () => {
    expect(progressText(at(5_566, 0, true))).toEqual({
      fill: 1,
      percent: '100%',
      text: '5566 transactions (at least 400 asked) · 120 tx/s',
    });
  });
});
