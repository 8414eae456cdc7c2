// v2 account methods that recognize the contract: getExtendedAddressInformation (tonlib's account
// state: a wallet's id and seqno, or the raw code and data) and getWalletInformation. A wallet is
// recognized by its code hash; its seqno and wallet id are read by running its get methods.
import { z } from 'zod';
import {
  addressParam,
  atSeqno,
  defineV2Operation,
  extra,
  tonBlockIdExt,
  transactionId,
  v2AccountState,
} from './v2-operation';
import { decimal, hash } from './v3-shapes';
import { v2Balance } from './get-address-information';

/** TON Center's names of the wallet versions it recognizes. */
export const WALLET_TYPES = [
  'wallet v1 r1',
  'wallet v1 r2',
  'wallet v1 r3',
  'wallet v2 r1',
  'wallet v2 r2',
  'wallet v3 r1',
  'wallet v3 r2',
  'wallet v4 r2',
  'wallet v5 beta',
  'wallet v5 r1',
] as const;

const extraCurrencies = z.array(
  z.object({ '@type': z.literal('extraCurrency'), id: z.number().int(), amount: decimal }),
);
const accountParams = z.object({ address: addressParam, seqno: atSeqno });

/** tonlib's account state: a wallet it knows by its id and seqno, any other account raw. */
const accountState = z.union([
  z.object({
    '@type': z.enum(['wallet.v3.accountState', 'wallet.v4.accountState']),
    wallet_id: decimal,
    seqno: z.number().int(),
  }),
  z.object({
    '@type': z.literal('raw.accountState'),
    code: z.string(),
    data: z.string(),
    frozen_hash: z.union([hash, z.literal('')]),
  }),
  z.object({ '@type': z.literal('uninited.accountState'), frozen_hash: z.union([hash, z.literal('')]) }),
]);

/** v2 getExtendedAddressInformation: `fullAccountState`, the account state parsed as tonlib does. */
export const getExtendedAddressInformation = defineV2Operation(
  'getExtendedAddressInformation',
  accountParams,
  z.object({
    '@type': z.literal('fullAccountState'),
    address: z.object({ '@type': z.literal('accountAddress'), account_address: z.string().length(48) }),
    balance: decimal,
    extra_currencies: extraCurrencies,
    last_transaction_id: transactionId,
    block_id: tonBlockIdExt,
    sync_utime: z.number().int(),
    account_state: accountState,
    revision: z.number().int(),
    '@extra': extra,
  }),
);

/**
 * v2 getWalletInformation: whether the account is a wallet TON Center recognizes; if so its type,
 * seqno and wallet id (and, for wallet v5, whether signed messages are allowed).
 */
export const getWalletInformation = defineV2Operation(
  'getWalletInformation',
  accountParams,
  z.object({
    '@type': z.literal('ext.accounts.walletInformation'),
    wallet: z.boolean(),
    balance: v2Balance,
    extra_currencies: extraCurrencies,
    account_state: v2AccountState,
    last_transaction_id: transactionId,
    wallet_type: z.enum(WALLET_TYPES).optional(),
    seqno: z.number().int().optional(),
    wallet_id: z.number().int().optional(),
    is_signature_allowed: z.boolean().optional(),
    '@extra': extra,
  }),
);
