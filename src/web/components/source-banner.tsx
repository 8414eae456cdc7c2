import { useNavigate } from '@tanstack/react-router';
import { useSettings } from '../lib/settings';
import { describeApiBase } from '../lib/api-base';

/**
 * Shown on every page while the data does not come from the site's own API: a shared link with
 * `?api=` (or a saved setting) could otherwise show another server's invented balances under this
 * site's name. One click goes back to the site's own data, dropping the link's `?api=` and any
 * saved choice.
 */
export function SourceBanner() {
  const s = useSettings();
  const navigate = useNavigate();
  if (s.effectiveApiBase === s.siteApiBase) return null;
  const host = describeApiBase(s.effectiveApiBase, location.origin);
  const back = () => {
    if (s.apiBase) s.update({ apiBase: '' });
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, api: undefined }) });
  };
  return (
    <div role="region" aria-label="Data source" data-testid="source-banner" className="border-b border-amber-400 bg-amber-100 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
      <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
        <span>
          <strong>Data from {host}</strong>, not this site&apos;s own API: what this page shows is that server&apos;s answer.
        </span>
        <button type="button" onClick={back} className="rounded-md border border-amber-700 px-2 py-0.5 font-medium hover:bg-amber-200 dark:border-amber-400 dark:hover:bg-amber-900">
          Back to this site&apos;s data
        </button>
      </p>
    </div>
  );
}
