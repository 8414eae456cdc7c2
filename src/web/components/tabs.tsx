import type { ReactNode } from 'react';
import { Deferred } from './route-states';

export interface Tab<K extends string> {
  id: K;
  label: string;
  /** The endpoint the tab's list reads, for the note when the API does not offer it. */
  offers?: { what: string; endpoint: string };
}

/**
 * A page's tabs: the tab in the URL (a search parameter), so each one can be linked to; the
 * page navigates on `onSelect`. One panel shows, labelled by its tab; with a `resetKey` (the list's
 * address and page) the panel is a data area of its own (Deferred): its own pending state, its own
 * errors, and the calm note when the API does not offer the tab's endpoint.
 */
export function Tabs<K extends string>({
  id,
  label,
  tabs,
  current,
  onSelect,
  resetKey,
  children,
}: {
  /** Prefix of the tabs' and panel's ids. */
  id: string;
  /** Names the tab list for assistive technology. */
  label: string;
  tabs: readonly Tab<K>[];
  current: K;
  onSelect: (tab: K) => void;
  resetKey?: string;
  children: ReactNode;
}) {
  const shown = tabs.find((t) => t.id === current);
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800"
      >
        {tabs.map((t) => {
          const selected = t.id === current;
          return (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`${id}-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSelect(t.id)}
              onKeyDown={(e) => {
                const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
                if (!step) return;
                const i = tabs.findIndex((x) => x.id === current);
                const next = tabs[(i + step + tabs.length) % tabs.length]!;
                onSelect(next.id);
                document.getElementById(`${id}-tab-${next.id}`)?.focus();
              }}
              className={`-mb-px rounded-t border px-3 py-1 text-sm ${
                selected
                  ? 'border-slate-200 border-b-white bg-white font-semibold dark:border-slate-800 dark:border-b-slate-950 dark:bg-slate-950'
                  : 'border-transparent text-teal-700 hover:underline dark:text-teal-400'
              }`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current}`} className="pt-2">
        {resetKey === undefined ? (
          children
        ) : (
          <Deferred
            label={`Loading ${shown?.label.toLowerCase() ?? current}`}
            resetKey={`${resetKey}/${current}`}
            offers={shown?.offers}
          >
            {children}
          </Deferred>
        )}
      </div>
    </div>
  );
}
