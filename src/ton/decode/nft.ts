import type { Slice } from '@ton/core';
import { toRaw } from '../address';
import {
  loadAddressField,
  loadCoinsField,
  loadEitherPayload,
  loadMaybeRefPayload,
  loadQueryId,
  type BodyReader,
  type DecodedBody,
  type NestedDecoder,
} from './decoded';

// TEP-62 NFT messages, after their opcode. Field names are TL-B's.

/** `transfer#5fcc3d14`, TON Center's `nft_transfer`. */
export const readNftTransfer: BodyReader = (s, nested) => ({
  type: 'nft_transfer',
  data: {
    query_id: loadQueryId(s),
    new_owner: loadAddressField(s),
    response_destination: loadAddressField(s),
    custom_payload: loadMaybeRefPayload(s, nested),
    forward_amount: loadCoinsField(s),
    forward_payload: loadEitherPayload(s, nested),
  },
});

/** `ownership_assigned#05138d91`: the item tells its new owner. */
export const readNftOwnershipAssigned: BodyReader = (s, nested) => ({
  type: 'nft_ownership_assigned',
  data: {
    query_id: loadQueryId(s),
    prev_owner: loadAddressField(s),
    forward_payload: loadEitherPayload(s, nested),
  },
});

export const readGetStaticData: BodyReader = (s) => ({ type: 'get_static_data', data: { query_id: loadQueryId(s) } });

/**
 * `report_static_data#8b771735 query_id index:uint256 collection:MsgAddress`. TEP-62 says uint256;
 * some items (the ledger's among them) store a uint64 index and answer with it. The width is read
 * from what remains: an address is 267 bits (or 2 for addr_none).
 */
export const readReportStaticData: BodyReader = (s: Slice) => {
  const query_id = loadQueryId(s);
  const wide = s.remainingBits !== 64 + 267 && s.remainingBits !== 64 + 2;
  const index = wide ? s.loadUintBig(256) : s.loadUintBig(64);
  return { type: 'report_static_data', data: { query_id, index: index.toString(), collection: loadAddressField(s) } };
};

/**
 * `deploy#00000001 query_id item_index:uint64 amount:Coins content:^Cell` of the reference
 * collection: mint one item. The content is the item's first message (its owner, then its
 * individual content as a reference).
 */
export function readNftDeploy(s: Slice, nested: NestedDecoder): DecodedBody {
  return {
    type: 'nft_deploy',
    data: {
      query_id: loadQueryId(s),
      item_index: s.loadUintBig(64).toString(),
      amount: loadCoinsField(s),
      content: nested(s.loadRef()),
    },
  };
}

/**
 * The collection's deploy message to a new item has no opcode: the reference collection sends the
 * `content` cell of `deploy` as the body, `owner:MsgAddress content:^Cell`. Its first 32 bits are
 * those of an address, so it is recognised only on a message that deploys (carries a state init),
 * and only when the body is exactly that.
 */
export function readNftItemInit(s: Slice, nested: NestedDecoder): DecodedBody | null {
  const a = s.loadAddressAny();
  if (a === null || !('workChain' in a) || s.remainingBits !== 0 || s.remainingRefs !== 1) return null;
  const owner = toRaw(a);
  return { type: 'nft_item_init', data: { owner, content: nested(s.loadRef()) } };
}
