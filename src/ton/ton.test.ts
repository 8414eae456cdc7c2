import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Address, beginCell, external, storeMessage } from '@ton/core';
import { formatAddress, parseAddress, rawAddress, toRaw } from './address';
import { hashBase64, hashHex, hashToBase64, hashToBase64Url, hashToHex, parseHash } from './hash';
import { rawAddressOrNull } from './address-forms';
import { opcodeToHex, parseOpcode } from './opcode';
import {
  FULL_SHARD,
  parseShard,
  shardChildren,
  shardContainsAccount,
  shardFromUnsignedHex,
  shardOfAccount,
  shardPrefixLength,
  shardToUnsignedHex,
} from './shard';
import { commentCell, decodeTextComment } from './comment';
import { normalizedExternalHash } from './normalized-hash';
import { describeExitCode } from './exit-codes';
import { TonInputError } from './errors';

const RAW = '0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8';

describe('addresses', () => {
  const a = Address.parseRaw(RAW.toLowerCase());
  const forms = [
    RAW,
    RAW.toLowerCase(),
    a.toString({ bounceable: true }),
    a.toString({ bounceable: false }),
    a.toString({ bounceable: true, urlSafe: true }),
    a.toString({ bounceable: false, urlSafe: true }),
    a.toString({ bounceable: true, testOnly: true }),
    a.toString({ bounceable: false, testOnly: true, urlSafe: true }),
  ];
  it('reads every form to the same raw upper-case address', () => {
    for (const f of forms) expect(rawAddress(f)).toBe(RAW);
  });
  it('prints the user-friendly forms as base64url', () => {
    expect(formatAddress(RAW, 'bounceable')).toBe(a.toString({ urlSafe: true, bounceable: true }));
    expect(formatAddress(RAW, 'non-bounceable')).toBe(a.toString({ urlSafe: true, bounceable: false }));
    expect(formatAddress(RAW.toLowerCase(), 'raw')).toBe(RAW);
    expect(toRaw(parseAddress('-1:' + '3'.repeat(64)))).toBe('-1:' + '3'.repeat(64));
  });
  it('rejects workchains other than -1 and 0, bad checksums and junk, naming the problem', () => {
    expect(() => parseAddress('2:' + 'a'.repeat(64))).toThrow(/workchain 2/);
    const friendly = a.toString();
    const broken = friendly.slice(0, 47) + (friendly[47] === 'A' ? 'B' : 'A');
    expect(() => parseAddress(broken)).toThrow(TonInputError);
    expect(() => parseAddress('hello')).toThrow(/not an address/);
    expect(() => parseAddress('0:' + 'g'.repeat(64))).toThrow(/not an address/);
  });
});

describe('hashes', () => {
  const bytes = Buffer.from('fb7e3d1f5f0c2a9b0b5f7e1d3c2b1a0f9e8d7c6b5a4f3e2d1c0b0a9f8e7d6cff', 'hex');
  it('reads hex, 0x-hex, base64, base64url and base64 with spaces to the same bytes', () => {
    const b64 = bytes.toString('base64');
    expect(b64).toContain('+');
    for (const form of [
      hashToHex(bytes),
      '0x' + hashToHex(bytes),
      hashToHex(bytes).toUpperCase(),
      b64,
      hashToBase64Url(bytes),
      b64.replace(/\+/g, ' '),
    ]) {
      expect(parseHash(form).equals(bytes)).toBe(true);
    }
    expect(hashToBase64(bytes)).toBe(b64);
    expect(hashToBase64(bytes)).toHaveLength(44);
  });
  it('rejects wrong lengths and characters with a message', () => {
    expect(() => parseHash('abc')).toThrow(/64 hex digits/);
    expect(() => parseHash('z'.repeat(64))).toThrow(TonInputError);
    expect(() => parseHash('')).toThrow(/required/);
    expect(() => parseHash('A'.repeat(44))).toThrow(TonInputError);
  });
});

describe('opcodes', () => {
  it('reads hex and signed decimal to the same signed 32-bit value', () => {
    expect(parseOpcode('0x7362d09c')).toBe(1935855772);
    expect(parseOpcode('1935855772')).toBe(1935855772);
    expect(parseOpcode('0xd53276db')).toBe(-718113061);
    expect(parseOpcode('-718113061')).toBe(-718113061);
    expect(parseOpcode('10')).toBe(10);
    expect(parseOpcode('0x10')).toBe(16);
    expect(opcodeToHex(-718113061)).toBe('0xd53276db');
  });
  it('rejects out-of-range and malformed opcodes', () => {
    expect(() => parseOpcode('2147483648')).toThrow(/signed 32-bit/);
    expect(() => parseOpcode('0x123456789')).toThrow(TonInputError);
    expect(() => parseOpcode('1.5')).toThrow(TonInputError);
    expect(() => parseOpcode('ff')).toThrow(TonInputError);
  });
});

