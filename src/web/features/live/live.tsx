import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
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

const IDLE: Status = { mode: 'idle', why: null };

interface LiveContextValue {
  paused: boolean;
  setStatus: (s: Status) => void;
}

// Two contexts: the switch (and the setter) every page reads, and the stream's state only the
// header's control shows. In one context, each change of state ('connecting', 'streaming')
// re-rendered the whole page that follows the stream, at once: on a wallet's page a 35-55 ms task
// that Lighthouse's phone CPU counted as up to 170 ms of blocking time.
const LiveContext = createContext<LiveContextValue | null>(null);
const LiveStatusContext = createContext<Status>(IDLE);

export function LiveProvider({ children }: { children: ReactNode }) {
  const paused = useSearch({ strict: false }).live === 'off';
  const [status, setStatus] = useState<Status>(IDLE);
  const value = useMemo(() => ({ paused, setStatus }), [paused]);
  return (
    <LiveContext.Provider value={value}>
      <LiveStatusContext.Provider value={status}>{children}</LiveStatusContext.Provider>
    </LiveContext.Provider>
  );
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
  const { paused, setStatus } = useLive();
  // whether this page's own stream is up: the page re-renders when that flips, not on every state
  const [streaming, setStreaming] = useState(false);
  const base = useApi().base;
  const handler = useRef(onNotification);
  handler.current = onNotification;
  const key = subscription === null || subscription === 'poll' ? subscription : JSON.stringify(subscription);

  useEffect(() => {
    if (paused || key === null) return;
    if (key === 'poll') {
      setStatus({ mode: 'polling', why: 'nothing on this page to subscribe to' });
      return () => setStatus(IDLE);
    }
    const abort = new AbortController();
    void followStream(
      base,
      JSON.parse(key) as object,
      {
        onEvent: (n) => handler.current(n),
        // A transition: the stream's answer comes outside any event, where an update renders the
        // page in one task; in a transition React renders it in slices the browser can interrupt.
        onMode: (mode, why) => {
          if (abort.signal.aborted) return;
          startTransition(() => {
            setStatus({ mode, why });
            setStreaming(mode === 'streaming');
          });
        },
      },
      abort.signal,
    );
    return () => {
      abort.abort();
      setStatus(IDLE);
      setStreaming(false);
    };
  }, [key, paused, base, setStatus]);

  return { paused, refetchInterval: !paused && key !== null && !streaming ? POLL_MS : false };
}

/** The header's switch and what the page's live updates are doing. */
export function LiveControl() {
  const { paused } = useLive();
  const status = useContext(LiveStatusContext);
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
