import { beginCell, contractAddress, type Address, type Cell } from '@ton/core';
import { OP } from './opcodes';
import { onchainMetadata, type Metadata } from './metadata';

export { readNftCollectionData, readNftItemData } from '../../store/contract-data';

// Data layouts (see func/nft-*.fc):
//   collection: owner:MsgAddress next_item_index:uint64 content:^Cell item_code:^Cell
//   item: index:uint64 collection:MsgAddress [owner:MsgAddress content:^Cell once initialized]
//   item content: ^(snake string: the item's name)

export function nftCollectionData(a: { owner: Address; metadata: Metadata; itemCode: Cell }): Cell {
  return beginCell()
    .storeAddress(a.owner)
    .storeUint(0, 64)
    .storeRef(onchainMetadata(a.metadata))
    .storeRef(a.itemCode)
    .endCell();
}

export function nftItemAddress(collection: Address, index: bigint, itemCode: Cell): Address {
  const data = beginCell().storeUint(index, 64).storeAddress(collection).endCell();
  return contractAddress(0, { code: itemCode, data });
}

export function nftMintBody(a: { queryId: bigint; index: bigint; amount: bigint; owner: Address; name: string }): Cell {
  const content = beginCell().storeAddress(a.owner).storeRef(beginCell().storeStringTail(a.name).endCell()).endCell();
  return beginCell()
    .storeUint(OP.nftDeployItem, 32)
    .storeUint(a.queryId, 64)
    .storeUint(a.index, 64)
    .storeCoins(a.amount)
    .storeRef(content)
    .endCell();
}

export function nftTransferBody(a: {
  queryId: bigint;
  newOwner: Address;
  responseDestination: Address | null;
  forwardAmount: bigint;
  comment?: string;
}): Cell {
  const b = beginCell()
    .storeUint(OP.nftTransfer, 32)
    .storeUint(a.queryId, 64)
    .storeAddress(a.newOwner)
    .storeAddress(a.responseDestination)
    .storeBit(false)
    .storeCoins(a.forwardAmount);
  if (a.comment !== undefined)
    b.storeBit(true).storeRef(beginCell().storeUint(0, 32).storeStringTail(a.comment).endCell());
  else b.storeBit(false);
  return b.endCell();
}

export type { Metadata };
