import { TonInputError } from './errors';
import { base64ToBytes, bytesToBase64, bytesToHex, hexToBytes } from './bytes';

// Address forms on bytes alone, without @ton/core's Address (and the `buffer` package it needs in a
// browser): the explorer prints addresses on every page. address.ts builds @ton/core's Address on
// the same parser; ton.test.ts checks every form against @ton/core's own.

export type AddressForm = 'raw' | 'bounceable' | 'non-bounceable';

export interface AddressParts {
  workchain: number;
  /** The 32-byte account id. */
  hash: Uint8Array;
}

const RAW = /^(-?\d+):([0-9a-fA-F]{64})$/;
const FRIENDLY = /^[A-Za-z0-9+/_-]{48}$/;
const BOUNCEABLE = 0x11;
const NON_BOUNCEABLE = 0x51;
const TEST_ONLY = 0x80;

/** CRC-16/XMODEM, the checksum of the user-friendly form. */
function crc16(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * An account address in raw form (`0:abcd…`, any case) or user-friendly form (base64 or base64url,
 * bounceable or not, test-only flag allowed). Only the masterchain (-1) and the basechain (0) exist
 * here.
 */
export function parseAddressParts(input: string): AddressParts {
  const text = input.trim();
  const raw = RAW.exec(text);
  let parts: AddressParts;
  if (raw) {
    parts = { workchain: Number(raw[1]), hash: hexToBytes(raw[2]!) };
  } else if (FRIENDLY.test(text)) {
    const bytes = base64ToBytes(text.replace(/ /g, '+'));
    const tag = bytes ? bytes[0]! & ~TEST_ONLY : 0;
    if (
      !bytes ||
      bytes.length !== 36 ||
      (tag !== BOUNCEABLE && tag !== NON_BOUNCEABLE) ||
      crc16(bytes.subarray(0, 34)) !== ((bytes[34]! << 8) | bytes[35]!)
    ) {
      throw new TonInputError('not an address: the user-friendly form has a bad checksum or tag');
    }
    // the workchain byte is signed: 0xff is the masterchain
    parts = { workchain: (bytes[1]! << 24) >> 24, hash: bytes.slice(2, 34) };
  } else {
    throw new TonInputError('not an address: expected raw `<workchain>:<64 hex>` or a 48-character user-friendly form');
  }
  if (parts.workchain !== 0 && parts.workchain !== -1)
    throw new TonInputError(`workchain ${parts.workchain} does not exist: only -1 and 0`);
  return parts;
}

/** The raw form the API prints: `<workchain>:<64 UPPER-case hex>`. */
export function rawOfParts(a: AddressParts): string {
  return `${a.workchain}:${bytesToHex(a.hash).toUpperCase()}`;
}

/** Any accepted form as the raw upper-case form, or null when it is not an address. */
export function rawAddressOrNull(input: string): string | null {
  try {
    return rawOfParts(parseAddressParts(input));
  } catch {
    return null;
  }
}

/** An address (any accepted form) in the chosen form: raw upper-case, or base64url user-friendly. */
export function formatAddress(input: string, form: AddressForm, opts: { testOnly?: boolean } = {}): string {
  const a = parseAddressParts(input);
  if (form === 'raw') return rawOfParts(a);
  const bytes = new Uint8Array(36);
  bytes[0] = (form === 'bounceable' ? BOUNCEABLE : NON_BOUNCEABLE) | (opts.testOnly ? TEST_ONLY : 0);
  bytes[1] = a.workchain & 0xff;
  bytes.set(a.hash, 2);
  const crc = crc16(bytes.subarray(0, 34));
  bytes[34] = crc >> 8;
  bytes[35] = crc & 0xff;
  return bytesToBase64(bytes, true);
}
