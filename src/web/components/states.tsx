import type { ReactNode } from 'react';

/** The API's own message when it gave one; "unreachable" when no HTTP answer came at all. */
export function errorMessage(error: unknown): { title: string; detail: string; unreachable: boolean } {
  const e = error as { status?: number; message?: string; name?: string } | null;
  if (e && typeof e.status === 'number') {
    return { title: e.status === 404 ? 'Not found' : `The API answered ${e.status}`, detail: e.message ?? '', unreachable: false };
  }
  if (e && (e.name === 'TypeError' || e.name === 'ApiUnreachableError' || /fetch|network/i.test(e.message ?? ''))) {
    return { title: 'The API is unreachable', detail: e.message ?? 'No answer from the API base URL (see Settings).', unreachable: true };
  }
  return { title: 'Something went wrong', detail: e?.message ?? String(error), unreachable: false };
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const m = errorMessage(error);
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <p className="font-semibold">{m.title}</p>
      {m.detail && <p className="mt-1 text-sm break-words">{m.detail}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-3 rounded-md border border-red-400 px-3 py-1 text-sm font-medium hover:bg-red-100 dark:hover:bg-red-900">
          Retry
        </button>
      )}
    </div>
  );
}

export function NotFound({ what, children }: { what: string; children?: ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      {/* a not-found answer stands in for the whole page: its title is the page's heading */}
      <h1 className="font-semibold">Not found: {what}</h1>
      {children && <div className="mt-1 text-sm">{children}</div>}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">{children}</p>;
}

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <p role="status" aria-live="polite" className="animate-pulse text-sm text-slate-500 dark:text-slate-400">
      {label}…
    </p>
  );
}

/** Placeholder rows of the table's own shape, so the page does not jump when data arrives. */
export function SkeletonRows({ rows, cols }: { rows: number; cols: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} aria-hidden="true">
          {Array.from({ length: cols }, (_, c) => (
            <td key={c} className="px-3 py-2">
              <span className="block h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
