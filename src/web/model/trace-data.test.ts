import { describe, expect, it } from 'vitest';
import { ApiShapeError, LedgerClient, readTracesPage } from '../../api/client';
import { tracesStreamReader } from '../../api/traces-stream-reader';
import jettonJson from '../test-support/trace-jetton.json';
import tonCenterJson from '../../api/test-support/fixtures/ton-center/v3-traces-cookbook-mainnet.json';
import { traceDataOf, viewedPage } from './trace-data';
import { readTrace } from './trace-reader';
import { fromApiTrace } from './trace-view';

// A real answer of our server (the recorded jetton transfer), read as the trace page reads it.

/** An API whose `traces` answer streams in the given pieces, one read each. */
const streamingApi = (pieces: Uint8Array[]) =>
  new LedgerClient({
    baseUrl: '',
    fetch: () =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            start(c) {
              for (const p of pieces) c.enqueue(p);
              c.close();
            },
          }),
          { status: 200 },
        ),
      ),
  });
const bytes = () => new TextEncoder().encode(JSON.stringify(jettonJson)).buffer as ArrayBuffer;
const URL_ = '/api/v3/traces?trace_id=x';

describe('the trace page data', () => {
  it('reads an answer’s bytes as getTraces reads its body, and builds the view of its trace', async () => {
    const api = new LedgerClient({
      baseUrl: '',
      fetch: () => Promise.resolve(new Response(JSON.stringify(jettonJson), { status: 200 })),
    });
    const page = readTracesPage(URL_, bytes());
    expect(page).toEqual(await api.getTraces({ trace_id: 'x' }));
    const data = traceDataOf(page);
    expect(data.view).toEqual(fromApiTrace(page.traces[0]!, page.addressBook));
    expect(await data.whole()).toBe(page);
  });

  it('hands over the view and the answer without its transactions and tree, which survive a worker’s copy', () => {
    const page = readTracesPage(URL_, bytes());
    const handed = viewedPage(page);
    const t = handed.page.traces[0]!;
    expect(t.transactions).toEqual({});
    expect(t.root).toBeNull();
    // the rest of the answer is the page's: the header's fields, the actions, the address book
    expect({ ...t, transactions: undefined, root: undefined }).toEqual({
      ...page.traces[0]!,
      transactions: undefined,
      root: undefined,
    });
    expect(handed.page.addressBook).toBe(page.addressBook);
    expect(handed.view!.txs.size).toBe(Object.keys(page.traces[0]!.transactions).length);
    // postMessage copies with the structured clone algorithm: the view's Map comes across whole
    expect(structuredClone(handed)).toEqual(handed);
  });

  it('reads TON Center’s answer (nodes of hashes only, its dialect) the same way, in a worker or not', () => {
    const page = readTracesPage(URL_, new TextEncoder().encode(JSON.stringify(tonCenterJson)).buffer as ArrayBuffer);
    const handed = viewedPage(page);
    expect(handed.view!.txs.size).toBe(Object.keys(tonCenterJson.traces[0]!.transactions).length);
    expect(handed.view).toEqual(traceDataOf(page).view);
    expect(structuredClone(handed)).toEqual(handed);
  });

  it('an answer streamed in pieces, characters split between them, reads as it does whole', async () => {
    // a field of two- to four-byte characters: 5-byte pieces split some of them
    const [first, book] = Object.entries(jettonJson.address_book)[0]!;
    const answer = {
      ...jettonJson,
      address_book: { ...jettonJson.address_book, [first]: { ...book, domain: 'ä ✓ 𝄞.ton' } },
    };
    const whole = new TextEncoder().encode(JSON.stringify(answer));
    const pieces = Array.from({ length: Math.ceil(whole.length / 5) }, (_, i) => whole.slice(i * 5, i * 5 + 5));
    const api = streamingApi(pieces);
    const reader = tracesStreamReader();
    let handed = 0;
    const { url, received } = await api.streamTraces({ trace_id: 'x' }, (piece) => {
      handed += 1;
      reader.push(piece);
    });
    expect(handed).toBe(pieces.length);
    expect(received).toBe(whole.length);
    const page = reader.finish(url);
    expect(page).toEqual(readTracesPage(url, whole.buffer as ArrayBuffer));
    expect(JSON.stringify(page.addressBook)).toContain('ä ✓ 𝄞.ton');
    expect(reader.readOnArrival).toBe(Object.keys(jettonJson.traces[0]!.transactions).length);
  });

  it('a body that is not JSON, or not a traces answer, is a shape error as getTraces says it', () => {
    expect(() => readTracesPage(URL_, new TextEncoder().encode('<html>').buffer as ArrayBuffer)).toThrow(ApiShapeError);
    const wrong = new TextEncoder().encode(JSON.stringify({ traces: [{ trace_id: 1 }] })).buffer as ArrayBuffer;
    expect(() => readTracesPage(URL_, wrong)).toThrow(/traces\.0\.trace_id/);
  });

  it('readTrace asks the API as getTraces does and reads a small answer in the page', async () => {
    const asked: string[] = [];
    const api = new LedgerClient({
      baseUrl: 'https://example.test/',
      fetch: (url) => {
        asked.push(String(url));
        return Promise.resolve(new Response(JSON.stringify(jettonJson), { status: 200 }));
      },
    });
    const data = await readTrace(api, { trace_id: 'ab', include_actions: true, limit: 1 });
    expect(asked).toEqual(['https://example.test/api/v3/traces?trace_id=ab&include_actions=true&limit=1']);
    expect(data.view!.txs.size).toBe(Object.keys(jettonJson.traces[0]!.transactions).length);
    expect((await data.whole()).traces[0]!.transactions).toEqual(data.page.traces[0]!.transactions);
  });

  it('readTrace throws the API’s own errors', async () => {
    const api = new LedgerClient({
      baseUrl: '',
      fetch: () =>
        Promise.resolve(new Response(JSON.stringify({ error: 'trace not found', code: 404 }), { status: 404 })),
    });
    await expect(readTrace(api, { trace_id: 'ab', limit: 1 })).rejects.toMatchObject({
      kind: 'not-found',
      message: 'trace not found',
    });
  });

  it('readTrace says when an answer is big, while it still streams, and hands its pieces to the worker', async () => {
    // Worker is the browser's; a stand-in records what the page sends it and fails the read, the
    // worker's own reading being the e2e suite's (the big trace's page)
    const sent: string[] = [];
    let bigAt = -1;
    class RecordingWorker {
      onmessage: ((e: { data: unknown }) => void) | null = null;
      onerror: unknown = null;
      postMessage(m: { type: string; id: number }) {
        sent.push(m.type);
        if (m.type === 'end')
          queueMicrotask(() =>
            this.onmessage?.({ data: { type: 'failed', id: m.id, shape: null, message: 'stand-in' } }),
          );
      }
    }
    const real = globalThis.Worker;
    globalThis.Worker = RecordingWorker as unknown as typeof Worker;
    try {
      const piece = new Uint8Array(300_000);
      const api = streamingApi(Array.from({ length: 6 }, () => piece.slice()));
      await expect(
        readTrace(api, { trace_id: 'ab', limit: 1 }, undefined, () => (bigAt = sent.length)),
      ).rejects.toThrow('stand-in');
      // 4 pieces make the answer big (1.2 MB): they go over, then the page is told, then the rest come
      expect(bigAt).toBe(4);
      expect(sent).toEqual(['chunk', 'chunk', 'chunk', 'chunk', 'chunk', 'chunk', 'end']);
    } finally {
      globalThis.Worker = real;
    }
  });

  it('readTrace of a small answer does not say it is big', async () => {
    let big = false;
    const api = new LedgerClient({
      baseUrl: '',
      fetch: () => Promise.resolve(new Response(JSON.stringify(jettonJson), { status: 200 })),
    });
    await readTrace(api, { trace_id: 'ab', limit: 1 }, undefined, () => (big = true));
    expect(big).toBe(false);
  });
});
