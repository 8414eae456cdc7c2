import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { formatAddress } from '../../ton/address';
import { hashToBase64, hashToBase64Url, parseHash } from '../../ton/hash';
import { formatAddressLite, hashHex, hashToBase64Lite, rawAddressLite } from './ton-lite';

describe('ton-lite agrees with src/ton', () => {
  it('formats 300 random addresses in every form exactly as @ton/core does', () => {
    for (let i = 0; i < 300; i++) {
      const raw = `${i % 2 ? -1 : 0}:${randomBytes(32).toString('hex').toUpperCase()}`;
      for (const form of ['raw', 'bounceable', 'non-bounceable'] as const) {
        const lite = formatAddressLite(raw, form);
        expect(lite).toBe(formatAddress(raw, form));
        expect(rawAddressLite(lite!)).toBe(raw);
      }
      expect(formatAddressLite(raw, 'bounceable', { testOnly: true })).toBe(formatAddress(raw, 'bounceable', { testOnly: true }));
    }
  });

  it('reads hashes in hex, 0x-hex, base64 (also with + turned into a space) and base64url', () => {
    for (let i = 0; i < 200; i++) {
      const b = randomBytes(32);
      const hex = b.toString('hex');
      expect(hashHex(hex.toUpperCase())).toBe(hex);
      expect(hashHex('0x' + hex)).toBe(hex);
      expect(hashHex(hashToBase64(b))).toBe(hex);
      expect(hashHex(hashToBase64(b).replace(/\+/g, ' '))).toBe(hex);
      expect(hashHex(hashToBase64Url(b))).toBe(hex);
      expect(hashToBase64Lite(hex)).toBe(parseHash(hex).toString('base64'));
    }
  });

  it('rejects what src/ton rejects', () => {
    expect(hashHex('abc')).toBeNull();
    expect(hashHex('g'.repeat(64))).toBeNull();
    expect(rawAddressLite('5:' + 'a'.repeat(64))).toBeNull();
    const good = formatAddress('0:' + 'AB'.repeat(32), 'bounceable');
    const broken = good.slice(0, 40) + (good[40] === 'A' ? 'B' : 'A') + good.slice(41);
    expect(rawAddressLite(broken)).toBeNull();
  });
});
