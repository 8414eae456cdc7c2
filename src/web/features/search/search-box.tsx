import { useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSettings } from '../../lib/settings';
import { errorMessage } from '../../components/states';
import { resolveSearch } from './resolve-search';
import { SHORTCUTS, ariaKeys, isTypingTarget, pressed } from '../../lib/shortcuts';

/** The search on every page; `/` focuses it from anywhere outside a text field. */
export function SearchBox() {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { effectiveApiBase } = useSettings();

  // A layout effect, so the shortcut is live in the same commit that puts the box on screen: a
  // passive effect runs a frame later, and a `/` typed in between (a fast user, or a test that
  // waits for the box to appear) would be lost.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!pressed(SHORTCUTS.search, e) || isTypingTarget(e.target)) return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  async function submit() {
    setBusy(true);
    setMessage(null);
    try {
      const result = await resolveSearch(qc, effectiveApiBase, text);
      if (result.ok) {
        setText('');
        await navigate({ ...result.target, search: (prev: Record<string, unknown>) => ({ api: prev.api }) } as never);
      } else {
        setMessage(result.message);
      }
    } catch (e) {
      const m = errorMessage(e);
      setMessage(`${m.title}: ${m.detail}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      role="search"
      className="relative w-full"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor="global-search" className="sr-only">
        Search by hash, address, masterchain seqno or block id
      </label>
      <div className="flex gap-2">
        <input
          id="global-search"
          ref={input}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setMessage(null);
          }}
          placeholder="Hash, address, mc seqno or wc:shard:seqno  (press /)"
          aria-keyshortcuts={ariaKeys(SHORTCUTS.search)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={message ? 'search-message' : undefined}
          aria-invalid={message ? true : undefined}
          className="mono min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <button type="submit" disabled={busy} className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-teal-800 disabled:opacity-60">
          {busy ? 'Searching…' : 'Search'}
        </button>
      </div>
      {message && (
        <p id="search-message" role="alert" className="absolute z-20 mt-1 w-full rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 shadow dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {message}
        </p>
      )}
    </form>
  );
}
