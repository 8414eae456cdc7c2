import { parseParams, type ParamsOf } from '../../api/operations/api-operation';
import type { RawQuery } from '../../api/operations/param-rules';
import { transactionsByMessage as api } from '../../api/operations/transactions-by-message';
import { parseHash } from '../../ton/hash';
import { writeTransactionList } from '../serialize/transaction-list';
import { defineOperation } from '../execution/operation';

type TransactionsByMessageParams = ParamsOf<typeof api>;

/** The schema's own paging defaults, read from it once, so the fast path below cannot drift from it. */
const DEFAULTS = (({ limit, offset, sort }) => ({ limit, offset, sort }))(
  parseParams(api, { msg_hash: '0'.repeat(64) }),
);

/**
 * The most common query, `?msg_hash=<a valid hash>` and nothing else, read without the schema
 * (zod's pass over the object is a few percent of this request's time): the same value the schema
 * gives. Anything else, or a hash the parser refuses, goes through the schema, which reports it.
 */
function byMessageHashOnly(query: RawQuery): TransactionsByMessageParams | null {
  let n = 0;
  for (const key in query) {
    if (key !== 'msg_hash' || ++n > 1) return null;
  }
  const value = query.msg_hash;
  if (typeof value !== 'string') return null;
  try {
    return { msg_hash: parseHash(value), ...DEFAULTS };
  } catch {
    return null;
  }
}

/** v3 transactionsByMessage: the sender (`out`) and receiver (`in`) transactions of matching messages. */
export const transactionsByMessage = defineOperation(api, {
  parse: (query) => byMessageHashOnly(query) ?? parseParams(api, query),
  cacheable: true,
  light: (p) => p.msg_hash !== undefined || (p.limit <= 100 && p.offset <= 1000),
  run: async (ctx, p, out) => {
    const hashes = await ctx.reader.findTransactionHashesByMessage(
      { msgHash: p.msg_hash, bodyHash: p.body_hash, opcode: p.opcode, direction: p.direction },
      { limit: p.limit, offset: p.offset, sort: p.sort },
    );
    await writeTransactionList(ctx, hashes, out);
  },
});
