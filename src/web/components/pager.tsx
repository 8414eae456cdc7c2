import { PAGE_SIZES, type PageState } from '../lib/pagination';
import { Loading } from './states';

/** Previous/next and page size; the page itself lives in the URL (limit/offset). */
export function Pager({
  page,
  limit,
  onChange,
  label,
}: {
  page: PageState<unknown> | null;
  limit: number;
  onChange: (p: { limit?: number; offset?: number }) => void;
  label: string;
}) {
  return (
    <nav aria-label={`${label} pages`} className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <button
        type="button"
        disabled={!page?.hasPrev}
        onClick={() => page?.prevOffset !== null && page && onChange({ offset: page.prevOffset ?? 0 })}
        className="rounded border border-slate-300 px-3 py-1 disabled:opacity-40 dark:border-slate-700"
      >
        ← Previous
      </button>
      <span aria-live="polite">{page ? (page.rows.length ? `${page.from}–${page.to}` : 'no rows') : '…'}</span>
      <button
        type="button"
        disabled={!page?.hasNext}
        onClick={() => page?.nextOffset !== null && page && onChange({ offset: page.nextOffset ?? 0 })}
        className="rounded border border-slate-300 px-3 py-1 disabled:opacity-40 dark:border-slate-700"
      >
        Next →
      </button>
      <label className="ml-auto inline-flex items-center gap-1">
        Rows per page
        <select
          value={limit}
          onChange={(e) => onChange({ limit: Number(e.target.value), offset: 0 })}
          className="rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-700 dark:bg-slate-900"
        >
          {[...new Set([...PAGE_SIZES, limit])]
            .sort((a, b) => a - b)
            .map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
        </select>
      </label>
    </nav>
  );
}

/** A list's place while its page loads: the loading line, and the pager (its size choice already usable). */
export function ListPending({ limit, label }: { limit: number; label: string }) {
  return (
    <>
      <Loading label={`Loading ${label.toLowerCase()}`} />
      <Pager page={null} limit={limit} label={label} onChange={() => undefined} />
    </>
  );
}
