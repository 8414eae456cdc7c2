import { useState } from 'react';

/** Rows a long list shows at first, and adds per "Show more": a trace of 4,000 transactions opens at 200 rows. */
export const LIST_STEP = 200;

/**
 * The first rows of a long list, growing on request: the page opens with `step` rows however long
 * the list (a 4,000-row table took seconds to mount), and the reader asks for more or all. The row
 * at `mustShow` (a selected transaction, chosen in the graph or with the keyboard) is always
 * among those shown.
 */
export function useLongList<T>(
  rows: readonly T[],
  mustShow = -1,
  step = LIST_STEP,
): { shown: readonly T[]; more: () => void; all: () => void } {
  const [limit, setLimit] = useState(step);
  const count = Math.max(limit, mustShow + 1);
  return {
    shown: rows.length <= count ? rows : rows.slice(0, count),
    more: () => setLimit(count + step),
    all: () => setLimit(Infinity),
  };
}

/** Under a long list: how much of it shows, and the buttons that show more of it. */
export function ShowMore({
  shown,
  total,
  what,
  onMore,
  onAll,
  step = LIST_STEP,
}: {
  shown: number;
  total: number;
  what: string;
  onMore: () => void;
  onAll: () => void;
  step?: number;
}) {
  if (shown >= total) return null;
  const button =
    'rounded border border-slate-300 px-2 py-0.5 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';
  return (
    <p
      className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400"
      data-testid="show-more"
    >
      <span>
        {shown} of {total} {what} shown.
      </span>
      <button type="button" onClick={onMore} className={button}>
        Show {Math.min(step, total - shown)} more
      </button>
      <button type="button" onClick={onAll} className={button}>
        Show all {total}
      </button>
    </p>
  );
}
