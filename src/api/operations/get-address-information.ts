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

const accountParams = z.object({ address: addressParam, seqno: atSeqno });

/**
 * A v2 balance as TON Center's server prints it: a decimal string, or the JSON number 0 for an
 * account that does not exist (getWalletInformation: for any balance that is not positive).
 */
export const v2Balance = z.union([decimal, z.literal(0)]);

/** v2 getAddressInformation: balance, state, code and data BOCs, last transaction. */
export const getAddressInformation = defineV2Operation(
  'getAddressInformation',
  accountParams,
  z.object({
    '@type': z.literal('raw.fullAccountState'),
    balance: v2Balance,
    extra_currencies: z.array(z.object({ '@type': z.literal('extraCurrency'), id: z.number().int(), amount: decimal })),
    code: z.string(),
    data: z.string(),
    last_transaction_id: transactionId,
    block_id: tonBlockIdExt,
    frozen_hash: z.union([hash, z.literal('')]),
    sync_utime: z.number().int(),
    '@extra': extra,
    state: v2AccountState,
  }),
);

/** v2 getAddressBalance: the balance alone, a decimal string. */
export const getAddressBalance = defineV2Operation('getAddressBalance', accountParams, decimal);

/** v2 getAddressState: `active`, `uninitialized` or `frozen`. */
export const getAddressState = defineV2Operation('getAddressState', accountParams, v2AccountState);
