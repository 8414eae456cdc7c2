import { TonInputError } from './errors';

/**
 * A shard id is a 64-bit prefix code: the bits of the account-id prefix, then a single 1 bit, then
 * zeros. Printed as a signed 64-bit decimal by v2 (`-9223372036854775808` = 0x8000000000000000 =
 * the empty prefix, the whole workchain) and as unsigned hex by TON Center's v3 blocks.
 */
export const FULL_SHARD = -9223372036854775808n;

const U64 = 1n << 64n;
const SIGNED_DECIMAL = /^-?\d{1,20}$/;

function unsigned(shard: bigint): bigint {
  return shard < 0n ? shard + U64 : shard;
}

function signed(u: bigint): bigint {
  return u >= 1n << 63n ? u - U64 : u;
}

export function parseShard(input: string): bigint {
  const text = input.trim();
  if (!SIGNED_DECIMAL.test(text)) throw new TonInputError('not a shard: expected a signed 64-bit decimal integer');
  const value = BigInt(text);
  if (value < -(1n << 63n) || value >= 1n << 63n) throw new TonInputError('shard is outside the signed 64-bit range');
  if (value === 0n) throw new TonInputError('shard 0 is not a valid shard id (it has no terminating bit)');
  return value;
}

/** Number of account-id bits that select this shard (0 for the full shard). */
export function shardPrefixLength(shard: bigint): number {
  const u = unsigned(shard);
  if (u === 0n) throw new TonInputError('shard 0 is not a valid shard id');
  let trailing = 0;
  while (((u >> BigInt(trailing)) & 1n) === 0n) trailing += 1;
  return 63 - trailing;
}

/** The first 64 bits of an account id, the bits shards split on. */
function accountPrefix(accountId: Uint8Array): bigint {
  return new DataView(accountId.buffer, accountId.byteOffset, 8).getBigUint64(0);
}

export function shardContainsAccount(shard: bigint, accountId: Uint8Array): boolean {
  const bits = shardPrefixLength(shard);
  if (bits === 0) return true;
  const prefix = accountPrefix(accountId);
  const mask = ((1n << BigInt(bits)) - 1n) << BigInt(64 - bits);
  return (prefix & mask) === (unsigned(shard) & mask);
}

/** The two halves of a shard after a split: the prefix extended by 0 and by 1. */
export function shardChildren(shard: bigint): [bigint, bigint] {
  const u = unsigned(shard);
  const lowBit = u & -u;
  const step = lowBit >> 1n;
  if (step === 0n) throw new TonInputError('shard cannot be split further');
  return [signed(u - step), signed(u + step)];
}

/** The shard of `prefixBits` bits that contains the account. */
export function shardOfAccount(accountId: Uint8Array, prefixBits: number): bigint {
  const prefix = accountPrefix(accountId);
  const keep = prefixBits === 0 ? 0n : (prefix >> BigInt(64 - prefixBits)) << BigInt(64 - prefixBits);
  return signed(keep | (1n << BigInt(63 - prefixBits)));
}

/** TON Center's v3 form: 16 upper-case hex digits of the unsigned value. */
export function shardToUnsignedHex(shard: bigint): string {
  return unsigned(shard).toString(16).toUpperCase().padStart(16, '0');
}

/** Reads TON Center's unsigned hex form back into the signed value. */
export function shardFromUnsignedHex(hex: string): bigint {
  if (!/^[0-9a-fA-F]{1,16}$/.test(hex)) throw new TonInputError('not a shard: expected up to 16 hex digits');
  return signed(BigInt('0x' + hex));
}
