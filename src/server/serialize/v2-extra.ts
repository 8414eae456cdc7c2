import type { ReadContext } from '../execution/operation';

/**
 * A v2 answer's `@extra`: opaque to clients (TON Center echoes its request id there), here the time,
 * a counter of this reader's v2 answers and the request's id.
 */
export function v2Extra({ caches, requestId }: Pick<ReadContext, 'caches' | 'requestId'>): string {
  caches.v2Answers += 1;
  return `${Date.now() / 1000}:${caches.v2Answers}:${requestId}`;
}
