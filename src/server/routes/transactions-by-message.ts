import type { FastifyInstance } from 'fastify';
import { parseParams, transactionsByMessageParams, type RawQuery } from '../../api/params';
import type { LedgerReader } from '../store/interface';
import { addressBook } from '../serialize/address-book';
import { addressesOf, listBody } from '../serialize/json-cache';
import type { TransactionFragments } from '../serialize/cached';

/** v3 transactionsByMessage: the sender (`out`) and receiver (`in`) transactions of matching messages. */
export function registerTransactionsByMessage(app: FastifyInstance, reader: LedgerReader, fragments: TransactionFragments): void {
  app.get('/api/v3/transactionsByMessage', async (request, reply) => {
    const p = parseParams('transactionsByMessage', transactionsByMessageParams, request.query as RawQuery);
    const hashes = reader.findTransactionHashesByMessage(
      { msgHash: p.msg_hash, bodyHash: p.body_hash, opcode: p.opcode, direction: p.direction },
      { limit: p.limit, offset: p.offset, sort: p.sort },
    );
    const txs = fragments.v3Json(hashes);
    reply.type('application/json; charset=utf-8');
    return listBody('transactions', txs, { address_book: addressBook(reader, addressesOf(txs)) });
  });
}
