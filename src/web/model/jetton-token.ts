import type { Metadata } from '../../api/model';

/**
 * A jetton's symbol and decimals live on its master; a wallet's entry only points to it. The
 * decimals are read by the normalizer wherever an answer puts them (TON Center's and ours:
 * `extra.decimals`, a string; an older form of ours: at the top of the entry).
 */
export function jettonToken(
  asset: string | null,
  metadata: Metadata,
): { symbol?: string | null; decimals?: number | string | null } | null {
  if (!asset) return null;
  const info = metadata[asset]?.tokens.find((t) => t.type === 'jetton_masters') ?? metadata[asset]?.tokens[0];
  if (!info) return null;
  return { symbol: info.symbol ?? null, decimals: info.decimals };
}

/**
 * A token's picture, only as the API's own image proxy serves it: TON Center's indexer puts its
 * proxied copies in `extra._image_small` / `_image_medium` / `_image_big`. The token's own `image`
 * (any third party's server, which would learn who looks at which token) is never loaded.
 */
export function tokenImage(asset: string | null, metadata: Metadata): string | null {
  if (!asset) return null;
  for (const info of metadata[asset]?.tokens ?? []) {
    for (const key of ['_image_small', '_image_medium', '_image_big']) {
      const url = info.extra[key];
      if (typeof url === 'string' && /^https:\/\/[^\s"'<>]+$/.test(url)) return url;
    }
  }
  return null;
}
