import { Address } from '@ton/core';
import { TonInputError } from './errors';

export type AddressForm = 'raw' | 'bounceable' | 'non-bounceable';

const RAW = /^(-?\d+):([0-9a-fA-F]{64})$/;
const FRIENDLY = /^[A-Za-z0-9+/_-]{48}$/;

/**
 * An account address in raw form (`0:abcd…`, any case) or user-friendly form (base64 or base64url,
 * bounceable or not, test-only flag allowed). Only the masterchain (-1) and the basechain (0)
 * exist here; `Address.parse` of @ton/core would accept any workchain.
 */
export function parseAddress(input: string): Address {
  const text = input.trim();
  let address: Address;
  if (RAW.test(text)) {
    address = Address.parseRaw(text.toLowerCase());
  } else if (FRIENDLY.test(text)) {
    try {
      address = Address.parseFriendly(text.replace(/ /g, '+')).address;
    } catch {
      throw new TonInputError('not an address: the user-friendly form has a bad checksum or tag');
    }
  } else {
    throw new TonInputError(
      'not an address: expected raw `<workchain>:<64 hex>` or a 48-character user-friendly form',
    );
  }
  if (address.workChain !== 0 && address.workChain !== -1) {
    throw new TonInputError(`workchain ${address.workChain} does not exist: only -1 and 0`);
  }
  return address;
}

/** The raw form the API prints: `<workchain>:<64 UPPER-case hex>`. */
export function toRaw(address: Address): string {
  return `${address.workChain}:${address.hash.toString('hex').toUpperCase()}`;
}

/** Normalizes any accepted input form to the raw upper-case form. */
export function rawAddress(input: string): string {
  return toRaw(parseAddress(input));
}

export function formatAddress(raw: string, form: AddressForm, opts: { testOnly?: boolean } = {}): string {
  const address = parseAddress(raw);
  if (form === 'raw') return toRaw(address);
  return address.toString({ urlSafe: true, bounceable: form === 'bounceable', testOnly: opts.testOnly ?? false });
}

/** The 32-byte account id (the address without its workchain). */
export function accountId(raw: string): Buffer {
  return parseAddress(raw).hash;
}
