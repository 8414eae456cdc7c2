import { z } from 'zod';
import { bool, fail, hash, integer, uint64 } from './param-rules';
import { addressParam, defineV2Operation, transactionId } from './v2-operation';
import { decimal, hash as hashOut } from './v3-shapes';

const extraCurrencies = z.array(
  z.object({ '@type': z.literal('extraCurrency'), id: z.number().int(), amount: decimal }),
);

/**
 * A message as getTransactions prints it (not getBlockTransactionsExt's form): addresses as plain
 * user-friendly strings ('' for none), the body typed: `msg.dataText` (the comment, base64) for a
 * text comment, with the text itself in `message`; `msg.dataRaw` (body and init state BOCs) otherwise.
 */
export const v2Message = z.object({
  '@type': z.literal('raw.message'),
  hash: hashOut,
  source: z.string(),
  destination: z.string(),
  value: decimal,
  extra_currencies: extraCurrencies,
  fwd_fee: decimal,
  ihr_fee: decimal,
  created_lt: decimal,
  body_hash: hashOut,
  msg_data: z.union([
    z.object({ '@type': z.literal('msg.dataRaw'), body: z.string(), init_state: z.string() }),
    z.object({ '@type': z.literal('msg.dataText'), text: z.string() }),
  ]),
  message: z.string().optional(),
});

export const v2Transaction = z.object({
  '@type': z.literal('raw.transaction'),
  address: z.object({ '@type': z.literal('accountAddress'), account_address: z.string() }),
  utime: z.number().int(),
  data: z.string(),
  transaction_id: transactionId,
  fee: decimal,
  storage_fee: decimal,
  other_fee: decimal,
  in_msg: v2Message.optional(),
  out_msgs: z.array(v2Message),
});

/** Where an account's walk newest first starts and ends (getTransactions, getTransactionsV2), after its page size. */
export const TRANSACTION_WALK = {
  lt: uint64.optional(),
  hash: hash.optional(),
  to_lt: uint64.optional(),
  archival: bool.optional(),
};

/** The walk's page size, whichever name a method gives it. */
export const PAGE_SIZE = integer(1, 100)
  .optional()
  .transform((v) => v ?? 10);

/** The transaction to start from is named by its lt and hash together, or not at all. */
export function startGivenWhole<P extends { lt?: bigint; hash?: Buffer }>(p: P, ctx: z.RefinementCtx): P {
  if ((p.lt === undefined) !== (p.hash === undefined))
    return fail(ctx, 'lt and hash: give both (the transaction to start from) or neither');
  return p;
}

/**
 * v2 getTransactions: an account's transactions newest first, from the one named by `lt` + `hash`
 * (included, as TON Center does; TonClient drops it unless asked `inclusive`) down to lts above
 * `to_lt`. `archival` is accepted and changes nothing: the ledger holds its whole history.
 */
export const getTransactions = defineV2Operation(
  'getTransactions',
  z.object({ address: addressParam, limit: PAGE_SIZE, ...TRANSACTION_WALK }).transform(startGivenWhole),
  z.array(v2Transaction),
);