describe('shards', () => {
  it('knows the full shard and splits it', () => {
    expect(shardPrefixLength(FULL_SHARD)).toBe(0);
    expect(shardToUnsignedHex(FULL_SHARD)).toBe('8000000000000000');
    const [left, right] = shardChildren(FULL_SHARD);
    expect(shardToUnsignedHex(left)).toBe('4000000000000000');
    expect(shardToUnsignedHex(right)).toBe('C000000000000000');
    expect(shardPrefixLength(left)).toBe(1);
    expect(shardFromUnsignedHex('C000000000000000')).toBe(right);
    expect(parseShard('-9223372036854775808')).toBe(FULL_SHARD);
    expect(() => parseShard('9223372036854775808')).toThrow(/range/);
    expect(() => parseShard('0')).toThrow(TonInputError);
  });
  it('puts an account in the shard of its prefix', () => {
    const low = Buffer.alloc(32, 0x12);
    const high = Buffer.alloc(32, 0xf3);
    const [left, right] = shardChildren(FULL_SHARD);
    expect(shardContainsAccount(left, low)).toBe(true);
    expect(shardContainsAccount(right, low)).toBe(false);
    expect(shardContainsAccount(right, high)).toBe(true);
    expect(shardOfAccount(low, 1)).toBe(left);
    expect(shardOfAccount(high, 2)).toBe(shardChildren(right)[1]);
    expect(shardOfAccount(high, 0)).toBe(FULL_SHARD);
  });
});

// The explorer's forms are computed without @ton/core (address-forms.ts, bytes.ts): they must be
// @ton/core's and Node's own, byte for byte.
describe('forms without @ton/core agree with @ton/core and Buffer', () => {
  it('formats 300 random addresses in every form exactly as @ton/core does, and reads them back', () => {
    for (let i = 0; i < 300; i++) {
      const hash = randomBytes(32);
      const address = new Address(i % 2 ? -1 : 0, hash);
      const raw = `${address.workChain}:${hash.toString('hex').toUpperCase()}`;
      expect(formatAddress(raw, 'raw')).toBe(raw);
      for (const bounceable of [true, false]) {
        for (const testOnly of [true, false]) {
          const mine = formatAddress(raw, bounceable ? 'bounceable' : 'non-bounceable', { testOnly });
          expect(mine).toBe(address.toString({ urlSafe: true, bounceable, testOnly }));
          expect(rawAddressOrNull(mine)).toBe(raw);
          expect(rawAddressOrNull(address.toString({ urlSafe: false, bounceable, testOnly }))).toBe(raw);
        }
      }
    }
  });

  it('reads hashes in hex, 0x-hex, base64 (also with + turned into a space) and base64url as Buffer does', () => {
    for (let i = 0; i < 200; i++) {
      const b = randomBytes(32);
      const hex = b.toString('hex');
      for (const form of [
        hex.toUpperCase(),
        '0x' + hex,
        b.toString('base64'),
        b.toString('base64').replace(/\+/g, ' '),
        b.toString('base64url') + '=',
      ]) {
        expect(hashHex(form)).toBe(hex);
        expect(hashBase64(form)).toBe(b.toString('base64'));
      }
      expect(hashToBase64(b)).toBe(b.toString('base64'));
      expect(hashToBase64Url(b)).toBe(b.toString('base64url') + '=');
    }
    expect(hashHex('abc')).toBeNull();
    expect(hashHex('g'.repeat(64))).toBeNull();
    expect(rawAddressOrNull('5:' + 'a'.repeat(64))).toBeNull();
  });
});

describe('text comments', () => {
  it('round-trips short and multi-cell comments', () => {
    const long = 'ünïcode ✓ '.repeat(40);
    expect(decodeTextComment(commentCell('hello'))).toBe('hello');
    expect(decodeTextComment(commentCell(long))).toBe(long);
  });
  it('is null for other opcodes, short bodies and invalid UTF-8', () => {
    expect(decodeTextComment(beginCell().storeUint(1, 32).storeStringTail('x').endCell())).toBeNull();
    expect(decodeTextComment(beginCell().storeUint(0, 16).endCell())).toBeNull();
    expect(
      decodeTextComment(
        beginCell()
          .storeUint(0, 32)
          .storeBuffer(Buffer.from([0xff, 0xfe]))
          .endCell(),
      ),
    ).toBeNull();
  });
});

describe('TEP-467 normalized hash', () => {
  const dest = Address.parseRaw(RAW.toLowerCase());
  const body = beginCell().storeUint(0xabcdef, 24).storeUint(7, 32).endCell();
  const cellOf = (m: Parameters<typeof storeMessage>[0], forceRef = false) =>
    beginCell().store(storeMessage(m, { forceRef })).endCell();
  it('ignores the source, import fee, init and where the body is stored', () => {
    const plain = cellOf(external({ to: dest, body }));
    const withRef = cellOf(external({ to: dest, body }), true);
    const withInit = cellOf(
      external({ to: dest, body, init: { code: beginCell().storeUint(1, 8).endCell(), data: beginCell().endCell() } }),
    );
    const withFee = cellOf({ info: { type: 'external-in', dest, importFee: 5n, src: null }, body });
    expect(plain.hash().equals(withRef.hash())).toBe(false);
    const norm = normalizedExternalHash(plain);
    for (const c of [withRef, withInit, withFee]) expect(normalizedExternalHash(c).equals(norm)).toBe(true);
    expect(normalizedExternalHash(cellOf(external({ to: dest, body: beginCell().endCell() }))).equals(norm)).toBe(
      false,
    );
  });
});

describe('exit codes', () => {
  it('explains the standard ones and names unknown contract codes', () => {
    expect(describeExitCode(13).name).toBe('out of gas');
    expect(describeExitCode(9).name).toBe('cell underflow');
    expect(describeExitCode(35, { wallet: true }).name).toBe('bad signature');
    expect(describeExitCode(48).name).toBe('not enough TON');
    expect(describeExitCode(777).description).toContain('777');
  });
});
