import { useEffect, useRef } from 'react';
import { keyLabel, shortcutGroups } from '../lib/shortcuts';

/**
 * The `?` help: a modal `<dialog>`, so the browser traps focus inside it and closes it on Esc.
 * Loaded lazily (the root layout imports it with `React.lazy`): nobody needs it on first paint.
 */
export default function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Focus goes back where it was (a page's key handlers read from there), not to the body.
    const before = document.activeElement as HTMLElement | null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      before?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby="shortcut-help-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      // Keys pressed in the help are not the page's: j/k/Esc must not also move the trace
      // selection underneath (React's handler runs before the page's window listeners).
      onKeyDown={(e) => e.stopPropagation()}
      onClick={(e) => {
        if (e.target === ref.current) onClose(); // a click on the backdrop
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="p-4">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="shortcut-help-title" className="text-lg font-semibold">
            Keyboard shortcuts
          </h2>
          <button
            type="button"
            autoFocus
            onClick={onClose}
            className="rounded border border-slate-300 px-2 py-0.5 text-sm dark:border-slate-700"
          >
            Close
          </button>
        </div>
        {shortcutGroups().map((g) => (
          <section key={g.scope} aria-labelledby={`shortcuts-${g.scope}`} className="mb-3">
            <h3 id={`shortcuts-${g.scope}`} className="mb-1 text-xs font-semibold uppercase text-muted">
              {g.scope}
            </h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {g.shortcuts.map((s) => (
                <div key={s.label} className="contents" data-testid="shortcut">
                  <dt className="whitespace-nowrap">
                    {s.keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 && <span className="text-slate-400"> or </span>}
                        <kbd className="mono rounded border border-slate-300 bg-slate-50 px-1.5 dark:border-slate-600 dark:bg-slate-800">
                          {keyLabel(k)}
                        </kbd>
                      </span>
                    ))}
                  </dt>
                  <dd>{s.label}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </dialog>
  );
}
