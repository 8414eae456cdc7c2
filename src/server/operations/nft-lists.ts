import {
  nftCollections as collectionsApi,
  nftItems as itemsApi,
  nftTransfers as transfersApi,
} from '../../api/operations/nft-lists';
import { rangeFilter } from '../../api/operations/param-rules';
import { nftCollectionJson, nftItemJson, nftTransferJson } from '../serialize/tokens';
import { statePage, stateRowsByAddress, tokenListOperation } from './token-reads';

/** v3 nft/collections: by address, each collection's newest state as of the snapshot. */
export const nftCollections = tokenListOperation(
  collectionsApi,
  'nft_collections',
  (ctx, p) =>
    statePage(
      ctx,
      { table: 'nftCollections', filter: { addresses: p.collection_address, owners: p.owner_address } },
      p,
    ),
  nftCollectionJson,
);

/**
 * v3 nft/items: by collection, index and address (or by last transaction lt, newest first), each
 * with its collection and, when a sale contract holds it, the sale (`on_sale`, `real_owner`).
 */
export const nftItems = tokenListOperation(
  itemsApi,
  'nft_items',
  async (ctx, p) => {
    const items = await statePage(
      ctx,
      {
        table: 'nftItems',
        filter: {
          addresses: p.address,
          owners: p.owner_address,
          collections: p.collection_address,
          indexes: p.index,
          byLastLt: p.sort_by_last_transaction_lt,
        },
      },
      p,
    );
    const collections = await stateRowsByAddress(
      ctx,
      'nftCollections',
      items.map((i) => i.collection),
    );
    // a sale is known by its contract: of the owners, those that are sale contracts
    const sales = await stateRowsByAddress(
      ctx,
      'nftSales',
      items.flatMap((i) => (i.owner ? [i.owner] : [])),
    );
    return items.map((item) => ({
      item,
      collection: collections.get(item.collection),
      sale: item.owner ? sales.get(item.owner) : undefined,
    }));
  },
  (r) => nftItemJson(r.item, r.collection, r.sale),
);

/** v3 nft/transfers: transfers by their transaction's lt, then hash. */
export const nftTransfers = tokenListOperation(
  transfersApi,
  'nft_transfers',
  (ctx, p) =>
    ctx.reader.findTokenRows(
      {
        table: 'nftTransfers',
        filter: {
          owners: p.owner_address,
          direction: p.direction,
          items: p.item_address,
          collection: p.collection_address,
          ...rangeFilter(p),
          sort: p.sort,
        },
      },
      p,
    ),
  nftTransferJson,
);
