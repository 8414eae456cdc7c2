import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { address, bool, fail, limit, list, offset } from './param-rules';
import { addressBook, decimal, decodedBody, hash, metadata, rawAddress, v3Error } from './v3-shapes';
import {
  directionNeedsOwner,
  eventTransaction,
  oneAddress,
  requestFields,
  tokenContent,
  transferListParams,
} from './jetton-lists';

const MAX_UINT64 = (1n << 64n) - 1n;

/** An item's index: a uint64 in decimal. */
const itemIndex = (s: string, ctx: z.RefinementCtx): bigint => {
  if (!/^\d{1,20}$/.test(s) || BigInt(s) > MAX_UINT64)
    return fail(ctx, `must hold decimal integers from 0 to ${MAX_UINT64}, got ${JSON.stringify(s.slice(0, 40))}`);
  return BigInt(s);
};

export const nftCollection = z.object({
  address: rawAddress,
  owner_address: rawAddress.nullable(),
  last_transaction_lt: decimal,
  next_item_index: decimal,
  collection_content: tokenContent,
  data_hash: hash.nullable(),
  code_hash: hash.nullable(),
});

/** v3 nft/collections: collections by address. */
export const nftCollections = defineApiOperation({
  path: '/api/v3/nft/collections',
  params: z.object({
    collection_address: list(address).optional(),
    owner_address: list(address).optional(),
    limit: limit(10),
    offset,
  }),
  response: z.object({ nft_collections: z.array(nftCollection), address_book: addressBook, metadata }),
  error: v3Error,
});

/**
 * v3 nft/items: by collection, then index (then address), or by last transaction lt, newest first;
 * an item held by a sale contract is `on_sale`, its `real_owner` the seller.
 */
export const nftItems = defineApiOperation({
  path: '/api/v3/nft/items',
  params: z
    .object({
      address: list(address).optional(),
      owner_address: list(address).optional(),
      collection_address: list(address).optional(),
      index: list(itemIndex).optional(),
      sort_by_last_transaction_lt: bool.optional(),
      limit: limit(10),
      offset,
    })
    .transform((p, ctx) =>
      p.index !== undefined && p.collection_address === undefined ? fail(ctx, 'index needs collection_address') : p,
    ),
  response: z.object({
    nft_items: z.array(
      z.object({
        address: rawAddress,
        init: z.boolean(),
        index: decimal,
        collection_address: rawAddress.nullable(),
        owner_address: rawAddress.nullable(),
        content: tokenContent,
        last_transaction_lt: decimal,
        code_hash: hash.nullable(),
        data_hash: hash.nullable(),
        collection: nftCollection.nullable(),
        on_sale: z.boolean(),
        sale_contract_address: rawAddress.optional(),
        real_owner: rawAddress.optional(),
      }),
    ),
    address_book: addressBook,
    metadata,
  }),
  error: v3Error,
});

/** v3 nft/transfers: transfers (not aborted) by transaction lt, then hash. */
export const nftTransfers = defineApiOperation({
  path: '/api/v3/nft/transfers',
  params: z
    .object({
      owner_address: list(address).optional(),
      item_address: list(address).optional(),
      collection_address: oneAddress.optional(),
      ...transferListParams,
    })
    .transform(directionNeedsOwner),
  response: z.object({
    nft_transfers: z.array(
      z.object({
        query_id: decimal,
        nft_address: rawAddress,
        nft_collection: rawAddress.nullable(),
        ...eventTransaction,
        old_owner: rawAddress,
        new_owner: rawAddress,
        ...requestFields,
        forward_amount: decimal,
        forward_payload: z.string().nullable(),
        decoded_forward_payload: decodedBody,
      }),
    ),
    address_book: addressBook,
    metadata,
  }),
  error: v3Error,
});
