import type { Metadata, NftItem, TokenContent } from '../../../api/model';
import { jettonToken } from '../../model/jetton-token';

// What the jetton and NFT pages compute from the API's answers: a jetton's symbol and decimals
// (never TON's), a holder's share of the supply, who holds an NFT item on sale.

/** What a jetton amount is formatted with: its symbol and decimals, null where the API sent none. */
export interface TokenUnits {
  symbol: string | null;
  decimals: number | null;
}

/** A decimals field as TEP-64 writes it (a decimal string, 0..255), else null. */
function decimalsOf(v: string | undefined): number | null {
  if (v === undefined || !/^\d{1,3}$/.test(v)) return null;
  const d = Number(v);
  return d <= 255 ? d : null;
}

/**
 * A jetton's units: from the answer's metadata for its master (both APIs put them there), else from
 * the master's own content (`jetton/masters`), else none (the amount is then shown in raw units).
 */
export function jettonUnits(master: string | null, metadata: Metadata, content?: TokenContent): TokenUnits {
  const meta = jettonToken(master, metadata);
  const metaDecimals = meta?.decimals === undefined || meta.decimals === null ? null : Number(meta.decimals);
  return {
    symbol: meta?.symbol || content?.symbol || null,
    decimals: metaDecimals !== null && Number.isInteger(metaDecimals) ? metaDecimals : decimalsOf(content?.decimals),
  };
}

/** A token's name: its metadata's, else its content's, else null. */
export function tokenName(address: string | null, metadata: Metadata, content?: TokenContent): string | null {
  const info = address ? metadata[address]?.tokens[0] : undefined;
  return info?.name || content?.name || null;
}

/**
 * A holder's share of the supply in percent, to two places (`12.5 %`); `< 0.01 %` for a non-zero
 * share below that, null when the supply is zero or either figure is not an integer.
 */
export function shareOfSupply(balance: string, supply: string): string | null {
  let b: bigint, s: bigint;
  try {
    b = BigInt(balance);
    s = BigInt(supply);
  } catch {
    return null;
  }
  if (s <= 0n || b < 0n) return null;
  const hundredths = (b * 10_000n) / s;
  if (hundredths === 0n && b > 0n) return '< 0.01 %';
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} %`;
}

/**
 * Who holds an NFT item, as a reader means it: on sale, the seller (`realOwner`), with the sale
 * contract that holds it beside; else its owner. A sale whose seller the API did not send shows the
 * sale contract, said to be one, never as the owner.
 */
export function holderOf(item: NftItem): { owner: string | null; sale: string | null } {
  if (!item.onSale) return { owner: item.owner, sale: null };
  return { owner: item.realOwner, sale: item.saleContract ?? item.owner };
}
