import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { address, bool, fail, limit, list, offset } from './param-rules';
import { addressBook, decimal, hash, metadata, rawAddress, v3Error } from './v3-shapes';

/** `address`: a list of addresses, required (repeated keys or commas, at most 100). */
export const addresses = list(address).transform((v, ctx) => (v.length > 0 ? v : fail(ctx, 'is required')));

const status = z.enum(['uninit', 'frozen', 'active', 'nonexist']);

/** An account's state as `accountStates` prints it; TON Center leaves out what it does not have. */
export const accountStateFull = z.object({
  address: rawAddress,
  account_state_hash: hash,
  balance: decimal,
  extra_currencies: z.record(z.string(), z.string()),
  status,
  frozen_hash: hash.optional(),
  data_hash: hash.optional(),
  code_hash: hash.optional(),
  data_boc: z.string().optional(),
  code_boc: z.string().optional(),
  last_transaction_hash: hash,
  last_transaction_lt: decimal,
});

/** v3 accountStates: each account's latest state as of the snapshot's masterchain block. */
export const accountStates = defineApiOperation({
  path: '/api/v3/accountStates',
  params: z.object({ address: addresses, include_boc: bool.optional().transform((v) => v ?? true) }),
  response: z.object({ accounts: z.array(accountStateFull), address_book: addressBook, metadata }),
  error: v3Error,
});

/** A wallet's state as `walletStates` prints it: the wallet fields for wallets only. */
export const walletState = z.object({
  address: rawAddress,
  is_wallet: z.boolean(),
  wallet_type: z.string().optional(),
  seqno: z.number().int().nonnegative().optional(),
  wallet_id: z.number().int().optional(),
  is_signature_allowed: z.boolean().optional(),
  balance: decimal,
  extra_currencies: z.record(z.string(), z.string()),
  status,
  code_hash: hash.optional(),
  last_transaction_hash: hash,
  last_transaction_lt: decimal,
});

/** v3 walletStates: each account's wallet state (seqno, wallet id) as of the snapshot's masterchain block. */
export const walletStates = defineApiOperation({
  path: '/api/v3/walletStates',
  params: z.object({ address: addresses }),
  response: z.object({ wallets: z.array(walletState), address_book: addressBook, metadata }),
  error: v3Error,
});

/** v3 addressBook: each address's user-friendly form and interfaces. */
export const addressBookOperation = defineApiOperation({
  path: '/api/v3/addressBook',
  params: z.object({ address: addresses }),
  response: addressBook,
  error: v3Error,
});

/** v3 metadata: the token info of the jetton and NFT contracts among the addresses. */
export const metadataOperation = defineApiOperation({
  path: '/api/v3/metadata',
  params: z.object({ address: addresses }),
  response: metadata,
  error: v3Error,
});

/** v3 topAccountsByBalance: accounts by balance as of the snapshot's masterchain block, largest first (then by address). */
export const topAccountsByBalance = defineApiOperation({
  path: '/api/v3/topAccountsByBalance',
  params: z.object({ limit: limit(10), offset }),
  response: z.array(z.object({ account: rawAddress, balance: decimal })),
  error: v3Error,
});
