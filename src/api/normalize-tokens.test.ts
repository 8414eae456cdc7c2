import { describe, expect, it } from 'vitest';
import {
  normalizeAddressInformation,
  normalizeJettonMasters,
  normalizeJettonTransfers,
  normalizeNftItems,
  normalizeWalletInformation,
  tokenContent,
} from './normalize';
import {
  wireAddressInformation,
  wireJettonMasters,
  wireJettonTransfers,
  wireNftItems,
  wireWalletInformation,
} from './wire';

// The reads of the account, jetton and NFT pages, in the shapes both APIs send (TON Center's index
// leaves keys out where ours sends null, and adds fields of its own).

const A = (d: string) => `0:${d.repeat(64)}`;
const HASH = 'A'.repeat(43) + '=';

describe('account reads', () => {
  it('addressInformation: v2’s status word read as v3’s, missing fields as null', () => {
    const r = normalizeAddressInformation(wireAddressInformation.parse({ balance: '5', status: 'uninitialized' }));
    expect(r).toEqual({ balance: '5', status: 'uninit', lastTxHash: null, lastTxLt: null });
    const active = wireAddressInformation.parse({
      balance: '7',
      status: 'active',
      last_transaction_hash: HASH,
      last_transaction_lt: '10',
      code: 'te6',
    });
    expect(normalizeAddressInformation(active)).toEqual({
      balance: '7',
      status: 'active',
      lastTxHash: HASH,
      lastTxLt: '10',
    });
  });

  it('walletInformation: seqno and id as numbers from either form, none before the code', () => {
    const w = wireWalletInformation.parse({
      balance: '1',
      status: 'active',
      seqno: '51',
      wallet_id: 698983191,
      wallet_type: 'wallet_v4r2',
    });
    expect(normalizeWalletInformation(w)).toEqual({ walletType: 'wallet_v4r2', seqno: 51, walletId: 698983191 });
    const none = wireWalletInformation.parse({ balance: '0', status: 'uninit' });
    expect(normalizeWalletInformation(none)).toEqual({ walletType: null, seqno: null, walletId: null });
  });
});

describe('jetton reads', () => {
  it('jetton/masters: content kept as its strings, the metadata’s decimals from extra', () => {
    const r = normalizeJettonMasters(
      wireJettonMasters.parse({
        jetton_masters: [
          {
            address: A('5'),
            total_supply: '651442852735206',
            mintable: true,
            admin_address: null,
            jetton_content: { symbol: 'LJT', decimals: '9', uri: null, nested: { a: 1 } },
            jetton_wallet_code_hash: HASH,
          },
        ],
        address_book: { [A('5')]: { user_friendly: 'EQ', domain: null, interfaces: ['jetton_master'] } },
        metadata: {
          [A('5')]: {
            is_indexed: true,
            token_info: [{ type: 'jetton_masters', symbol: 'LJT', extra: { decimals: '9' } }],
          },
        },
      }),
    );
    expect(r.rows).toEqual([
      {
        address: A('5'),
        totalSupply: '651442852735206',
        mintable: true,
        admin: null,
        content: { symbol: 'LJT', decimals: '9' },
      },
    ]);
    expect(r.metadata[A('5')]?.tokens[0]?.decimals).toBe(9);
    expect(r.addressBook[A('5')]?.interfaces).toEqual(['jetton_master']);
  });

  it('jetton/transfers: without address book or metadata (left out), the transaction fields renamed', () => {
    const r = normalizeJettonTransfers(
      wireJettonTransfers.parse({
        jetton_transfers: [
          {
            source: A('1'),
            destination: A('2'),
            amount: '100',
            jetton_master: A('5'),
            transaction_hash: HASH,
            transaction_lt: '3',
            transaction_now: '1760000000',
            trace_id: HASH,
          },
        ],
      }),
    );
    expect(r).toEqual({
      rows: [
        {
          txHash: HASH,
          txLt: '3',
          txNow: 1760000000,
          traceId: HASH,
          source: A('1'),
          destination: A('2'),
          amount: '100',
          jetton: A('5'),
        },
      ],
      addressBook: {},
      metadata: {},
    });
  });
});

describe('nft/items', () => {
  const item = {
    address: A('1'),
    index: '13',
    collection_address: A('c'),
    owner_address: A('e'),
    content: { name: 'Shape #13' },
  };
  it('an item on sale: the sale contract apart from the seller', () => {
    const [i] = normalizeNftItems(
      wireNftItems.parse({
        nft_items: [{ ...item, on_sale: true, sale_contract_address: A('e'), real_owner: A('7') }],
      }),
    ).rows;
    expect(i).toMatchObject({ owner: A('e'), onSale: true, saleContract: A('e'), realOwner: A('7') });
  });
  it('on sale without the sale contract’s key: the owner on chain is that contract', () => {
    const [i] = normalizeNftItems(wireNftItems.parse({ nft_items: [{ ...item, on_sale: true }] })).rows;
    expect(i).toMatchObject({ saleContract: A('e'), realOwner: null });
  });
  it('not on sale, or a dialect without on_sale: no sale', () => {
    const [i] = normalizeNftItems(wireNftItems.parse({ nft_items: [item] })).rows;
    expect(i).toMatchObject({ owner: A('e'), onSale: false, saleContract: null, realOwner: null });
  });
});

describe('tokenContent', () => {
  it('keeps the string fields only', () => {
    expect(tokenContent({ name: 'x', n: 1, o: {}, z: null, image: 'https://i' })).toEqual({
      name: 'x',
      image: 'https://i',
    });
  });
});
