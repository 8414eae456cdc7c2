import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, Outlet, createRootRouteWithContext, retainSearchParams } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { SettingsProvider, apiBaseFor } from '../lib/settings';
import { clientFor } from '../../api/queries';
import { apiOverrideText } from '../lib/api-base';
import type { RouterContext } from '../lib/router-context';
import { SearchBox } from '../features/search/search-box';
import { SettingsPanel } from '../components/settings-panel';
import { SourceBanner } from '../components/source-banner';
import { LiveControl, LiveProvider } from '../features/live/live';
import { SHORTCUTS, ariaKeys, isTypingTarget, pressed } from '../lib/shortcuts';
import { useKnownSandboxLedger } from '../model/run-names';

// A chunk of its own: the home page's script stays within its budget, and few visits open the help.
const ShortcutHelp = lazy(() => import('../components/shortcut-help'));

// `?api=` makes the API base part of a shared link, `?live=off` pauses live updates
// (features/live); both ride along on every navigation. `api` is taken whatever its JSON type
// (`?api=1` parses as a number), so a malformed one is refused with a banner, not a crash.
const rootSearch = z.object({ api: z.optional(z.unknown()), live: z.optional(z.string()) });

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearch,
  search: { middlewares: [retainSearchParams(['api', 'live'])] },
  // Every loader and page reads the API client in effect from the context: for a link's ?api=,
  // else the saved choice, else the site's own (the settings invalidate the router when the saved
  // one changes, which runs this again).
  beforeLoad: ({ search }) => ({ api: clientFor(apiBaseFor(apiOverrideText(search.api))) }),
  component: RootLayout,
  // The root itself never shows a pending state: it has no data to wait for (its beforeLoad only
  // picks the client), and a pending root would hide the header, search and navigation until the
  // page's data came. The page under it shows its pending state at once (main.tsx).
  pendingMs: Infinity,
});

function RootLayout() {
  const { api } = Route.useSearch();
  const [open, setOpen] = useState(false);
  const [help, setHelp] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!pressed(SHORTCUTS.help, e) || isTypingTarget(e.target)) return;
      e.preventDefault();
      setHelp(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <SettingsProvider apiOverride={apiOverrideText(api)}>
      <LiveProvider>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <SourceBanner />
        <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
            <Link to="/" className="font-bold tracking-tight text-teal-700 dark:text-teal-400">
              ledgerscope
            </Link>
            <nav aria-label="Main" className="flex gap-3 text-sm">
              <Link to="/traces" className="hover:underline" activeProps={{ className: 'font-semibold underline' }}>
                Traces
              </Link>
              <Link to="/messages" className="hover:underline" activeProps={{ className: 'font-semibold underline' }}>
                Messages
              </Link>
              <Link to="/emulate" className="hover:underline" activeProps={{ className: 'font-semibold underline' }}>
                Emulate
              </Link>
              <TestsLink />
            </nav>
            <div className="order-last w-full sm:order-none sm:w-auto sm:flex-1">
              <SearchBox />
            </div>
            <LiveControl />
            <button
              type="button"
              aria-expanded={open}
              aria-label="Settings"
              onClick={() => setOpen((o) => !o)}
              className="ml-auto rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-700 sm:ml-0"
            >
              ⚙ <span className="hidden sm:inline">Settings</span>
            </button>
          </div>
          {open && <SettingsPanel onClose={() => setOpen(false)} />}
        </header>
        {/* at least a screen tall: the footer starts below the fold, so a page whose content
            grows as its data comes does not move it in view (a layout shift) */}
        <main id="main" className="mx-auto min-h-screen max-w-7xl px-3 py-4">
          <Outlet />
        </main>
        <footer className="mx-auto max-w-7xl px-3 pb-4 text-xs text-muted">
          <button
            type="button"
            onClick={() => setHelp(true)}
            aria-keyshortcuts={ariaKeys(SHORTCUTS.help)}
            className="hover:underline"
          >
            Keyboard shortcuts <kbd className="mono rounded border border-slate-300 px-1 dark:border-slate-700">?</kbd>
          </button>
        </footer>
        {help && (
          <Suspense fallback={null}>
            <ShortcutHelp onClose={() => setHelp(false)} />
          </Suspense>
        )}
      </LiveProvider>
    </SettingsProvider>
  );
}

/**
 * The Tests view's link, on a ledger of @ton/sandbox test runs only (no other ledger has tests),
 * once a page has asked (the home page, a trace or transaction page, the Tests view).
 */
function TestsLink() {
  if (!useKnownSandboxLedger()) return null;
  return (
    <Link to="/tests" className="hover:underline" activeProps={{ className: 'font-semibold underline' }}>
      Tests
    </Link>
  );
}
