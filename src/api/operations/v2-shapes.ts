// The strict zod shapes of the v2 answers in our dialect (`chain.` type prefix): ton-http-api wraps
// every answer in `{ok, result}` or `{ok: false, error, code}`.
import { z } from 'zod';
import { decimal, hash } from './v3-shapes';

const accountAddress = z.object({ '@type': z.literal('accountAddress'), account_address: z.string() });

export const blockIdExt = z.object({
  '@type': z.literal('chain.blockIdExt'),
  workchain: z.number().int(),
  shard: decimal,
  seqno: z.number().int().nonnegative(),
  root_hash: hash,
  file_hash: hash,
});

export const rawMessage = z.object({
  '@type': z.literal('raw.message'),
  hash,
  source: accountAddress,
  destination: accountAddress,
  value: decimal,
  extra_currencies: z.array(z.object({ '@type': z.literal('extraCurrency'), id: z.number().int(), amount: decimal })),
  fwd_fee: decimal,
  ihr_fee: decimal,
  created_lt: decimal,
  body_hash: hash,
  msg_data: z.object({ '@type': z.literal('msg.dataRaw'), body: z.string(), init_state: z.string() }),
});

export const rawTransaction = z.object({
  '@type': z.literal('raw.transaction'),
  address: accountAddress,
  account: z.string().regex(/^(0|-1):[0-9A-F]{64}$/),
  utime: z.number().int(),
  data: z.string(),
  transaction_id: z.object({ '@type': z.literal('internal.transactionId'), lt: decimal, hash }),
  fee: decimal,
  storage_fee: decimal,
  other_fee: decimal,
  in_msg: rawMessage.optional(),
  out_msgs: z.array(rawMessage),
});

export const v2Error = z.object({ ok: z.literal(false), error: z.string().min(1), code: z.number().int() });

// The JSON of each shape, the types the server's serializers return (src/server/serialize/v2.ts).
export type BlockIdExt = z.output<typeof blockIdExt>;
export type RawMessage = z.output<typeof rawMessage>;
export type RawTransaction = z.output<typeof rawTransaction>;
