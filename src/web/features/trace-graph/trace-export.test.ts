import { describe, expect, it } from 'vitest';
import { bounceRecording } from '../../test-support/recorded-traces';
import { fromApiTrace } from '../../model/trace-view';
import { accountLetters } from '../../model/account-labels';
import { traceToSvg, wrapWords } from './trace-export';

describe('the SVG export', () => {
  it('wraps an edge label by words, a word longer than the line on its own line', () => {
    expect(wrapWords('Jetton Internal Transfer', 16)).toEqual(['Jetton Internal', 'Transfer']);
    expect(wrapWords('“a_comment_longer_than_a_line”', 16)).toEqual(['“a_comment_longer_than_a_line”']);
    expect(wrapWords('Excess', 16)).toEqual(['Excess']);
  });

  it('draws every transaction of a recorded bounce and labels the bounced edge', () => {
    const fixture = bounceRecording();
    const trace = fromApiTrace(fixture.trace, fixture.book);
    const svg = traceToSvg(trace, accountLetters(trace), (raw) => fixture.book[raw]?.interfaces?.[0]);
    expect((svg.match(/<rect [^>]*rx="8"/g) ?? []).length).toBeGreaterThanOrEqual(trace.txs.size);
    expect(svg).toMatch(/<text [^>]*text-anchor="middle" fill="#c2410c">↩ Bounce<\/text>/);
  });
});
