// The address and hash forms the explorer prints on every page, without @ton/core: that library
// (with @ton/crypto, tweetnacl and jssha it pulls in) weighs ~94 KB gzip, which alone would
// break the 150 KB budget of the home page. The one page that decodes cells (the block page, from
// v2's BOCs) loads @ton/core in its own chunk. ton-lite.test.ts checks every function here against
// src/ton on many inputs.

export type AddressForm = 'raw' | 'bounceable' | 'non-bounceable';

const HEX64 = /^[0-9a-fA-F]{64}$/;
const B64_44 = /^[A-Za-z0-9+/]{43}=$/;
const B64URL_44 = /^[A-Za-z0-9_-]{43}=$/;
const RAW = /^(-?\d+):([0-9a-fA-F]{64})$/;
const FRIENDLY = /^[A-Za-z0-9+/_-]{48}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function bytesToBase64(bytes: Uint8Array, url = false): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += ALPHABET[a >> 2]! + ALPHABET[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : ALPHABET[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : ALPHABET[c & 63]!;
  }
  return url ? out.replace(/\+/g, '-').replace(/\//g, '_') : out;
}

export function base64ToBytes(text: string): Uint8Array | null {
  const clean = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of clean) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    buffer = (buffer << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

export function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** Same acceptance as src/ton/hash parseHash (hex with optional 0x, base64, base64url, space read as '+'); lower-case hex or null. */
export function hashHex(input: string): string | null {
  const text = input.replace(/ /g, '+');
  const hex = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  if (HEX64.test(hex)) return hex.toLowerCase();
  if (B64_44.test(text) || B64URL_44.test(text)) {
    const bytes = base64ToBytes(text);
    return bytes && bytes.length === 32 ? bytesToHex(bytes) : null;
  }
  return null;
}

export function hashToBase64Lite(input: string): string | null {
  const hex = hashHex(input);
  return hex === null ? null : bytesToBase64(hexToBytes(hex));
}

function crc16(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** An address (raw or user-friendly, workchain -1 or 0) as `{workchain, hash}`, or an error message. */
export function parseAddressLite(input: string): { workchain: number; hash: Uint8Array } | { error: string } {
  const text = input.trim();
  const raw = RAW.exec(text);
  let workchain: number;
  let hash: Uint8Array;
  if (raw) {
    workchain = Number(raw[1]);
    hash = hexToBytes(raw[2]!);
  } else if (FRIENDLY.test(text)) {
    const bytes = base64ToBytes(text.replace(/ /g, '+'));
    if (!bytes || bytes.length !== 36) return { error: 'not an address: the user-friendly form is not 36 bytes' };
    const tag = bytes[0]! & 0x7f;
    const crc = crc16(bytes.subarray(0, 34));
    if ((tag !== 0x11 && tag !== 0x51) || crc !== ((bytes[34]! << 8) | bytes[35]!)) {
      return { error: 'not an address: the user-friendly form has a bad checksum or tag' };
    }
    workchain = bytes[1] === 0xff ? -1 : bytes[1]!;
    hash = bytes.slice(2, 34);
  } else {
    return { error: 'not an address: expected raw `<workchain>:<64 hex>` or a 48-character user-friendly form' };
  }
  if (workchain !== 0 && workchain !== -1) return { error: `workchain ${workchain} does not exist: only -1 and 0` };
  return { workchain, hash };
}

/** The API's raw form `<wc>:<64 UPPER hex>`, or null. */
export function rawAddressLite(input: string): string | null {
  const a = parseAddressLite(input);
  return 'error' in a ? null : `${a.workchain}:${bytesToHex(a.hash).toUpperCase()}`;
}

/** As src/ton formatAddress: raw upper-case, or base64url user-friendly (bounceable or not). */
export function formatAddressLite(input: string, form: AddressForm, opts: { testOnly?: boolean } = {}): string | null {
  const a = parseAddressLite(input);
  if ('error' in a) return null;
  if (form === 'raw') return `${a.workchain}:${bytesToHex(a.hash).toUpperCase()}`;
  const bytes = new Uint8Array(36);
  bytes[0] = (form === 'bounceable' ? 0x11 : 0x51) | (opts.testOnly ? 0x80 : 0);
  bytes[1] = a.workchain === -1 ? 0xff : 0;
  bytes.set(a.hash, 2);
  const crc = crc16(bytes.subarray(0, 34));
  bytes[34] = crc >> 8;
  bytes[35] = crc & 0xff;
  return bytesToBase64(bytes, true);
}
