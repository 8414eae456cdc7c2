// v2 transaction methods beyond getTransactions: its `count`-named twin getTransactionsV2, and the
// tryLocate* family, which finds a message's two ends by (source, destination, created_lt).
import { z } from 'zod';
import { uint64 } from './param-rules';
import { PAGE_SIZE, startGivenWhole, TRANSACTION_WALK, v2Transaction } from './get-transactions';
import { addressParam, defineV2Operation } from './v2-operation';

/**
 * v2 getTransactionsV2: getTransactions with `count` for `limit` (TON Center's C++ server); the
 * same transactions, newest first, from the one `lt` + `hash` name (included) down to lts above `to_lt`.
 */
export const getTransactionsV2 = defineV2Operation(
  'getTransactionsV2',
  z.object({ address: addressParam, count: PAGE_SIZE, ...TRANSACTION_WALK }).transform(startGivenWhole),
  z.array(v2Transaction),
);

/** A message by its two ends and its creation lt. */
const locateParams = z.object({ source: addressParam, destination: addressParam, created_lt: uint64 });

/** v2 tryLocateTx: the transaction that received the message (as tryLocateResultTx). */
export const tryLocateTx = defineV2Operation('tryLocateTx', locateParams, v2Transaction);
/** v2 tryLocateResultTx: the destination's transaction that received the message. */
export const tryLocateResultTx = defineV2Operation('tryLocateResultTx', locateParams, v2Transaction);
/** v2 tryLocateSourceTx: the source's transaction that sent the message. */
export const tryLocateSourceTx = defineV2Operation('tryLocateSourceTx', locateParams, v2Transaction);
