import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ANSWER_ENCODINGS, COMPRESS_THRESHOLD, type AnswerCache, type KeptAnswer } from './answer-cache';

// no cache of headers: a client could grow it with headers of its own making
const encodings = new Negotiator({ supportedValues: ANSWER_ENCODINGS });

/**
 * Sends a kept answer as the operation's own answer would go: the same headers (`X-Ledger-Seqno`
 * of the snapshot it was read on, the JSON type; the hooks add the rest and log the request) and
 * the same encoding the compression plugin would choose, its compressed bytes kept beside the body
 * so they are made once. An encoding the cache does not know is left to the plugin.
 */
export function sendKept(cache: AnswerCache, kept: KeptAnswer, request: FastifyRequest, reply: FastifyReply) {
  if (kept.seqno !== null) reply.header('X-Ledger-Seqno', String(kept.seqno));
  reply.type('application/json; charset=utf-8');
  const accepted = request.headers['accept-encoding'];
  // as the plugin reads the header: `*` and `x-gzip` stand for gzip
  const encoding =
    accepted === undefined || kept.body.length < COMPRESS_THRESHOLD
      ? null
      : encodings.negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'));
  if (encoding === 'br' || encoding === 'gzip' || encoding === 'deflate') {
    const body = cache.variant(kept, encoding);
    reply.header('Vary', 'accept-encoding').header('Content-Encoding', encoding).header('Content-Length', body.length);
    return reply.send(body);
  }
  return reply.send(kept.body);
}
