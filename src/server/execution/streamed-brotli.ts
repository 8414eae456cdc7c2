import { pipeline, type Readable } from 'node:stream';
import { constants, createBrotliCompress } from 'node:zlib';
import { answerEncoding } from './answer-kept';

/**
 * A streamed answer (over 1 MB, which a reader worker sends in pieces) compressed by brotli at
 * quality 1, when brotli is the encoding the compression plugin would choose for the request;
 * else null, and the plugin compresses the answer as it does any other. The plugin's quality 4
 * (kept for smaller answers, and by the answer cache) took 1.8 s on a loaded two-core machine for
 * the 54 MB answer of a 4,000-transaction trace, all of it before the answer's last byte;
 * quality 1 takes 0.17 s for 4.6 MB instead of 4.0 (docs/benchmarks.md, "At the 4,000 cap").
 */
export function streamedBrotli(accepted: string | undefined, body: Readable): Readable | null {
  if (answerEncoding(accepted) !== 'br') return null;
  const br = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
  // a failure on either side ends both (the server then cuts the response); a client gone away
  // destroys the compressor, and with it the body, which stops the worker
  pipeline(body, br, () => {});
  return br;
}
