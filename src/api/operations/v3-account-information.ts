// v3's two account methods in the v2 form (TON Center's `V2AddressInformation`, `V2WalletInformation`):
// the same reads as v2 getAddressInformation and getWalletInformation, flattened.
import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { bool } from './param-rules';
import { addressParam } from './v2-operation';
import { accountStatus, decimal, hash, v3Error } from './v3-shapes';

/** `use_v2` is accepted and changes nothing: there is one way to read an account here. */
const params = z.object({ address: addressParam, use_v2: bool.optional() });

/**
 * v3 addressInformation: balance, code, data, frozen hash, last transaction, status in v3's names
 * (TON Center's index writes `uninit`, not v2's `uninitialized`).
 */
export const addressInformation = defineApiOperation({
  path: '/api/v3/addressInformation',
  params,
  response: z.object({
    balance: decimal,
    code: z.string().nullable(),
    data: z.string().nullable(),
    frozen_hash: hash.nullable(),
    last_transaction_hash: hash,
    last_transaction_lt: decimal,
    status: accountStatus,
  }),
  error: v3Error,
});

/**
 * v3 walletInformation: a wallet's type (v3's interface name), seqno and wallet id. An address with
 * no code yet (never seen, or uninit) has none of the three; a contract that is no wallet: 409.
 */
export const walletInformation = defineApiOperation({
  path: '/api/v3/walletInformation',
  params,
  response: z.object({
    balance: decimal,
    last_transaction_hash: hash,
    last_transaction_lt: decimal,
    seqno: z.number().int().optional(),
    status: accountStatus,
    wallet_id: z.number().int().optional(),
    wallet_type: z
      .string()
      .regex(/^wallet_v\d[a-z0-9_]*$/)
      .optional(),
  }),
  error: v3Error,
});
