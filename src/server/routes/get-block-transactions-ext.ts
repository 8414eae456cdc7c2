import type { FastifyInstance } from 'fastify';
import { getBlockTransactionsExtParams, parseParams, type RawQuery } from '../../api/params';
import type { LedgerReader } from '../../store/interface';
import { NotFoundError } from '../errors';
import { blockIdExt } from '../serialize/v2';
import type { TransactionFragments } from '../serialize/cached';
import { joinFragments } from '../serialize/json-cache';

let requests = 0;

/**
 * The response body for a parsed query string: everything the operation does besides HTTP.
 * `requestId` goes into the opaque `@extra`. bench/api.ts times this same function in-process.
 */
export function getBlockTransactionsExtBody(reader: LedgerReader, fragments: TransactionFragments, query: RawQuery, requestId: string): Buffer {
  const p = parseParams('getBlockTransactionsExt', getBlockTransactionsExtParams, query);
  const ref = { workchain: p.workchain, shard: p.shard, seqno: p.seqno };
  const block = reader.getBlock(ref);
  if (!block || (p.root_hash && !p.root_hash.equals(block.rootHash)) || (p.file_hash && !p.file_hash.equals(block.fileHash))) {
    throw new NotFoundError('block not found');
  }
  const after = p.after_hash !== undefined && p.after_lt !== undefined ? { account: p.after_hash, lt: p.after_lt } : null;
  const page = reader.getBlockTransactionHashes(ref, after, p.count);
  requests += 1;
  const txs = joinFragments(fragments.v2Json(page.hashes));
  const head = {
    '@type': 'blocks.transactionsExt',
    id: blockIdExt(block),
    req_count: p.count,
    incomplete: page.incomplete,
  };
  const extra = JSON.stringify(`${Date.now() / 1000}:${requests}:${requestId}`);
  return Buffer.concat([Buffer.from(`{"ok":true,"result":${JSON.stringify(head).slice(0, -1)},"transactions":[`), ...txs, Buffer.from(`],"@extra":${extra}}}`)]);
}

/**
 * v2 getBlockTransactionsExt: a block's transactions in (account, lt) order, walked with the
 * cursor `after_lt` + `after_hash`. The cursor's "hash" is the account id of the last transaction
 * seen, not a transaction hash: the name is historical (ton-http-api kept lite-server's name).
 */
export function registerGetBlockTransactionsExt(app: FastifyInstance, reader: LedgerReader, fragments: TransactionFragments): void {
  app.get('/api/v2/getBlockTransactionsExt', async (request, reply) => {
    const body = getBlockTransactionsExtBody(reader, fragments, request.query as RawQuery, request.id);
    reply.type('application/json; charset=utf-8');
    return body;
  });
}
