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

/** The tab of a page with tabs, from the URL: an unknown one opens the first. */
export function tabSearch<const K extends readonly [string, ...string[]]>(tabs: K) {
  return { tab: z.optional(z.catch(z.enum(tabs), tabs[0])) };
}

/** The search of another tab: its first page (the first tab is the URL without `tab`). */
export const searchOfTab =
  <K extends string>(tab: K, first: K) =>
  <S extends object>(s: S) => ({ ...s, tab: tab === first ? undefined : tab, offset: undefined });
