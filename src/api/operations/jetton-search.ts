import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { fail, limit, offset, shown, text } from './param-rules';
import { jettonMasters } from './jetton-lists';

/** The longest text `jetton/search` takes (symbols are tickers; names are a few words). */
export const JETTON_SEARCH_MAX_CHARS = 64;

/** The text to look for: trimmed, 1..64 characters, no control characters. */
const query = text.transform((s, ctx): string => {
  const q = s.trim();
  if (q.length === 0) return fail(ctx, 'must be a symbol or name to look for, got an empty text');
  if ([...q].length > JETTON_SEARCH_MAX_CHARS)
    return fail(ctx, `must be at most ${JETTON_SEARCH_MAX_CHARS} characters, got ${shown(q)}`);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(q)) return fail(ctx, `must not hold control characters, got ${shown(q)}`);
  return q;
});

/**
 * Our own extension (TON Center's published v3 has no search by symbol): jetton masters whose
 * symbol, or else name, matches `q` (ASCII case folded), the exact symbol first, then the symbols
 * it begins, then the names it begins; each group by its key, then address. Answered as
 * `jetton/masters` answers (same entries, address book and metadata). An API without it answers
 * 404, and the explorer says quietly that it cannot search by symbol there.
 */
export const jettonSearch = defineApiOperation({
  path: '/api/v3/jetton/search',
  params: z.object({ q: query, limit: limit(10), offset }),
  response: jettonMasters.response,
  error: jettonMasters.error,
});
