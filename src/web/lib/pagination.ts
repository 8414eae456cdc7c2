/** The API's bounds for `limit` and `offset` (docs/api.md: 1..1000, >= 0). */
export const MAX_LIMIT = 1000;
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export function clampLimit(limit: number | undefined, fallback: number): number {
  if (limit === undefined || !Number.isFinite(limit)) return fallback;
  return Math.min(MAX_LIMIT, Math.max(1, Math.floor(limit)));
}

export function clampOffset(offset: number | undefined): number {
  if (offset === undefined || !Number.isFinite(offset)) return 0;
  return Math.max(0, Math.floor(offset));
}

/**
 * The page is fetched with `limit + 1` rows: the extra row, never shown, says whether a next page
 * exists without asking for a total count (the API has none, and counting scales badly).
 */
export function fetchLimit(limit: number): number {
  return Math.min(MAX_LIMIT, limit + 1);
}

export interface PageState<T> {
  rows: T[];
  hasNext: boolean;
  hasPrev: boolean;
  nextOffset: number | null;
  prevOffset: number | null;
  from: number;
  to: number;
}

/**
 * Splits a `limit + 1` fetch into the visible page and the navigation it allows. At limit 1000 the
 * API cannot return 1001 rows, so a full page of 1000 means "maybe more": next stays enabled.
 */
export function pageOf<T>(fetched: readonly T[], limit: number, offset: number): PageState<T> {
  const rows = fetched.slice(0, limit);
  const hasNext = fetched.length > limit || (limit >= MAX_LIMIT && fetched.length >= MAX_LIMIT);
  const hasPrev = offset > 0;
  return {
    rows,
    hasNext,
    hasPrev,
    nextOffset: hasNext ? offset + limit : null,
    prevOffset: hasPrev ? Math.max(0, offset - limit) : null,
    from: rows.length === 0 ? 0 : offset + 1,
    to: offset + rows.length,
  };
}
