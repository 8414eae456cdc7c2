import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_SUBSCRIBED, boundedSubscription, followStream, type StreamMode } from './stream';

afterEach(() => vi.unstubAllGlobals());

const addresses = (n: number) => Array.from({ length: n }, (_, i) => `0:${i.toString(16).padStart(64, '0')}`);

describe('a subscription the explorer sends', () => {
  it('never names more addresses, nor more trace hashes, than the server takes', () => {
    const big = boundedSubscription({
      types: ['transactions'],
      addresses: addresses(1322),
      trace_external_hash_norms: addresses(MAX_SUBSCRIBED + 1),
      min_finality: 'pending',
    }) as { addresses: string[]; trace_external_hash_norms: string[]; min_finality: string };
    expect(big.addresses).toEqual(addresses(MAX_SUBSCRIBED));
    expect(big.trace_external_hash_norms).toHaveLength(MAX_SUBSCRIBED);
    expect(big.min_finality).toBe('pending');
    const small = { types: ['transactions'], addresses: addresses(8) };
    expect(boundedSubscription(small)).toEqual(small);
  });

  it('is cut before it goes out, and a refused one turns the page to polling without knocking again', async () => {
    const sent: unknown[] = [];
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ error: 'too many addresses: 1322 > max 1000' }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const modes: [StreamMode, string | null][] = [];
    const abort = new AbortController();
    await followStream(
      '',
      { types: ['transactions'], addresses: addresses(1322) },
      { onEvent: () => undefined, onMode: (m, why) => modes.push([m, why]) },
      abort.signal,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((sent[0] as { addresses: string[] }).addresses).toHaveLength(MAX_SUBSCRIBED);
    expect(modes.at(-1)).toEqual([
      'polling',
      'the API refused this subscription (HTTP 400: too many addresses: 1322 > max 1000)',
    ]);
  });
});
