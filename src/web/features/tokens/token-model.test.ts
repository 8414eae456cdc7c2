import { describe, expect, it } from 'vitest';
import type { Metadata, NftItem } from '../../../api/model';
import { holderOf, jettonUnits, shareOfSupply, tokenName } from './token-model';

const MASTER = '0:' + 'A'.repeat(64);
const metadata: Metadata = {
  [MASTER]: {
    isIndexed: true,
    tokens: [
      {
        type: 'jetton_masters',
        name: 'Ledger Jetton',
        symbol: 'LJT',
        decimals: 6,
        description: null,
        image: null,
        extra: {},
      },
    ],
  },
};

describe('jettonUnits', () => {
  it('reads the metadata first', () => {
    expect(jettonUnits(MASTER, metadata, { symbol: 'X', decimals: '9' })).toEqual({ symbol: 'LJT', decimals: 6 });
  });
  it('falls back to the content, decimals as TEP-64 strings', () => {
    expect(jettonUnits(MASTER, {}, { symbol: 'X', decimals: '9' })).toEqual({ symbol: 'X', decimals: 9 });
    expect(jettonUnits(MASTER, {}, { decimals: '256' })).toEqual({ symbol: null, decimals: null });
    expect(jettonUnits(MASTER, {}, { decimals: 'nine' })).toEqual({ symbol: null, decimals: null });
  });
  it('has none without either', () => {
    expect(jettonUnits(null, {})).toEqual({ symbol: null, decimals: null });
  });
});

describe('tokenName', () => {
  it('metadata, then content', () => {
    expect(tokenName(MASTER, metadata)).toBe('Ledger Jetton');
    expect(tokenName(MASTER, {}, { name: 'Shape #1' })).toBe('Shape #1');
    expect(tokenName(null, {})).toBeNull();
  });
});

describe('shareOfSupply', () => {
  it('in percent to two places, trailing zeros dropped', () => {
    expect(shareOfSupply('1', '8')).toBe('12.5 %');
    expect(shareOfSupply('8', '8')).toBe('100 %');
    expect(shareOfSupply('1', '3')).toBe('33.33 %');
  });
  it('never rounds a holding down to nothing', () => {
    expect(shareOfSupply('1', '1000000')).toBe('< 0.01 %');
    expect(shareOfSupply('0', '1000000')).toBe('0 %');
  });
  it('amounts beyond 2^53', () => {
    expect(shareOfSupply('78682666666667000000', '651442852735206000000')).toBe('12.07 %');
  });
  it('none for a zero supply or a malformed figure', () => {
    expect(shareOfSupply('1', '0')).toBeNull();
    expect(shareOfSupply('x', '10')).toBeNull();
  });
});

describe('holderOf', () => {
  const item: NftItem = {
    address: '0:' + '1'.repeat(64),
    index: '3',
    collection: null,
    owner: '0:' + '2'.repeat(64),
    content: {},
    onSale: false,
    saleContract: null,
    realOwner: null,
  };
  it('the owner of an item not on sale', () => {
    expect(holderOf(item)).toEqual({ owner: item.owner, sale: null });
  });
  it('the seller of an item on sale, with the sale contract apart', () => {
    const seller = '0:' + '3'.repeat(64);
    expect(holderOf({ ...item, onSale: true, saleContract: item.owner, realOwner: seller })).toEqual({
      owner: seller,
      sale: item.owner,
    });
  });
  it('a sale without its seller: no owner, the sale contract named as such', () => {
    expect(holderOf({ ...item, onSale: true })).toEqual({ owner: null, sale: item.owner });
  });
});
