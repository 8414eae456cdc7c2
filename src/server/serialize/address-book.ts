import { formatAddress } from '../../ton/address';
import type { LedgerReader } from '../../store/interface';
import { RawJson } from './raw-json';

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

type BookEntry = { user_friendly: string; domain: null; interfaces: string[] };
type MetaEntry = { is_indexed: boolean; token_info: Record<string, unknown>[] };

/**
 * What the store said about each address, as of one masterchain block. Account status and
 * interfaces change only when a block lands (an account gets deployed, a contract gets classified),
 * so the entries hold until the reader sees a newer masterchain block (`followLedgerSeqno`), and a
 * request stops paying one indexed lookup and one checksum per address (most of a small query's
 * cost). Following the block, not the clock, keeps the answers of several API processes over one
 * ledger the same at the same block.
 */
export class BookCache {
  /** Each address book entry as its `"raw":{…}` member text: a response joins strings, serializes nothing. */
  readonly bookJson = new Map<string, string>();
  readonly meta = new Map<string, MetaEntry | null>();
  private seqno: number | null = null;

  /** A snapshot sees masterchain block `seqno`: entries read at another block are dropped. */
  follow(seqno: number | null): void {
    if (seqno !== this.seqno) {
      this.clear();
      this.seqno = seqno;
    }
  }

  fresh(): this {
    if (this.bookJson.size + this.meta.size > 100_000) this.clear();
    return this;
  }

  private clear(): void {
    this.bookJson.clear();
    this.meta.clear();
  }
}
/** What the address book and the metadata are read with: a snapshot, and the cache of its reader. */
export interface BookReads {
  reader: LedgerReader;
  book: BookCache;
}

/** The cache, with an entry for each of the addresses. */
async function withBook({ reader, book }: BookReads, addresses: Set<string>): Promise<BookCache> {
  const cache = book.fresh();
  const missing = [...addresses].filter((a) => !cache.bookJson.has(a));
  if (missing.length > 0) {
    const infos = new Map((await reader.getAccountInfos(missing)).map((i) => [i.account, i]));
    for (const raw of missing) {
      const info = infos.get(raw);
      const wallet = info?.interfaces.some((i) => i.startsWith('wallet_')) ?? false;
      const bounceable = !wallet && info !== undefined && info.status === 'active';
      const entry: BookEntry = {
        user_friendly: formatAddress(raw, bounceable ? 'bounceable' : 'non-bounceable'),
        domain: null,
        interfaces: info?.interfaces ?? [],
      };
      cache.bookJson.set(raw, `${JSON.stringify(raw)}:${JSON.stringify(entry)}`);
    }
  }
  return cache;
}

/**
 * `address_book`: raw → {user_friendly, domain, interfaces}, as JSON text. Wallets and accounts
 * that are not (yet) active get the non-bounceable form, as wallets show their own address; the
 * rest bounceable.
 */
export async function addressBookJson(reads: BookReads, addresses: Set<string>): Promise<RawJson> {
  const members = await addressBookMembers(reads, addresses);
  return new RawJson(`{${[...members.values()].join(',')}}`);
}

/** Each address's `address_book` member as JSON text (`"raw":{…}`), for answers that pick subsets of one set. */
export async function addressBookMembers(reads: BookReads, addresses: Set<string>): Promise<Map<string, string>> {
  const cache = await withBook(reads, addresses);
  const members = new Map<string, string>();
  for (const raw of addresses) members.set(raw, cache.bookJson.get(raw)!);
  return members;
}

/**
 * `metadata`: raw → {is_indexed, token_info} for the jetton and NFT contracts among the addresses,
 * and for the master of each jetton wallet among them (its symbol and decimals are what a wallet's
 * amounts are counted in, even when the master itself has no transaction in the response).
 */
export async function metadata(reads: BookReads, addresses: Set<string>): Promise<Record<string, MetaEntry>> {
  const own = await tokenMetadata(reads, addresses);
  const masters = new Set<string>();
  for (const entry of Object.values(own)) {
    for (const t of entry.token_info) {
      const master = (t.extra as Record<string, unknown> | undefined)?.jetton;
      if (t.type === 'jetton_wallets' && typeof master === 'string' && !(master in own)) masters.add(master);
    }
  }
  return masters.size === 0 ? own : { ...own, ...(await tokenMetadata(reads, masters)) };
}

async function tokenMetadata({ reader, book }: BookReads, addresses: Set<string>): Promise<Record<string, MetaEntry>> {
  const cache = book.fresh();
  const missing = [...addresses].filter((a) => !cache.meta.has(a));
  if (missing.length > 0) {
    const found = new Map<string, MetaEntry>();
    for (const t of await reader.getTokenInfos(missing)) {
      const entry = found.get(t.account) ?? { is_indexed: true, token_info: [] };
      found.set(t.account, entry);
      // TON Center's token info strings are omitempty: an unknown name or image is left out
      const info: Record<string, unknown> = { valid: true, type: t.type };
      for (const [key, value] of [
        ['name', t.name],
        ['symbol', t.symbol],
        ['description', t.description],
        ['image', t.image],
      ] as const)
        if (value !== null) info[key] = value;
      // a jetton's decimals where TON Center's answers carry them: `extra.decimals`, a decimal
      // string (its published TokenInfo has no `decimals` of its own)
      info.extra = t.decimals === null ? t.extra : { ...t.extra, decimals: String(t.decimals) };
      entry.token_info.push(info);
    }
    for (const a of missing) cache.meta.set(a, found.get(a) ?? null);
  }
  const out: Record<string, MetaEntry> = {};
  for (const a of addresses) {
    const m = cache.meta.get(a);
    if (m) out[a] = m;
  }
  return out;
}
