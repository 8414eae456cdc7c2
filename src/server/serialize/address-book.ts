import { formatAddress } from '../../ton/address';
import type { LedgerReader } from '../store/interface';

/** Every raw address found in a JSON value (any string field of the `<wc>:<64 hex>` form). */
export function collectAddresses(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (value.length === 66 || value.length === 67) {
      if (/^(0|-1):[0-9A-F]{64}$/.test(value)) into.add(value);
    }
  } else if (Array.isArray(value)) {
    for (const v of value) collectAddresses(v, into);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) collectAddresses(v, into);
  }
  return into;
}

/**
 * `address_book`: raw → {user_friendly, domain, interfaces}. Wallets and accounts that are not
 * (yet) active get the non-bounceable form, as wallets show their own address; the rest bounceable.
 */
export function addressBook(reader: LedgerReader, addresses: Set<string>) {
  const infos = new Map(reader.getAccountInfos([...addresses]).map((i) => [i.account, i]));
  const book: Record<string, { user_friendly: string; domain: null; interfaces: string[] }> = {};
  for (const raw of addresses) {
    const info = infos.get(raw);
    const wallet = info?.interfaces.some((i) => i.startsWith('wallet_')) ?? false;
    const bounceable = !wallet && info !== undefined && info.status === 'active';
    book[raw] = { user_friendly: formatAddress(raw, bounceable ? 'bounceable' : 'non-bounceable'), domain: null, interfaces: info?.interfaces ?? [] };
  }
  return book;
}

/** `metadata`: raw → {is_indexed, token_info} for the jetton and NFT contracts among the addresses. */
export function metadata(reader: LedgerReader, addresses: Set<string>) {
  const out: Record<string, { is_indexed: boolean; token_info: Record<string, unknown>[] }> = {};
  for (const t of reader.getTokenInfos([...addresses])) {
    const entry = (out[t.account] ??= { is_indexed: true, token_info: [] });
    entry.token_info.push({ valid: true, type: t.type, name: t.name, symbol: t.symbol, decimals: t.decimals, description: t.description, image: t.image, extra: t.extra });
  }
  return out;
}
