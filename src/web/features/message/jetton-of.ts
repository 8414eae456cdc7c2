import type { Metadata, TokenInfo } from '../../../api/model';
import { jettonToken } from '../../model/jetton-token';

type Token = ReturnType<typeof jettonToken>;

/**
 * The jetton a message's amounts are counted in, from the response's metadata: a jetton message
 * goes to or comes from a jetton wallet (whose metadata names its master in `extra.jetton`) or the
 * master itself (a mint, a burn notification). The first of `accounts` that resolves wins; null
 * when none does (the amount is then shown in raw units, never as TON).
 */
export function jettonOf(accounts: readonly (string | null | undefined)[], metadata: Metadata | undefined): Token {
  if (!metadata) return null;
  for (const account of accounts) {
    if (!account) continue;
    const tokens: TokenInfo[] = metadata[account]?.tokens ?? [];
    if (tokens.some((t) => t.type === 'jetton_masters')) return jettonToken(account, metadata);
    const master = tokens.find((t) => t.type === 'jetton_wallets')?.extra.jetton;
    if (typeof master === 'string' && metadata[master]) return jettonToken(master, metadata);
  }
  return null;
}
