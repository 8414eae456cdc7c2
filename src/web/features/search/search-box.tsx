import { useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSettings } from '../../lib/settings';
import { displayAddress, shortAddress } from '../../lib/format';
import { useApi } from '../../lib/router-context';
import { errorMessage } from '../../components/states';
import { resolveSearch, type JettonChoice, type SearchTarget } from './resolve-search';
import { addRecent, describeTarget, loadRecent, saveRecent, type RecentSearch } from './recent-searches';
import { SHORTCUTS, ariaKeys, isTypingTarget, pressed } from '../../lib/shortcuts';

/** The search on every page; `/` focuses it from anywhere outside a text field. */
export function SearchBox() {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ text: string; quiet?: boolean } | null>(null);
  // the jettons a symbol search found, to pick from
  const [choices, setChoices] = useState<{ query: string; jettons: JettonChoice[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { addressForm } = useSettings();
  const api = useApi();
  // Recent searches: a listbox under the empty, focused box (the ARIA combobox pattern).
  const [recent, setRecent] = useState<RecentSearch[]>(loadRecent);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const showRecent = focused && !dismissed && text === '' && !message && !choices && recent.length > 0;

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

  function remember(entry: RecentSearch) {
    // Read again first: another tab may have searched since this box loaded the list.
    const next = addRecent(loadRecent(), entry);
    saveRecent(next);
    setRecent(next);
  }

  async function open(target: SearchTarget) {
    setActive(-1);
    await navigate({ ...target, search: (prev: Record<string, unknown>) => ({ api: prev.api }) } as never);
  }

  async function submit() {
    setBusy(true);
    setMessage(null);
    setChoices(null);
    try {
      const query = text.trim();
      const result = await resolveSearch(qc, api, text);
      if (result.ok === 'choose') {
        setChoices({ query: result.query, jettons: result.jettons });
      } else if (result.ok) {
        remember({ query, target: result.target });
        // The box stays focused and empty after a search: the list would pop up over the new page.
        setDismissed(true);
        setText('');
        await open(result.target);
      } else {
        setMessage({ text: result.message, quiet: result.quiet });
      }
    } catch (e) {
      const m = errorMessage(e);
      setMessage({ text: `${m.title}: ${m.detail}` });
    } finally {
      setBusy(false);
    }
  }

  function pickJetton(query: string, jetton: JettonChoice) {
    remember({ query, target: jetton.target });
    setChoices(null);
    setDismissed(true);
    setText('');
  }

  function choose(entry: RecentSearch) {
    remember(entry);
    setDismissed(true);
    void open(entry.target);
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (choices && e.key === 'Escape') {
      e.preventDefault();
      setChoices(null);
      return;
    }
    if (!showRecent) {
      // Esc hid the list; ↓ brings it back, as in other comboboxes.
      if (e.key === 'ArrowDown' && text === '' && recent.length > 0) {
        e.preventDefault();
        setDismissed(false);
        setActive(0);
      }
      return;
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const last = recent.length - 1;
      setActive((a) => (e.key === 'ArrowDown' ? (a >= last ? 0 : a + 1) : a <= 0 ? last : a - 1));
    } else if (e.key === 'Enter' && active >= 0 && recent[active]) {
      e.preventDefault();
      choose(recent[active]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setDismissed(true);
      setActive(-1);
    }
  }

  function clearRecent() {
    saveRecent([]);
    setRecent([]);
    setActive(-1);
    input.current?.focus();
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
        Search by hash, address, masterchain seqno, block id or jetton symbol
      </label>
      <div className="flex gap-2">
        <div
          className="relative min-w-0 flex-1"
          onFocus={() => setFocused(true)}
          onBlur={(e) => {
            // Focus moving to the list's own clear button keeps it open (keyboard users reach it by Tab).
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) {
              setFocused(false);
              setDismissed(false);
              setActive(-1);
            }
          }}
        >
          <input
            id="global-search"
            ref={input}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setMessage(null);
              setChoices(null);
              setActive(-1);
              setDismissed(false);
            }}
            onKeyDown={onKeyDown}
            placeholder="Hash, address, mc seqno, wc:shard:seqno or jetton symbol  (press /)"
            aria-keyshortcuts={ariaKeys(SHORTCUTS.search)}
            role="combobox"
            aria-autocomplete="none"
            aria-expanded={showRecent}
            aria-controls="recent-searches"
            aria-activedescendant={showRecent && active >= 0 ? `recent-search-${active}` : undefined}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={message ? 'search-message' : choices ? 'jetton-choices-label' : undefined}
            aria-invalid={message && !message.quiet ? true : undefined}
            className="mono w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
          />
          {showRecent && (
            <div className="absolute z-30 mt-1 w-full rounded-md border border-slate-200 bg-white text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900">
              <div className="flex items-center justify-between px-3 pt-1.5 text-xs text-muted">
                <span id="recent-searches-label">Recent searches</span>
                <button
                  type="button"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={clearRecent}
                  className="rounded px-1 hover:underline"
                >
                  Clear
                </button>
              </div>
              <ul id="recent-searches" role="listbox" aria-labelledby="recent-searches-label" className="py-1">
                {recent.map((r, i) => (
                  <li
                    key={`${r.target.to}${JSON.stringify(r.target.params)}`}
                    id={`recent-search-${i}`}
                    role="option"
                    aria-selected={i === active}
                    // mousedown would blur the input and close the list before the click lands
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => choose(r)}
                    onMouseEnter={() => setActive(i)}
                    className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-1 ${i === active ? 'bg-teal-50 dark:bg-teal-950' : ''}`}
                  >
                    <span>{describeTarget(r.target, addressForm)}</span>
                    <span className="mono truncate text-xs text-muted">{r.query}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-teal-800 disabled:opacity-60"
        >
          {busy ? 'Searching…' : 'Search'}
        </button>
      </div>
      {message &&
        (message.quiet ? (
          <p
            id="search-message"
            role="status"
            data-testid="search-unoffered"
            className="absolute z-20 mt-1 w-full rounded-md border border-slate-200 bg-white p-2 text-sm text-muted shadow dark:border-slate-700 dark:bg-slate-900"
          >
            {message.text}
          </p>
        ) : (
          <p
            id="search-message"
            role="alert"
            className="absolute z-20 mt-1 w-full rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 shadow dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            {message.text}
          </p>
        ))}
      {choices && (
        <div
          className="absolute z-20 mt-1 w-full rounded-md border border-slate-200 bg-white text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
          data-testid="jetton-choices"
        >
          <p id="jetton-choices-label" className="px-3 pt-1.5 text-xs text-muted">
            Jettons whose symbol or name begins with “{choices.query}”
          </p>
          <ul aria-labelledby="jetton-choices-label" className="py-1">
            {choices.jettons.map((j) => (
              <li key={j.target.params.address}>
                <Link
                  {...j.target}
                  onClick={() => pickJetton(choices.query, j)}
                  className="flex items-baseline justify-between gap-3 px-3 py-1 hover:bg-teal-50 dark:hover:bg-teal-950"
                  data-testid="jetton-choice"
                >
                  <span>
                    <strong className="text-teal-700 dark:text-teal-400">{j.symbol ?? '—'}</strong>{' '}
                    <span className="text-muted">{j.name}</span>
                  </span>
                  <span className="mono truncate text-xs text-muted">
                    {shortAddress(displayAddress(j.target.params.address, addressForm), 4)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
