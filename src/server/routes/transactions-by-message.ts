import type { FastifyInstance } from 'fastify';
import { parseParams, transactionsByMessageParams, type RawQuery, type TransactionsByMessageParams } from '../../api/params';
import { parseHash } from '../../ton/hash';
import type { LedgerReader } from '../../store/interface';
import { addressBookJson } from '../serialize/address-book';
import { addressesOf, listBody } from '../serialize/json-cache';
import type { TransactionFragments } from '../serialize/cached';

/** The schema's own paging defaults, read from it once, so the fast path below cannot drift from it. */
const DEFAULTS = (({ limit, offset, sort }) => ({ limit, offset, sort }))(
  parseParams('transactionsByMessage', transactionsByMessageParams, { msg_hash: '0'.repeat(64) }),
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

/**
 * The response body for a parsed query string: everything the operation does besides HTTP (its
 * parameters, the store query, the cached JSON, the address book). bench/api.ts times this same
 * function in-process as the baseline of the service's overhead.
 */
export function transactionsByMessageBody(reader: LedgerReader, fragments: TransactionFragments, query: RawQuery): Buffer {
  const p = byMessageHashOnly(query) ?? parseParams('transactionsByMessage', transactionsByMessageParams, query);
  const hashes = reader.findTransactionHashesByMessage(
    { msgHash: p.msg_hash, bodyHash: p.body_hash, opcode: p.opcode, direction: p.direction },
    { limit: p.limit, offset: p.offset, sort: p.sort },
  );
  const txs = fragments.v3Json(hashes);
  return listBody('transactions', txs, { address_book: addressBookJson(reader, addressesOf(txs)) });
}

/** v3 transactionsByMessage: the sender (`out`) and receiver (`in`) transactions of matching messages. */
export function registerTransactionsByMessage(app: FastifyInstance, reader: LedgerReader, fragments: TransactionFragments): void {
  // a synchronous handler (an error it throws still reaches the error handler): no promise per request
  app.get('/api/v3/transactionsByMessage', (request, reply) => {
    reply.type('application/json; charset=utf-8').send(transactionsByMessageBody(reader, fragments, request.query as RawQuery));
  });
}
