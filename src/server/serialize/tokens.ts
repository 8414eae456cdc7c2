// The jetton and NFT lists' entries, printed as TON Center's server prints them: every field always
// there, `null` where it has none (its pointers without omitempty), an item's sale fields only when
// it is on sale (omitempty there).
import type { z } from 'zod';
import type { jettonBurns, jettonMasters, jettonTransfers, jettonWallets } from '../../api/operations/jetton-lists';
import type { nftCollection, nftItems, nftTransfers } from '../../api/operations/nft-lists';
import type { ResponseOf } from '../../api/operations/api-operation';
import { hashToBase64 } from '../../ton/hash';
import { decodeBodyBoc } from '../../ton/decode/decode-body';
import { DecodeMemo } from './decode-memo';
import type {
  JettonBurnRow,
  JettonMasterRow,
  JettonTransferRow,
  JettonWalletRow,
  NftCollectionRow,
  NftItemRow,
  NftSaleRow,
  NftTransferRow,
} from '../../store/token-rows';

/** An entry of a list answer's `K` array. */
type Entry<R, K extends keyof R> = R[K] extends (infer E)[] ? E : never;
type JettonMasterJson = Entry<ResponseOf<typeof jettonMasters>, 'jetton_masters'>;
type JettonWalletJson = Entry<ResponseOf<typeof jettonWallets>, 'jetton_wallets'>;
type JettonTransferJson = Entry<ResponseOf<typeof jettonTransfers>, 'jetton_transfers'>;
type JettonBurnJson = Entry<ResponseOf<typeof jettonBurns>, 'jetton_burns'>;
type NftItemJson = Entry<ResponseOf<typeof nftItems>, 'nft_items'>;
type NftTransferJson = Entry<ResponseOf<typeof nftTransfers>, 'nft_transfers'>;
type NftCollectionJson = z.output<typeof nftCollection>;

const optHash = (h: Buffer | null) => (h ? hashToBase64(h) : null);

/**
 * A custom or forward payload (a base64 BOC) as the decoder reads a message body: a text comment,
 * a body of a known opcode, else null (as TON Center's decoder answers what it does not know). The
 * same payloads recur (a comment, an empty payload), so the views are kept by the BOC's text.
 */
const decodedPayloads = new DecodeMemo<ReturnType<typeof decodeBodyBoc>>(20_000);
const MAX_KEPT_PAYLOAD = 1024;
function decodedPayload(boc: string | null): ReturnType<typeof decodeBodyBoc> {
  if (boc === null) return null;
  return boc.length > MAX_KEPT_PAYLOAD ? decodeBodyBoc(boc) : decodedPayloads.through(boc, () => decodeBodyBoc(boc));
}
const content = (json: string) => JSON.parse(json) as Record<string, string>;

export const jettonMasterJson = (r: JettonMasterRow): JettonMasterJson => ({
  address: r.address,
  total_supply: r.totalSupply.toString(),
  mintable: r.mintable,
  admin_address: r.admin,
  jetton_content: content(r.content),
  jetton_wallet_code_hash: hashToBase64(r.walletCodeHash),
  code_hash: optHash(r.codeHash),
  data_hash: optHash(r.dataHash),
  last_transaction_lt: r.lt.toString(),
});

export const jettonWalletJson = (r: JettonWalletRow): JettonWalletJson => ({
  address: r.address,
  balance: r.balance.toString(),
  owner: r.owner,
  jetton: r.jetton,
  last_transaction_lt: r.lt.toString(),
  code_hash: optHash(r.codeHash),
  data_hash: optHash(r.dataHash),
});

const transaction = (r: JettonTransferRow | JettonBurnRow | NftTransferRow) => ({
  transaction_hash: hashToBase64(r.txHash),
  transaction_lt: r.lt.toString(),
  transaction_now: r.now,
  // only transactions that were not aborted are stored (token-rows.ts)
  transaction_aborted: false,
  trace_id: hashToBase64(r.traceId),
});

export const jettonTransferJson = (r: JettonTransferRow): JettonTransferJson => ({
  query_id: r.queryId.toString(),
  source: r.source,
  destination: r.destination,
  amount: r.amount.toString(),
  source_wallet: r.sourceWallet,
  jetton_master: r.jettonMaster,
  ...transaction(r),
  response_destination: r.responseDestination,
  custom_payload: r.customPayload,
  decoded_custom_payload: decodedPayload(r.customPayload),
  forward_ton_amount: r.forwardTonAmount.toString(),
  forward_payload: r.forwardPayload,
  decoded_forward_payload: decodedPayload(r.forwardPayload),
});

export const jettonBurnJson = (r: JettonBurnRow): JettonBurnJson => ({
  query_id: r.queryId.toString(),
  owner: r.owner,
  jetton_wallet: r.jettonWallet,
  jetton_master: r.jettonMaster,
  ...transaction(r),
  amount: r.amount.toString(),
  response_destination: r.responseDestination,
  custom_payload: r.customPayload,
  decoded_custom_payload: decodedPayload(r.customPayload),
});

export const nftCollectionJson = (r: NftCollectionRow): NftCollectionJson => ({
  address: r.address,
  owner_address: r.owner,
  last_transaction_lt: r.lt.toString(),
  next_item_index: r.nextItemIndex.toString(),
  collection_content: content(r.content),
  data_hash: optHash(r.dataHash),
  code_hash: optHash(r.codeHash),
});

/**
 * An item with its collection, and its sale when its owner is a sale contract holding it: `owner`
 * stays the sale contract (it is, on chain), `real_owner` is the seller (an explorer shows both).
 */
export function nftItemJson(
  r: NftItemRow,
  collection: NftCollectionRow | undefined,
  sale: NftSaleRow | undefined,
): NftItemJson {
  const json: NftItemJson = {
    address: r.address,
    init: r.init,
    index: r.index.toString(),
    collection_address: r.collection || null,
    owner_address: r.owner,
    content: content(r.content),
    last_transaction_lt: r.lt.toString(),
    code_hash: optHash(r.codeHash),
    data_hash: optHash(r.dataHash),
    collection: collection ? nftCollectionJson(collection) : null,
    on_sale: false,
  };
  if (sale && sale.address === r.owner && sale.nft === r.address) {
    json.on_sale = true;
    json.sale_contract_address = sale.address;
    json.real_owner = sale.seller;
  }
  return json;
}

export const nftTransferJson = (r: NftTransferRow): NftTransferJson => ({
  query_id: r.queryId.toString(),
  nft_address: r.nft,
  nft_collection: r.collection || null,
  ...transaction(r),
  old_owner: r.oldOwner,
  new_owner: r.newOwner,
  response_destination: r.responseDestination,
  custom_payload: r.customPayload,
  decoded_custom_payload: decodedPayload(r.customPayload),
  forward_amount: r.forwardAmount.toString(),
  forward_payload: r.forwardPayload,
  decoded_forward_payload: decodedPayload(r.forwardPayload),
});
