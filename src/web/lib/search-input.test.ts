import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { formatAddress } from '../../ton/address';
import { parseSearchInput } from './search-input';

describe('parseSearchInput', () => {
  const hash = randomBytes(32);
  const hex = hash.toString('hex');
  const raw = `0:${randomBytes(32).toString('hex').toUpperCase()}`;

  it.each([
    ['hex', hex],
    ['upper hex with 0x', '0x' + hex.toUpperCase()],
    ['base64', hash.toString('base64')],
    ['base64url', hash.toString('base64url') + '='],
  ])('a hash in %s', (_, input) => {
    expect(parseSearchInput(`  ${input} `)).toEqual({ kind: 'hash', hex });
  });

  it('an address in raw (any case), bounceable and non-bounceable forms', () => {
    for (const input of [
      raw,
      raw.toLowerCase(),
      formatAddress(raw, 'bounceable'),
      formatAddress(raw, 'non-bounceable'),
    ]) {
      expect(parseSearchInput(input)).toEqual({ kind: 'address', raw });
    }
    expect(parseSearchInput(`-1:${'3'.repeat(64)}`)).toEqual({ kind: 'address', raw: `-1:${'3'.repeat(64)}` });
  });

  it('a masterchain seqno', () => {
    expect(parseSearchInput('42')).toEqual({ kind: 'mc-seqno', seqno: 42 });
    expect(parseSearchInput('0')).toEqual({ kind: 'mc-seqno', seqno: 0 });
  });

  it('a block id with a signed decimal or unsigned hex shard', () => {
    expect(parseSearchInput('0:-9223372036854775808:17')).toEqual({
      kind: 'block',
      workchain: 0,
      shard: '-9223372036854775808',
      seqno: 17,
    });
    expect(parseSearchInput('(-1,8000000000000000,5)')).toEqual({
      kind: 'block',
      workchain: -1,
      shard: '-9223372036854775808',
      seqno: 5,
    });
    expect(parseSearchInput('0:4000000000000000:3')).toEqual({
      kind: 'block',
      workchain: 0,
      shard: '4611686018427387904',
      seqno: 3,
    });
  });

  it('says what is wrong with bad input', () => {
    expect(parseSearchInput('   ')).toEqual({ kind: 'empty' });
    expect(parseSearchInput('7:-9223372036854775808:1')).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('workchain 7'),
    });
    expect(parseSearchInput('0:0:1')).toMatchObject({ kind: 'invalid', message: expect.stringContaining('shard 0') });
    expect(parseSearchInput('x'.repeat(65))).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('not recognised'),
    });
    expect(parseSearchInput('5:' + 'a'.repeat(64))).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('workchain 5'),
    });
    expect(parseSearchInput('99999999999')).toMatchObject({ kind: 'invalid' });
  });

  it('takes any other short text as a jetton symbol or name to look for', () => {
    expect(parseSearchInput(' hello ')).toEqual({ kind: 'symbol', text: 'hello' });
    expect(parseSearchInput('USD₮')).toEqual({ kind: 'symbol', text: 'USD₮' });
    expect(parseSearchInput('what is this')).toEqual({ kind: 'symbol', text: 'what is this' });
    expect(parseSearchInput('a\u0001b')).toMatchObject({ kind: 'invalid' });
  });
});
