import type { FastifyInstance } from 'fastify';
import { parseParams, transactionsByMessageParams, type RawQuery } from '../../api/params';
import type { LedgerReader } from '../store/interface';
import { addressBook, collectAddresses } from '../serialize/address-book';
import { transactionJson } from '../serialize/v3';

/** v3 transactionsByMessage: the sender (`out`) and receiver (`in`) transactions of matching messages. */
export function registerTransactionsByMessage(app: FastifyInstance, reader: LedgerReader): void {
  app.get('/api/v3/transactionsByMessage', async (request) => {
    const p = parseParams('transactionsByMessage', transactionsByMessageParams, request.query as RawQuery);
    const transactions = reader
      .findTransactionsByMessage({ msgHash: p.msg_hash, bodyHash: p.body_hash, opcode: p.opcode, direction: p.direction }, { limit: p.limit, offset: p.offset, sort: p.sort })
      .map(transactionJson);
    return { transactions, address_book: addressBook(reader, collectAddresses(transactions)) };
  });
}
