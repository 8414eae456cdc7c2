// The data cells of the ledger's token contracts (src/ledger/contracts/func), read back: by the
// producer's classifier (token metadata) and by the store (the jetton and NFT tables, token-rows.ts),
// which shares them with the producer and the service. Each layout is its contract's; a reader
// answers `null` for data that does not parse.
import { createHash } from 'node:crypto';
import { Dictionary, type Address, type Cell } from '@ton/core';

/** TEP-64 on-chain metadata: the keys our contracts store. */
export type Metadata = Partial<Record<'name' | 'symbol' | 'decimals' | 'description' | 'image', string>>;
export const METADATA_KEYS = ['name', 'symbol', 'decimals', 'description', 'image'] as const;
/** A TEP-64 dictionary key: sha256 of the key's name. */
export const metadataKeyHash = (k: string) => BigInt('0x' + createHash('sha256').update(k).digest('hex'));

/** What a sale contract holds (func/nft-sale.fc): nft seller marketplace price:Coins. */
export interface NftSaleData {
  nft: Address;
  seller: Address;
  marketplace: Address;
  price: bigint;
}

/** Reads on-chain metadata back; `null` when the cell is not TEP-64 on-chain content. */
export function readOnchainMetadata(content: Cell): Metadata | null {
  try {
    const s = content.beginParse();
    if (s.loadUint(8) !== 0) return null;
    const dict = s.loadDict(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
    const out: Metadata = {};
    for (const k of METADATA_KEYS) {
      const cell = dict.get(metadataKeyHash(k));
      if (!cell) continue;
      const v = cell.beginParse();
      if (v.loadUint(8) !== 0) continue;
      out[k] = v.loadStringTail();
    }
    return out;
  } catch {
    return null;
  }
}

export function readJettonMinterData(data: Cell): { totalSupply: bigint; admin: Address | null; content: Cell } | null {
  try {
    const s = data.beginParse();
    return { totalSupply: s.loadCoins(), admin: s.loadMaybeAddress(), content: s.loadRef() };
  } catch {
    return null;
  }
}

export function readJettonWalletData(data: Cell): { balance: bigint; owner: Address; master: Address } | null {
  try {
    const s = data.beginParse();
    return { balance: s.loadCoins(), owner: s.loadAddress(), master: s.loadAddress() };
  } catch {
    return null;
  }
}

export function readNftCollectionData(data: Cell): { owner: Address | null; nextIndex: bigint; content: Cell } | null {
  try {
    const s = data.beginParse();
    return { owner: s.loadMaybeAddress(), nextIndex: s.loadUintBig(64), content: s.loadRef() };
  } catch {
    return null;
  }
}

export function readNftItemData(
  data: Cell,
): { index: bigint; collection: Address; owner: Address | null; name: string | null } | null {
  try {
    const s = data.beginParse();
    const index = s.loadUintBig(64);
    const collection = s.loadAddress();
    if (s.remainingBits === 0) return { index, collection, owner: null, name: null };
    const owner = s.loadAddress();
    const name = s.loadRef().beginParse().loadStringTail();
    return { index, collection, owner, name };
  } catch {
    return null;
  }
}

export function readNftSaleData(data: Cell): NftSaleData | null {
  try {
    const s = data.beginParse();
    return { nft: s.loadAddress(), seller: s.loadAddress(), marketplace: s.loadAddress(), price: s.loadCoins() };
  } catch {
    return null;
  }
}
