import { createHash } from 'node:crypto';
import { Dictionary, beginCell, type Cell } from '@ton/core';

// TEP-64 on-chain metadata: a 0x00 tag, then a dictionary from sha256(key) to a snake-encoded
// value (a 0x00 prefix byte, then the UTF-8 bytes). Used for jetton masters and NFT collections.

export type Metadata = Partial<Record<'name' | 'symbol' | 'decimals' | 'description' | 'image', string>>;

const KEYS = ['name', 'symbol', 'decimals', 'description', 'image'] as const;
const keyHash = (k: string) => BigInt('0x' + createHash('sha256').update(k).digest('hex'));

export function onchainMetadata(meta: Metadata): Cell {
  const dict = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
  for (const k of KEYS) {
    const v = meta[k];
    if (v !== undefined) dict.set(keyHash(k), beginCell().storeUint(0, 8).storeStringTail(v).endCell());
  }
  return beginCell().storeUint(0, 8).storeDict(dict).endCell();
}

/** Reads on-chain metadata back; `null` when the cell is not TEP-64 on-chain content. */
export function readOnchainMetadata(content: Cell): Metadata | null {
  try {
    const s = content.beginParse();
    if (s.loadUint(8) !== 0) return null;
    const dict = s.loadDict(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
    const out: Metadata = {};
    for (const k of KEYS) {
      const cell = dict.get(keyHash(k));
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
