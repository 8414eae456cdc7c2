import { useNavigate } from '@tanstack/react-router';
import { useSettings } from '../lib/settings';
import { describeApiBase } from '../lib/api-base';

/**
 * Shown on every page while the data does not come from the site's own API: a shared link with
 * `?api=` (or a saved setting) could otherwise show another server's invented balances under this
 * site's name. One click goes back to the site's own data, dropping the link's `?api=` and any
 * saved choice. A link's `?api=` that is neither an http(s) URL nor a path of this site (`//host`,
 * `/\host`: lib/api-base.ts) is refused, and the banner says so, with the host actually read.
 */
export function SourceBanner() {
  const s = useSettings();
  const navigate = useNavigate();
  const foreign = s.effectiveApiBase !== s.siteApiBase;
  const refused = s.refusedApiOverride;
  if (!foreign && !refused) return null;
  const host = describeApiBase(s.effectiveApiBase, location.origin);
  const dropOverride = () =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, api: undefined }) });
  const back = () => {
    if (s.apiBase) s.update({ apiBase: '' });
    dropOverride();
  };
  const button =
    'rounded-md border border-amber-700 px-2 py-0.5 font-medium hover:bg-amber-200 dark:border-amber-400 dark:hover:bg-amber-900';
  return (
    <div
      role="region"
      aria-label="Data source"
      data-testid="source-banner"
      className="border-b border-amber-400 bg-amber-100 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
        {refused && (
          <p data-testid="refused-api" className="w-full break-all">
            <strong>This link&apos;s API was refused:</strong>{' '}
            <code className="mono">{refused.value.slice(0, 200)}</code> ({refused.reason}). An API link is an http(s)://
            URL or a path of this site.
          </p>
        )}
        <span>
          {foreign ? (
            <>
              <strong>Data from {host}</strong>, not this site&apos;s own API: what this page shows is that
              server&apos;s answer.
            </>
          ) : (
            <>
              <strong>Data from {host}</strong>, this site&apos;s own API.
            </>
          )}
        </span>
        {foreign ? (
          <button type="button" onClick={back} className={button}>
            Back to this site&apos;s data
          </button>
        ) : (
          <button type="button" onClick={dropOverride} className={button}>
            Remove it from the link
          </button>
        )}
      </div>
    </div>
  );
}
