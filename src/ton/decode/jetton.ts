import type { Slice } from '@ton/core';
import {
  loadAddressField,
  loadCoinsField,
  loadEitherPayload,
  loadMaybeRefPayload,
  loadQueryId,
  type BodyReader,
} from './decoded';

// TEP-74 jetton messages, after their opcode. Field names are TL-B's.

/** `transfer#0f8a7ea5`: the owner asks its jetton wallet to send `amount` to `destination`. */
export const readJettonTransfer: BodyReader = (s, nested) => ({
  type: 'jetton_transfer',
  data: {
    query_id: loadQueryId(s),
    amount: loadCoinsField(s),
    destination: loadAddressField(s),
    response_destination: loadAddressField(s),
    custom_payload: loadMaybeRefPayload(s, nested),
    forward_ton_amount: loadCoinsField(s),
    forward_payload: loadEitherPayload(s, nested),
  },
});

/** `internal_transfer#178d4519`: wallet to wallet (or minter to wallet, when minting). */
export const readJettonInternalTransfer: BodyReader = (s, nested) => ({
  type: 'jetton_internal_transfer',
  data: {
    query_id: loadQueryId(s),
    amount: loadCoinsField(s),
    from: loadAddressField(s),
    response_address: loadAddressField(s),
    forward_ton_amount: loadCoinsField(s),
    forward_payload: loadEitherPayload(s, nested),
  },
});

/** `transfer_notification#7362d09c`, which TON Center calls `jetton_notify`: the receiver's wallet tells its owner. */
export const readJettonNotify: BodyReader = (s, nested) => ({
  type: 'jetton_notify',
  data: {
    query_id: loadQueryId(s),
    amount: loadCoinsField(s),
    sender: loadAddressField(s),
    forward_payload: loadEitherPayload(s, nested),
  },
});

/** `burn#595f07bc`. */
export const readJettonBurn: BodyReader = (s, nested) => ({
  type: 'jetton_burn',
  data: {
    query_id: loadQueryId(s),
    amount: loadCoinsField(s),
    response_destination: loadAddressField(s),
    custom_payload: s.remainingBits > 0 ? loadMaybeRefPayload(s, nested) : null,
  },
});

/** `burn_notification#7bdd97de`: the wallet tells its minter to lower the supply. */
export const readJettonBurnNotification: BodyReader = (s) => ({
  type: 'jetton_burn_notification',
  data: {
    query_id: loadQueryId(s),
    amount: loadCoinsField(s),
    sender: loadAddressField(s),
    response_destination: loadAddressField(s),
  },
});

/**
 * `mint#642b7d07` has two layouts in use. The reference minter (and the stablecoin one) carries the
 * wallet's `internal_transfer` as a reference: `query_id to_address ton_amount master_msg:^Cell`.
 * The ledger's own minter carries the figures inline: `query_id to_address jetton_amount
 * forward_ton_amount total_ton_amount`. A reference tells them apart.
 */
export const readJettonMint: BodyReader = (s: Slice, nested) => {
  const query_id = loadQueryId(s);
  const to_address = loadAddressField(s);
  if (s.remainingRefs > 0) {
    return {
      type: 'jetton_mint',
      data: { query_id, to_address, ton_amount: loadCoinsField(s), master_msg: nested(s.loadRef()) },
    };
  }
  return {
    type: 'jetton_mint',
    data: {
      query_id,
      to_address,
      jetton_amount: loadCoinsField(s),
      forward_ton_amount: loadCoinsField(s),
      total_ton_amount: loadCoinsField(s),
    },
  };
};

/** `excess#d53276db`: what is left of the attached TON, back to the response address (jettons and NFTs alike). */
export const readExcess: BodyReader = (s) => ({ type: 'excess', data: { query_id: loadQueryId(s) } });
