import { TonInputError } from './errors';

const HEX64 = /^[0-9a-fA-F]{64}$/;
const BASE64_44 = /^[A-Za-z0-9+/]{43}=$/;
const BASE64URL_44 = /^[A-Za-z0-9_-]{43}=$/;

/**
 * A 32-byte hash in any form TON tools print it: 64 hex digits (optionally `0x`), or 44 characters
 * of base64 or base64url. A `+` of base64 often reaches a server as a space (an unencoded query
 * string decodes `+` to space), so spaces are read as `+`.
 */
export function parseHash(input: string): Buffer {
  const text = input.replace(/ /g, '+');
  const hex = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  if (HEX64.test(hex)) return Buffer.from(hex, 'hex');
  if (BASE64_44.test(text)) return Buffer.from(text, 'base64');
  if (BASE64URL_44.test(text)) return Buffer.from(text, 'base64url');
  if (text.length === 0) throw new TonInputError('a hash is required (64 hex digits or 44 base64 characters)');
  throw new TonInputError(
    `not a hash: expected 64 hex digits (optionally 0x-prefixed) or 44 base64/base64url characters, got ${describeLength(text)}`,
  );
}

function describeLength(text: string): string {
  return `${text.length} characters`;
}

export function hashToBase64(hash: Uint8Array): string {
  return Buffer.from(hash.buffer, hash.byteOffset, hash.byteLength).toString('base64');
}

export function hashToBase64Url(hash: Uint8Array): string {
  return Buffer.from(hash.buffer, hash.byteOffset, hash.byteLength).toString('base64url') + '=';
}

export function hashToHex(hash: Uint8Array): string {
  return Buffer.from(hash.buffer, hash.byteOffset, hash.byteLength).toString('hex');
}
