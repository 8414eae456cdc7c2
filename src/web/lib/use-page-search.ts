import { z } from 'zod/mini';
import { clampLimit, clampOffset } from './pagination';

/**
 * limit/offset of a paginated view, validated from the URL: out-of-range values are brought within
 * the API's bounds (1..1000, >= 0) instead of producing a 422, so a hand-edited link still opens.
 */
export function pageSearch(defaultLimit: number) {
  return {
    limit: z.optional(
      z.pipe(
        z.catch(z.coerce.number(), defaultLimit),
        z.transform((v: number) => clampLimit(v, defaultLimit)),
      ),
    ),
    offset: z.optional(
      z.pipe(
        z.catch(z.coerce.number(), 0),
        z.transform((v: number) => clampOffset(v)),
      ),
    ),
  };
}
