import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useApi } from '../../lib/router-context';
import type { LiveNotification } from './notifications';
import { followStream, type StreamMode } from './stream';

// The explorer's live updates: one switch for every page, kept in the URL (`?live=off` pauses;
// it rides along on navigation like `?api=`, so a paused page stays paused and a shared link says
// so), and the state of the stream the current page follows, shown beside the switch.

/** How often a page asks again when it cannot stream. */
export const POLL_MS = 4000;

type Status = { mode: StreamMode | 'idle'; why: string | null };

interface LiveContextValue {
  paused: boolean;
  status: Status;
  setStatus: (s: Status) => void;
}

const LiveContext = createContext<LiveContextValue | null>(null);

export function LiveProvider({ children }: { children: ReactNode }) {
  const paused = useSearch({ strict: false }).live === 'off';
  const [status, setStatus] = useState<Status>({ mode: 'idle', why: null });
  const value = useMemo(() => ({ paused, status, setStatus }), [paused, status]);
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

function useLive(): LiveContextValue {
  const v = useContext(LiveContext);
  if (!v) throw new Error('useLive outside LiveProvider');
  return v;
}

/** Whether live updates are paused (`?live=off`). */
export function useLivePaused(): boolean {
  return useLive().paused;
}

/**
 * Follows `subscription` (a streaming v2 subscription; `'poll'`: the page changes but has nothing
 * to subscribe to; null: nothing left to follow, as a completed trace) while live, handing each
 * valid notification to `onNotification`. Answers the `refetchInterval` the page's queries take:
 * a timer while the stream is not there, else none.
 */
export function useLiveStream(
  subscription: object | 'poll' | null,
  onNotification: (n: LiveNotification) => void,
): { paused: boolean; refetchInterval: number | false } {
  const { paused, status, setStatus } = useLive();
  const base = useApi().base;
  const handler = useRef(onNotification);
  handler.current = onNotification;
  const key = subscription === null || subscription === 'poll' ? subscription : JSON.stringify(subscription);

  useEffect(() => {
    if (paused || key === null) return;
    if (key === 'poll') {
      setStatus({ mode: 'polling', why: 'nothing on this page to subscribe to' });
      return () => setStatus({ mode: 'idle', why: null });
    }
    const abort = new AbortController();
    void followStream(
      base,
      JSON.parse(key) as object,
      {
        onEvent: (n) => handler.current(n),
        onMode: (mode, why) => {
          if (!abort.signal.aborted) setStatus({ mode, why });
        },
      },
      abort.signal,
    );
    return () => {
      abort.abort();
      setStatus({ mode: 'idle', why: null });
    };
  }, [key, paused, base, setStatus]);

  return { paused, refetchInterval: !paused && key !== null && status.mode !== 'streaming' ? POLL_MS : false };
}

/** The header's switch and what the page's live updates are doing. */
export function LiveControl() {
  const { paused, status } = useLive();
  const navigate = useNavigate();
  const text = paused
    ? 'paused'
    : status.mode === 'streaming'
      ? 'streaming'
      : status.mode === 'polling'
        ? `polling every ${POLL_MS / 1000} s`
        : status.mode === 'connecting'
          ? 'connecting…'
          : '';
  return (
    <span className="flex items-center gap-1 text-xs">
      <button
        type="button"
        aria-pressed={!paused}
        title={paused ? 'Resume live updates' : 'Pause live updates'}
        onClick={() =>
          void navigate({
            to: '.',
            search: (prev: Record<string, unknown>) => ({ ...prev, live: paused ? undefined : 'off' }),
            replace: true,
          })
        }
        className="rounded-full border border-slate-300 px-2 py-0.5 dark:border-slate-700"
        data-testid="live-toggle"
      >
        <span aria-hidden="true" className={paused ? 'text-muted' : 'text-emerald-700 dark:text-emerald-400'}>
          {paused ? '❚❚' : '●'}
        </span>{' '}
        Live
      </button>
      {/* Read out everywhere, shown from sm up: on a phone the words arriving with the page's
          stream wrapped the header to a second row and moved the whole page down (Lighthouse:
          CLS 0.31); there the button's dot says live or paused. */}
      <span
        role="status"
        title={status.why ?? undefined}
        className="sr-only text-slate-600 sm:not-sr-only dark:text-slate-400"
        data-testid="live-status"
      >
        {text && `Live: ${text}`}
      </span>
    </span>
  );
}
