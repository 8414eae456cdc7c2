import { sseParser } from './sse-frames';
import { readNotification, type LiveNotification } from './notifications';

// A client of TON Center's streaming v2 over SSE (`POST /api/streaming/v2/sse`): it opens the
// stream, hands each notification on, and reconnects with a growing delay when the stream breaks.
// While it is not streaming the page polls, so nothing is missed between two connections.

/** `streaming`: events arrive as they happen; `polling`: the page asks the API again on a timer. */
export type StreamMode = 'connecting' | 'streaming' | 'polling';

export interface StreamHandlers {
  /** A notification the explorer follows, validated (others, and any that does not read, are dropped). */
  onEvent: (n: LiveNotification) => void;
  onMode: (mode: StreamMode, why: string | null) => void;
}

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/**
 * Answers that say this API has no streaming: not there (404), not this method (405), not built
 * (501), or refused to us (401/403: a TON Center deployment streams to keyed clients only). The
 * page polls for the rest of its life rather than knocking again.
 */
const NO_STREAMING = new Set([401, 403, 404, 405, 501]);

/**
 * The most addresses, and apart the most trace hashes, one subscription names: the ledgerscope
 * server's `STREAM_MAX_ADDRESSES` default, past which it answers 400. The pages name a handful (the
 * home page at most 8 heartbeat accounts, an account page one, a trace page its id); a longer list
 * is cut here rather than sent to be refused.
 */
export const MAX_SUBSCRIBED = 1000;

/** `subscription` with its address and trace-hash lists cut to `MAX_SUBSCRIBED` each. */
export function boundedSubscription(subscription: object): object {
  const out: Record<string, unknown> = { ...subscription };
  for (const key of ['addresses', 'trace_external_hash_norms']) {
    const list = out[key];
    if (Array.isArray(list) && list.length > MAX_SUBSCRIBED) out[key] = list.slice(0, MAX_SUBSCRIBED);
  }
  return out;
}

/** The API's own message in an error answer (`{"error": …}`), else the status alone. */
async function refusal(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    if (typeof error === 'string' && error) return `HTTP ${res.status}: ${error}`;
  } catch {
    // not JSON: the status says enough
  }
  return `HTTP ${res.status}`;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

/** Follows the stream of `subscription` at `base` until `signal` aborts. */
export async function followStream(
  base: string,
  subscription: object,
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  let delay = FIRST_DELAY_MS;
  while (!signal.aborted) {
    let why: string;
    try {
      handlers.onMode('connecting', null);
      const res = await fetch(`${base}/api/streaming/v2/sse`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify(boundedSubscription(subscription)),
        signal,
      });
      if (NO_STREAMING.has(res.status)) {
        handlers.onMode('polling', `this API does not stream (HTTP ${res.status})`);
        return;
      }
      // the subscription itself was refused (too many addresses for this server, a field it does
      // not take): asked again, it is refused again, so the page polls instead
      if (res.status === 400 || res.status === 422) {
        handlers.onMode('polling', `the API refused this subscription (${await refusal(res)})`);
        return;
      }
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      // a host that answers every path with its index page (a single-page app's fallback) does
      // not stream either
      if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
        handlers.onMode(
          'polling',
          `this API does not stream (${res.headers.get('content-type') ?? 'no content type'})`,
        );
        return;
      }
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const push = sseParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const frame of push(value)) {
          if (frame.event === 'connected') {
            delay = FIRST_DELAY_MS;
            handlers.onMode('streaming', null);
          } else if (frame.event === 'event') {
            const n = readNotification(JSON.parse(frame.data));
            if (n) handlers.onEvent(n);
          }
          // the server drops a slow consumer with a last `error` frame: reconnect
          else if (frame.event === 'error') throw new Error(frame.data);
        }
      }
      why = 'the stream ended';
    } catch (error) {
      if (signal.aborted) return;
      why = (error as Error).message;
    }
    handlers.onMode('polling', `reconnecting: ${why}`);
    await sleep(delay, signal);
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  }
}
