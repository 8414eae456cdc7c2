import { describe, expect, it } from 'vitest';
import { formatAge, formatOpcode, isoTime, formatTime, formatToken, formatTon, formatUnits, shortHash } from './format';

describe('formatting', () => {
  it('TON amounts from nanotons, exact beyond 2^53', () => {
    expect(formatTon('1500000000')).toBe('1.5 TON');
    expect(formatTon('0')).toBe('0 TON');
    expect(formatTon('1')).toBe('< 0.0001 TON');
    expect(formatTon('123456789012345678901', { maxFraction: 9 })).toBe('123,456,789,012.345678901 TON');
    expect(formatTon('-2000000000')).toBe('-2 TON');
    expect(formatUnits('5', 0)).toBe('5');
  });

  it('token amounts use the token decimals and symbol, never TON', () => {
    expect(formatToken('100000000000', { symbol: 'JET', decimals: 9 })).toBe('100 JET');
    expect(formatToken('1234567', { symbol: 'USDT', decimals: '6' })).toBe('1.234567 USDT');
    expect(formatToken('1000', null)).toBe('1,000 units');
    expect(formatToken('1000', { symbol: 'X', decimals: null })).toBe('1,000 X');
  });

  it('opcodes, hashes and time', () => {
    expect(formatOpcode(-718113061)).toBe('0xd53276db');
    expect(formatOpcode(null)).toBe('—');
    expect(shortHash('ab'.repeat(32))).toBe('ababab…ababab');
    expect(formatTime(1760000000)).toBe('2025-10-09 08:53:20 UTC');
  });

  it('ages: relative within a day, an absolute UTC date-time beyond, ISO for the tooltip', () => {
    const now = 1_760_000_000_000; // 2025-10-09 08:53:20 UTC
    const at = (secondsAgo: number) => formatAge(now / 1000 - secondsAgo, now);
    expect(at(0)).toBe('0 s ago');
    expect(at(12)).toBe('12 s ago');
    expect(at(59)).toBe('59 s ago');
    expect(at(60)).toBe('1 min ago');
    expect(at(5 * 60 + 59)).toBe('5 min ago');
    expect(at(3 * 3600 + 1)).toBe('3 h ago');
    expect(at(86399)).toBe('23 h ago');
    expect(at(86400)).toBe('2025-10-08 08:53');
    expect(at(368 * 86400)).toBe('2024-10-06 08:53');
    // A few seconds of clock skew is "now"; a time well in the viewer's future is not an age.
    expect(at(-30)).toBe('0 s ago');
    expect(at(-3600)).toBe('2025-10-09 09:53');
    expect(isoTime(1760000000)).toBe('2025-10-09T08:53:20Z');
  });
});
