import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import {
  address,
  bool,
  direction,
  fail,
  limit,
  list,
  offset,
  rangeParams,
  sort,
  sortDesc,
  text,
  ton,
} from './param-rules';
import { rawAddress as parseAddress } from '../../ton/address';
import { addressBook, decimal, decodedBody, hash, metadata, rawAddress, v3Error } from './v3-shapes';

/** One address (TON Center takes a single jetton master where it says so). */
export const oneAddress = text.transform(ton(parseAddress));
/** TEP-64 metadata as the ledger's contracts hold it: name, symbol, decimals... as strings. */
export const tokenContent = z.record(z.string(), z.string());

/** v3 jetton/masters: jetton masters by address, each with its supply, admin and content. */
export const jettonMasters = defineApiOperation({
  path: '/api/v3/jetton/masters',
  params: z.object({
    address: list(address).optional(),
    admin_address: list(address).optional(),
    limit: limit(10),
    offset,
  }),
  response: z.object({
    jetton_masters: z.array(
      z.object({
        address: rawAddress,
        total_supply: decimal,
        mintable: z.boolean(),
        admin_address: rawAddress.nullable(),
        jetton_content: tokenContent,
        jetton_wallet_code_hash: hash,
        code_hash: hash.nullable(),
        data_hash: hash.nullable(),
        last_transaction_lt: decimal,
      }),
    ),
    address_book: addressBook,
    metadata,
  }),
  error: v3Error,
});

/** A jetton wallet as TON Center prints it (`jetton/wallets`, and streaming's jetton notifications). */
export const jettonWallet = z.object({
  address: rawAddress,
  balance: decimal,
  owner: rawAddress,
  jetton: rawAddress,
  last_transaction_lt: decimal,
  code_hash: hash.nullable(),
  data_hash: hash.nullable(),
});

/** v3 jetton/wallets: by address, or by balance (`sort`); filtered by wallet, owner, jetton. */
export const jettonWallets = defineApiOperation({
  path: '/api/v3/jetton/wallets',
  params: z.object({
    address: list(address).optional(),
    owner_address: list(address).optional(),
    jetton_address: list(address).optional(),
    exclude_zero_balance: bool.optional(),
    limit: limit(10),
    offset,
    sort: sort.optional(),
  }),
  response: z.object({
    jetton_wallets: z.array(jettonWallet),
    address_book: addressBook,
    metadata,
  }),
  error: v3Error,
});

/** The fields of a transfer's or burn's transaction. */
const eventTransaction = {
  transaction_hash: hash,
  transaction_lt: decimal,
  transaction_now: z.number().int().nonnegative(),
  transaction_aborted: z.boolean(),
  trace_id: hash,
};

/** What a transfer or burn request carried besides its amount (payloads as base64 BOCs; decoded: never). */
const requestFields = {
  response_destination: rawAddress.nullable(),
  custom_payload: z.string().nullable(),
  decoded_custom_payload: decodedBody,
};

/** A transfer list's parameters after its own filters: `direction`, the ranges, the page (newest first). */
const transferListParams = {
  direction: direction.optional(),
  ...rangeParams,
  limit: limit(10),
  offset,
  sort: sortDesc,
};

/** `direction` filters the owners' transfers: without `owner_address` it would mean nothing. */
const directionNeedsOwner = <P extends { direction?: 'in' | 'out'; owner_address?: string[] }>(
  p: P,
  ctx: z.RefinementCtx,
): P => (p.direction !== undefined && p.owner_address === undefined ? fail(ctx, 'direction needs owner_address') : p);

/** v3 jetton/transfers: transfers (not aborted) by transaction lt, then hash. */
export const jettonTransfers = defineApiOperation({
  path: '/api/v3/jetton/transfers',
  params: z
    .object({
      owner_address: list(address).optional(),
      jetton_wallet: list(address).optional(),
      jetton_master: oneAddress.optional(),
      ...transferListParams,
    })
    .transform(directionNeedsOwner),
  response: z.object({
    jetton_transfers: z.array(
      z.object({
        query_id: decimal,
        source: rawAddress,
        destination: rawAddress,
        amount: decimal,
        source_wallet: rawAddress,
        jetton_master: rawAddress,
        ...eventTransaction,
        ...requestFields,
        forward_ton_amount: decimal,
        forward_payload: z.string().nullable(),
        decoded_forward_payload: decodedBody,
      }),
    ),
    address_book: addressBook,
    metadata,
  }),
  error: v3Error,
});

/** v3 jetton/burns: burns (not aborted) by transaction lt, then hash. */
export const jettonBurns = defineApiOperation({
  path: '/api/v3/jetton/burns',
  params: z.object({
    address: list(address).optional(),
    jetton_wallet: list(address).optional(),
    jetton_master: oneAddress.optional(),
    ...rangeParams,
    limit: limit(10),
    offset,
    sort: sortDesc,
  }),
  response: z.object({
    jetton_burns: z.array(
      z.object({
        query_id: decimal,
        owner: rawAddress,
        jetton_wallet: rawAddress,
        jetton_master: rawAddress,
        ...eventTransaction,
        amount: decimal,
        ...requestFields,
      }),
    ),
    address_book: addressBook,
    metadata,
  }),
  error: v3Error,
});

export { directionNeedsOwner, eventTransaction, requestFields, transferListParams };
