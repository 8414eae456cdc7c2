import { Dictionary, beginCell, type Cell } from '@ton/core';
import { METADATA_KEYS, metadataKeyHash, readOnchainMetadata, type Metadata } from '../../store/contract-data';

// TEP-64 on-chain metadata: a 0x00 tag, then a dictionary from sha256(key) to a snake-encoded
// value (a 0x00 prefix byte, then the UTF-8 bytes). Used for jetton masters and NFT collections.

export { readOnchainMetadata, type Metadata };

export function onchainMetadata(meta: Metadata): Cell {
  const dict = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
  for (const k of METADATA_KEYS) {
    const v = meta[k];
    if (v !== undefined) dict.set(metadataKeyHash(k), beginCell().storeUint(0, 8).storeStringTail(v).endCell());
  }
  return beginCell().storeUint(0, 8).storeDict(dict).endCell();
}
