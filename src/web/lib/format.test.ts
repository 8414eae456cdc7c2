import { describe, expect, it } from 'vitest';
import { formatAge, formatOpcode, formatTime, formatToken, formatTon, formatUnits, shortHash } from './format';

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
    expect(formatAge(100, 160_000)).toBe('1m ago');
  });
});
