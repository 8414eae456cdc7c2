import type { TokenList } from '../token-lists';

// Every kind of jetton and NFT list statement (token-lists.ts): each state list's filters and
// orders, each event list's filters both ways. The query-plan tests of both engines hold each to
// an index walked in the list's order.

const a = `0:${'AA'.repeat(32)}`;
const b = `0:${'BB'.repeat(32)}`;
const range = { startUtime: 1, endUtime: 5 };

const events = (sort: 'asc' | 'desc'): [string, TokenList][] => [
  [`jetton transfers, ${sort}`, { table: 'jettonTransfers', filter: { sort } }],
  [`jetton transfers of owners, ${sort}`, { table: 'jettonTransfers', filter: { sort, owners: [a, b] } }],
  [
    `jetton transfers to owners, ${sort}`,
    { table: 'jettonTransfers', filter: { sort, owners: [a, b], direction: 'in' } },
  ],
  [
    `jetton transfers from an owner, ${sort}`,
    { table: 'jettonTransfers', filter: { sort, owners: [a], direction: 'out' } },
  ],
  [`jetton transfers of wallets, ${sort}`, { table: 'jettonTransfers', filter: { sort, wallets: [a, b] } }],
  [`jetton transfers of a master, ${sort}`, { table: 'jettonTransfers', filter: { sort, master: a } }],
  [`jetton transfers in a time range, ${sort}`, { table: 'jettonTransfers', filter: { sort, ...range } }],
  [
    `jetton transfers of an owner in an lt range, ${sort}`,
    { table: 'jettonTransfers', filter: { sort, owners: [a], startLt: 1n, endLt: 9n } },
  ],
  [`jetton burns, ${sort}`, { table: 'jettonBurns', filter: { sort } }],
  [`jetton burns of owners, ${sort}`, { table: 'jettonBurns', filter: { sort, owners: [a, b] } }],
  [`jetton burns of a wallet, ${sort}`, { table: 'jettonBurns', filter: { sort, wallets: [a] } }],
  [`jetton burns of a master, ${sort}`, { table: 'jettonBurns', filter: { sort, master: a, ...range } }],
  [`nft transfers, ${sort}`, { table: 'nftTransfers', filter: { sort } }],
  [`nft transfers of owners, ${sort}`, { table: 'nftTransfers', filter: { sort, owners: [a, b] } }],
  [`nft transfers to an owner, ${sort}`, { table: 'nftTransfers', filter: { sort, owners: [a], direction: 'in' } }],
  [`nft transfers from owners, ${sort}`, { table: 'nftTransfers', filter: { sort, owners: [a, b], direction: 'out' } }],
  [`nft transfers of items, ${sort}`, { table: 'nftTransfers', filter: { sort, items: [a, b] } }],
  [`nft transfers of a collection, ${sort}`, { table: 'nftTransfers', filter: { sort, collection: a, ...range } }],
];

export const TOKEN_LIST_CASES: [string, TokenList][] = [
  ['jetton masters', { table: 'jettonMasters', filter: {}, mcSeqno: 4 }],
  ['jetton masters by address', { table: 'jettonMasters', filter: { addresses: [a, b] }, mcSeqno: 4 }],
  ['jetton masters by admin', { table: 'jettonMasters', filter: { admins: [a, b] }, mcSeqno: 4 }],
  // our jetton/search, each group (jetton-search.ts)
  ...(['symbol', 'symbol_prefix', 'name_prefix'] as const).map((group): [string, TokenList] => [
    `jetton masters by search, ${group}`,
    { table: 'jettonMasters', filter: { search: { group, key: 'ts' } }, mcSeqno: 4 },
  ]),
  ['jetton wallets', { table: 'jettonWallets', filter: {}, mcSeqno: 4 }],
  ['jetton wallets by address', { table: 'jettonWallets', filter: { addresses: [a, b] }, mcSeqno: 4 }],
  ['jetton wallets by owner', { table: 'jettonWallets', filter: { owners: [a, b] }, mcSeqno: 4 }],
  ['jetton wallets of a jetton', { table: 'jettonWallets', filter: { jettons: [a] }, mcSeqno: 4 }],
  ['holders, largest first', { table: 'jettonWallets', filter: { jettons: [a], sort: 'desc' }, mcSeqno: 4 }],
  [
    'holders with a balance, smallest first',
    { table: 'jettonWallets', filter: { jettons: [a], sort: 'asc', excludeZeroBalance: true }, mcSeqno: 4 },
  ],
  ['jetton wallets by balance', { table: 'jettonWallets', filter: { sort: 'desc' }, mcSeqno: 4 }],
  [
    'jetton wallets of owners by balance',
    { table: 'jettonWallets', filter: { owners: [a, b], sort: 'asc' }, mcSeqno: 4 },
  ],
  ['nft collections', { table: 'nftCollections', filter: {}, mcSeqno: 4 }],
  ['nft collections by owner', { table: 'nftCollections', filter: { owners: [a, b] }, mcSeqno: 4 }],
  ['nft items', { table: 'nftItems', filter: {}, mcSeqno: 4 }],
  ['nft items of owners', { table: 'nftItems', filter: { owners: [a, b] }, mcSeqno: 4 }],
  ['nft items of a collection', { table: 'nftItems', filter: { collections: [a] }, mcSeqno: 4 }],
  [
    'nft items of a collection by index',
    { table: 'nftItems', filter: { collections: [a], indexes: [3n, 1n] }, mcSeqno: 4 },
  ],
  ['nft items by last transaction', { table: 'nftItems', filter: { byLastLt: true }, mcSeqno: 4 }],
  [
    'nft items of owners by last transaction',
    { table: 'nftItems', filter: { owners: [a, b], byLastLt: true }, mcSeqno: 4 },
  ],
  [
    'nft items of a collection by last transaction',
    { table: 'nftItems', filter: { collections: [a], byLastLt: true }, mcSeqno: 4 },
  ],
  ['nft sales by address', { table: 'nftSales', filter: { addresses: [a, b] }, mcSeqno: 4 }],
  ...events('asc'),
  ...events('desc'),
];
