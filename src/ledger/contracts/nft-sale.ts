import { beginCell, contractAddress, type Address, type Cell } from '@ton/core';
import type { NftSaleData } from '../../store/contract-data';
import { OP } from './opcodes';

export { readNftSaleData } from '../../store/contract-data';

// The fixed-price sale contract (func/nft-sale.fc). Data: nft seller marketplace price:Coins.

export type NftSale = NftSaleData;

export function nftSaleData(s: NftSale): Cell {
  return beginCell()
    .storeAddress(s.nft)
    .storeAddress(s.seller)
    .storeAddress(s.marketplace)
    .storeCoins(s.price)
    .endCell();
}

export function nftSaleInit(s: NftSale, code: Cell): { code: Cell; data: Cell } {
  return { code, data: nftSaleData(s) };
}

export function nftSaleAddress(s: NftSale, code: Cell): Address {
  return contractAddress(0, nftSaleInit(s, code));
}

/** `buy!` query_id: a buyer's request, worth the price and the NFT's transfer. */
export function nftSaleBuyBody(queryId: bigint): Cell {
  return beginCell().storeUint(OP.saleBuy, 32).storeUint(queryId, 64).endCell();
}

/** `salc` query_id: the seller takes the NFT back. */
export function nftSaleCancelBody(queryId: bigint): Cell {
  return beginCell().storeUint(OP.saleCancel, 32).storeUint(queryId, 64).endCell();
}
