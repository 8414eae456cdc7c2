import type { FastifyInstance } from 'fastify';
import { masterchainBlockShardStateParams, parseParams, type RawQuery } from '../../api/params';
import type { LedgerReader } from '../store/interface';
import { NotFoundError } from '../errors';
import { addressBook, collectAddresses } from '../serialize/address-book';
import { blockJson, transactionJson } from '../serialize/v3';

/** v3 masterchainBlockShardState: the transactions committed by one masterchain block, and its blocks. */
export function registerMasterchainBlockShardState(app: FastifyInstance, reader: LedgerReader): void {
  app.get('/api/v3/masterchainBlockShardState', async (request) => {
    const p = parseParams('masterchainBlockShardState', masterchainBlockShardStateParams, request.query as RawQuery);
    const blocks = reader.getMasterchainBlocks(p.seqno);
    if (!blocks) throw new NotFoundError(`masterchain block ${p.seqno} not found`);
    const transactions = reader.getTransactionsByMcSeqno(p.seqno, { limit: p.limit, offset: p.offset, sort: p.sort }).map(transactionJson);
    return {
      transactions,
      address_book: addressBook(reader, collectAddresses(transactions)),
      blocks: blocks.map((b) => blockJson(b, p.seqno)),
    };
  });
}
