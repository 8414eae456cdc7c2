// v3's two account methods in the v2 form (TON Center's `V2AddressInformation`, `V2WalletInformation`):
// the same reads as v2 getAddressInformation and getWalletInformation, flattened.
import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { bool } from './param-rules';
import { addressParam, v2AccountState } from './v2-operation';
import { decimal, hash, v3Error } from './v3-shapes';

/** `use_v2` is accepted and changes nothing: there is one way to read an account here. */
const params = z.object({ address: addressParam, use_v2: bool.optional() });

/** v3 addressInformation: balance, code, data, frozen hash, last transaction, state (v2's names). */
export const addressInformation = defineApiOperation({
  path: '/api/v3/addressInformation',
  params,
  response: z.object({
    balance: decimal,
    code: z.string().nullable(),
    data: z.string().nullable(),
    frozen_hash: hash.nullable(),
    last_transaction_hash: hash.nullable(),
    last_transaction_lt: decimal.nullable(),
    status: v2AccountState,
  }),
  error: v3Error,
});

/** v3 walletInformation: a wallet's type (v3's interface name), seqno and wallet id; not a wallet: 404. */
export const walletInformation = defineApiOperation({
  path: '/api/v3/walletInformation',
  params,
  response: z.object({
    balance: decimal,
    last_transaction_hash: hash.nullable(),
    last_transaction_lt: decimal.nullable(),
    seqno: z.number().int(),
    status: v2AccountState,
    wallet_id: z.number().int().optional(),
    wallet_type: z.string().regex(/^wallet_v\d[a-z0-9_]*$/),
  }),
  error: v3Error,
});
