import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Negotiator } from '@fastify/accept-negotiator';
import { API_ANSWER_HEADERS, EVERY_ANSWER_HEADERS } from '../answer-headers';
import { logRequest } from '../request-log';
import { ANSWER_ENCODINGS, COMPRESS_THRESHOLD, type AnswerCache } from './answer-cache';

// no cache of headers: a client could grow it with headers of its own making
const encodings = new Negotiator({ supportedValues: ANSWER_ENCODINGS });

/**
 * Answers a GET or HEAD whose answer is kept, straight on the socket, before the framework routes
 * it; false (nothing sent) when none is kept. The answer goes out as the operation's own would:
 * the same headers (the hooks' `nosniff`, CORS and JSON type, `X-Ledger-Seqno` of the snapshot it
 * was read on), the encoding the compression plugin would choose (its compressed bytes made once
 * and kept beside the body; an encoding the cache does not keep is left to the plugin), and the
 * request's line in the log.
 */
export function answerKept(cache: AnswerCache, req: IncomingMessage, res: ServerResponse, log: boolean): boolean {
  const method = req.method;
  if ((method !== 'GET' && method !== 'HEAD') || req.url === undefined) return false;
  const kept = cache.get(req.url);
  if (kept === undefined) return false;
  const start = performance.now();
  const encoding = kept.body.length < COMPRESS_THRESHOLD ? null : answerEncoding(req.headers['accept-encoding']);
  if (encoding === 'deflate' || encoding === 'br' || encoding === 'gzip') {
    const body = cache.variant(kept, encoding);
    send(res, method, kept.seqno, body, { vary: 'accept-encoding', 'content-encoding': encoding });
  } else {
    // identity, or none the client accepts (the plugin then sends the body as it is)
    send(res, method, kept.seqno, kept.body, {});
  }
  if (log) logRequest(method, req.url, 200, performance.now() - start);
  return true;
}

/** The encoding the compression plugin chooses for a request's Accept-Encoding (null: none it offers). */
export function answerEncoding(accepted: string | undefined): string | null {
  // as the plugin reads the header: `*` and `x-gzip` stand for gzip
  return accepted === undefined ? null : encodings.negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'));
}

function send(
  res: ServerResponse,
  method: string,
  seqno: number | null,
  body: Buffer,
  extra: Record<string, string>,
): void {
  const headers: Record<string, string | number> = {
    ...EVERY_ANSWER_HEADERS,
    ...API_ANSWER_HEADERS,
    'content-length': body.length,
    ...extra,
  };
  if (seqno !== null) headers['x-ledger-seqno'] = String(seqno);
  res.writeHead(200, headers);
  res.end(method === 'HEAD' ? undefined : body);
}
