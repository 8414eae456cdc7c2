import { displayAddress, shortAddress, shortHash } from '../../lib/format';
import type { AddressForm } from '../../../ton/address-forms';
import { readStored, writeStored } from '../../lib/local-storage';
import type { SearchTarget } from './resolve-search';

/** A search that resolved to a page: what was typed, and the page it opened. */
export interface RecentSearch {
  query: string;
  target: SearchTarget;
}

export const RECENT_MAX = 8;
const KEY = 'ledgerscope.recentSearches';

// The params each page takes: a stored entry must have exactly these, as strings, to be trusted.
const PARAMS: Record<SearchTarget['to'], readonly string[]> = {
  '/tx/$hash': ['hash'],
  '/msg/$hash': ['hash'],
  '/trace/$traceId': ['traceId'],
  '/account/$address': ['address'],
  '/jetton/$address': ['address'],
  '/mc/$seqno': ['seqno'],
  '/block/$workchain/$shard/$seqno': ['workchain', 'shard', 'seqno'],
};

function isTarget(v: unknown): v is SearchTarget {
  if (typeof v !== 'object' || v === null) return false;
  const { to, params } = v as { to?: unknown; params?: unknown };
  if (typeof to !== 'string' || !Object.hasOwn(PARAMS, to) || typeof params !== 'object' || params === null)
    return false;
  const names = PARAMS[to as SearchTarget['to']];
  const entries = Object.entries(params);
  return (
    entries.length === names.length &&
    entries.every(([k, p]) => names.includes(k) && typeof p === 'string' && p.length > 0 && p.length <= 100)
  );
}

/** Two searches are the same when they open the same page, however they were typed. */
function samePage(a: SearchTarget, b: SearchTarget): boolean {
  return a.to === b.to && JSON.stringify(a.params) === JSON.stringify(b.params);
}

/**
 * The stored list, newest first. Anything that is not a list of well-formed entries (another
 * version's format, a hand edit, a truncated write) is skipped entry by entry, never thrown.
 */
export function parseRecent(text: string | null): RecentSearch[] {
  if (!text) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const out: RecentSearch[] = [];
  for (const e of data) {
    if (typeof e !== 'object' || e === null) continue;
    const { query, target } = e as { query?: unknown; target?: unknown };
    if (typeof query !== 'string' || !isTarget(target) || out.some((o) => samePage(o.target, target))) continue;
    out.push({ query, target: { to: target.to, params: { ...target.params } } as SearchTarget });
    if (out.length === RECENT_MAX) break;
  }
  return out;
}

/** Puts the search first, drops an older search of the same page, keeps the newest RECENT_MAX. */
export function addRecent(list: readonly RecentSearch[], entry: RecentSearch): RecentSearch[] {
  return [entry, ...list.filter((e) => !samePage(e.target, entry.target))].slice(0, RECENT_MAX);
}

export function loadRecent(): RecentSearch[] {
  return parseRecent(readStored(KEY));
}

export function saveRecent(list: readonly RecentSearch[]): void {
  writeStored(KEY, list.length ? JSON.stringify(list) : null);
}

/** What the search opened, as the list shows it: "transaction fbf7…0db1", "masterchain block 150". */
export function describeTarget(t: SearchTarget, form: AddressForm): string {
  switch (t.to) {
    case '/tx/$hash':
      return `transaction ${shortHash(t.params.hash, 4)}`;
    case '/msg/$hash':
      return `message ${shortHash(t.params.hash, 4)}`;
    case '/trace/$traceId':
      return `trace ${shortHash(t.params.traceId, 4)}`;
    case '/account/$address':
      return `account ${shortAddress(displayAddress(t.params.address, form), 4)}`;
    case '/jetton/$address':
      return `jetton ${shortAddress(displayAddress(t.params.address, form), 4)}`;
    case '/mc/$seqno':
      return `masterchain block ${t.params.seqno}`;
    case '/block/$workchain/$shard/$seqno':
      return `block ${t.params.workchain}:${t.params.shard}:${t.params.seqno}`;
  }
}
