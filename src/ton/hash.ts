import { TonInputError } from './errors';
import { base64ToBytes, bytesToBase64, bytesToHex, hexToBytes } from './bytes';

const HEX64 = /^[0-9a-fA-F]{64}$/;
const BASE64_44 = /^[A-Za-z0-9+/]{43}=$/;
const BASE64URL_44 = /^[A-Za-z0-9_-]{43}=$/;

/**
 * The 32 bytes of a hash in any form TON tools print it, or null: 64 hex digits (optionally `0x`),
 * or 44 characters of base64 or base64url. A `+` of base64 often reaches a server as a space (an
 * unencoded query string decodes `+` to space), so spaces are read as `+`.
 */
export function hashBytes(input: string): Uint8Array | null {
  const text = input.replace(/ /g, '+');
  const hex = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  if (HEX64.test(hex)) return hexToBytes(hex);
  if (BASE64_44.test(text) || BASE64URL_44.test(text)) return base64ToBytes(text);
  return null;
}

/** Any accepted form as lower-case hex (the explorer's path form), or null if not a hash. */
export function hashHex(input: string): string | null {
  const bytes = hashBytes(input);
  return bytes === null ? null : bytesToHex(bytes);
}

/** Any accepted form as standard base64 (the API's form), or null if not a hash. */
export function hashBase64(input: string): string | null {
  const bytes = hashBytes(input);
  return bytes === null ? null : bytesToBase64(bytes);
}

/** As `hashBytes`, as a Buffer, throwing a message that says what a hash looks like. */
export function parseHash(input: string): Buffer {
  const bytes = hashBytes(input);
  if (bytes !== null) return Buffer.from(bytes);
  if (input.length === 0) throw new TonInputError('a hash is required (64 hex digits or 44 base64 characters)');
  throw new TonInputError(
    `not a hash: expected 64 hex digits (optionally 0x-prefixed) or 44 base64/base64url characters, got ${input.length} characters`,
  );
}

export function hashToBase64(hash: Uint8Array): string {
  return bytesToBase64(hash);
}

export function hashToBase64Url(hash: Uint8Array): string {
  // base64url with its padding, as TON tools print a hash
  return bytesToBase64(hash, true);
}

export function hashToHex(hash: Uint8Array): string {
  return bytesToHex(hash);
}
