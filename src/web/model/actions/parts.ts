import type { Metadata } from '../../../api/model';
import { formatTon, formatToken } from '../../lib/format';
import { jettonToken, tokenImage } from '../jetton-token';

/**
 * An action's line, in pieces the page draws: words, accounts (drawn as links with their letters)
 * and amounts (in their token's own decimals and symbol, with its picture where the API proxies one).
 */
export type SummaryPart =
  | { kind: 'text'; text: string }
  | { kind: 'account'; raw: string | null }
  | { kind: 'amount'; text: string; image?: string | null };

export type Details = Record<string, unknown>;

/** One action type's line from its details (TON Center's `details`, as ton-indexer's models write them). */
export type Summarizer = (d: Details, metadata: Metadata) => SummaryPart[];

export const str = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
export const obj = (v: unknown): Details => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Details) : {});
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export const t = (text: string): SummaryPart => ({ kind: 'text', text });
export const a = (raw: unknown): SummaryPart => ({ kind: 'account', raw: str(raw) });

/** An amount of TON (nanotons), or nothing when the details have none. */
export function ton(v: unknown): SummaryPart | null {
  const n = str(v);
  return n && /^\d+$/.test(n) ? { kind: 'amount', text: formatTon(n) } : null;
}

/**
 * An amount of a jetton in its own decimals and symbol; a `null` asset is TON itself, as TON
 * Center writes a swap leg or a deposit in native TON (a proxy-TON leg carries no jetton).
 */
export function token(amount: unknown, asset: unknown, metadata: Metadata): SummaryPart | null {
  const n = str(amount);
  if (!n || !/^\d+$/.test(n)) return null;
  const master = str(asset);
  if (!master) return { kind: 'amount', text: formatTon(n) };
  return { kind: 'amount', text: formatToken(n, jettonToken(master, metadata)), image: tokenImage(master, metadata) };
}

/** The name of a token for a sentence without an amount: its symbol, else "TON" for none, else its address. */
export function tokenName(asset: unknown, metadata: Metadata): SummaryPart {
  const master = str(asset);
  if (!master) return t('TON');
  const symbol = jettonToken(master, metadata)?.symbol;
  return symbol ? { kind: 'amount', text: symbol, image: tokenImage(master, metadata) } : a(master);
}

/** Join pieces into a line, dropping the pieces that are absent (`null`) and the words tied to them. */
export function line(...pieces: Array<SummaryPart | string | null | false | Array<SummaryPart | string | null>>) {
  const out: SummaryPart[] = [];
  for (const p of pieces) {
    if (p === null || p === false) continue;
    if (Array.isArray(p)) {
      // a group stands or falls together: " to ", account → nothing when the account is missing
      if (p.some((x) => x === null || (typeof x === 'object' && x.kind === 'account' && x.raw === null))) continue;
      for (const x of p) out.push(typeof x === 'string' ? t(x) : x!);
    } else out.push(typeof p === 'string' ? t(p) : p);
  }
  return out;
}

/** An account if the details name one, else the words given ("someone", "the pool"). */
export const who = (raw: unknown, otherwise: string): SummaryPart => (str(raw) ? a(raw) : t(otherwise));

/** Protocols by the names TON Center's classifier gives them, as their makers write them. */
const PROTOCOLS: Record<string, string> = {
  dedust: 'DeDust',
  dedust_v2: 'DeDust',
  stonfi: 'STON.fi',
  stonfi_v2: 'STON.fi v2',
  megaton: 'Megaton',
  tonco: 'TONCO',
  coffee: 'swap.coffee',
  moon: 'Moon',
  tonstakers: 'Tonstakers',
  liquid_staking: 'liquid staking',
  nominator: 'a nominator pool',
  ethena: 'Ethena',
  bemo: 'bemo',
  getgems: 'Getgems',
  fragment: 'Fragment',
  evaa: 'EVAA',
  jvault: 'JVault',
};

export function protocol(name: unknown): string | null {
  const n = str(name);
  return n ? (PROTOCOLS[n] ?? n) : null;
}

/** " on DeDust", " on STON.fi v2"...; nothing when the details do not say. */
export const on = (name: unknown): string | null => {
  const p = protocol(name);
  return p ? ` on ${p}` : null;
};
