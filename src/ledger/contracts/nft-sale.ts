import { beginCell, contractAddress, type Address, type Cell } from '@ton/core';
import type { NftSaleData } from '../../store/contract-data';

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
