import type { ReactNode } from 'react';
import { isLedgerApiError } from '../../api/client';

/**
 * What to tell the reader, by the client's `kind` of error: the thing does not exist, the request
 * was refused (the API's own message says why), the query outgrew the server's time budget (504),
 * no HTTP answer came at all, the server failed, or
 * it answered in a shape this explorer does not read (another API, or a broken proxy).
 */
export function errorMessage(error: unknown): { title: string; detail: string; unreachable: boolean } {
  if (isLedgerApiError(error)) {
    switch (error.kind) {
      case 'not-found':
        return { title: 'Not found', detail: error.message, unreachable: false };
      case 'bad-request':
        return { title: `The API refused the request (${error.status})`, detail: error.message, unreachable: false };
      case 'too-heavy':
        return {
          title: `The query was too heavy for the server's time budget (${error.status})`,
          detail: `The API stopped it: ${error.message}. Retry, or ask for less (a smaller page, a narrower filter).`,
          unreachable: false,
        };
      case 'server':
        return {
          title: `The API failed to answer (${error.status})`,
          detail: `${error.message}. It may answer if asked again.`,
          unreachable: false,
        };
      case 'unreachable':
        return {
          title: 'The API is unreachable',
          detail: `${error.message}. Check the API base URL in Settings.`,
          unreachable: true,
        };
      case 'shape':
        return { title: 'The API sent an answer this explorer cannot read', detail: error.message, unreachable: false };
    }
  }
  return {
    title: 'Something went wrong',
    detail: error instanceof Error ? error.message : String(error),
    unreachable: false,
  };
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const m = errorMessage(error);
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{m.title}</p>
      {m.detail && <p className="mt-1 text-sm break-words">{m.detail}</p>}
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 rounded-md border border-red-400 px-3 py-1 text-sm font-medium hover:bg-red-100 dark:hover:bg-red-900"
        >
          Retry
        </button>
      )}
    </div>
  );
}

/**
 * A data area whose endpoint the API does not offer (a 404 for the path itself: TON Center has no
 * `balanceChanges`, another deployment may lack the jetton or NFT lists). Asking again cannot
 * change that, so it is said calmly, without an alert or a Retry.
 */
export function Unoffered({ what, endpoint, testId }: { what: string; endpoint: string; testId?: string }) {
  return (
    <p className="text-sm text-muted" data-testid={testId ?? 'unoffered'}>
      This API does not offer {what} (it has no <code className="mono">{endpoint}</code>: 404 Not Found).
    </p>
  );
}

export function NotFound({ what, children }: { what: string; children?: ReactNode }) {
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {/* a not-found answer stands in for the whole page: its title is the page's heading */}
      <h1 className="font-semibold">Not found: {what}</h1>
      {children && <div className="mt-1 text-sm">{children}</div>}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
      {children}
    </p>
  );
}

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <p role="status" aria-live="polite" className="animate-pulse text-sm text-muted">
      {label}…
    </p>
  );
}
