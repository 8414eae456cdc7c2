import type { FastifyInstance } from 'fastify';
import { masterchainBlockShardStateParams, parseParams, type RawQuery } from '../../api/params';
import type { LedgerReader } from '../../store/interface';
import { NotFoundError } from '../errors';
import { addressBookJson } from '../serialize/address-book';
import { addressesOf, listBody } from '../serialize/json-cache';
import type { TransactionFragments } from '../serialize/cached';
import { blockJson } from '../serialize/v3';

/** v3 masterchainBlockShardState: the transactions committed by one masterchain block, and its blocks. */
export function registerMasterchainBlockShardState(app: FastifyInstance, reader: LedgerReader, fragments: TransactionFragments): void {
  app.get('/api/v3/masterchainBlockShardState', async (request, reply) => {
    const p = parseParams('masterchainBlockShardState', masterchainBlockShardStateParams, request.query as RawQuery);
    const blocks = reader.getMasterchainBlocks(p.seqno);
    if (!blocks) throw new NotFoundError(`masterchain block ${p.seqno} not found`);
    const txs = fragments.v3Json(reader.getTransactionHashesByMcSeqno(p.seqno, { limit: p.limit, offset: p.offset, sort: p.sort }));
    reply.type('application/json; charset=utf-8');
    return listBody('transactions', txs, {
      address_book: addressBookJson(reader, addressesOf(txs)),
      blocks: blocks.map((b) => blockJson(b, p.seqno)),
    });
  });
}
