import { Address } from '@ton/core';
import { parseAddressParts, rawOfParts } from './address-forms';

// @ton/core's Address for the server and the producer, on the parser of address-forms.ts (which the
// browser uses alone, without @ton/core).
export { formatAddress, type AddressForm } from './address-forms';

/**
 * An account address in raw or user-friendly form (see `parseAddressParts`). Only the masterchain
 * (-1) and the basechain (0) exist here; `Address.parse` of @ton/core would accept any workchain.
 */
export function parseAddress(input: string): Address {
  const { workchain, hash } = parseAddressParts(input);
  return new Address(workchain, Buffer.from(hash));
}

/** The raw form the API prints: `<workchain>:<64 UPPER-case hex>`. */
export function toRaw(address: Address): string {
  return `${address.workChain}:${address.hash.toString('hex').toUpperCase()}`;
}

/** Normalizes any accepted input form to the raw upper-case form. */
export function rawAddress(input: string): string {
  return rawOfParts(parseAddressParts(input));
}

/** The 32-byte account id (the address without its workchain). */
export function accountId(raw: string): Buffer {
  return parseAddress(raw).hash;
}
