import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createServer } from '../app';
import type { ServiceLimits } from '../limits';
import type { StreamingLimits } from '../streaming/limits';

type Served = Awaited<ReturnType<typeof serveWithCache>>;

/**
 * A server of the ledger at `location` on a port of its own, keeping `answerCacheBytes` of answers
 * (0: none); `limits` and `streaming` set any other bound.
 */
export async function serveWithCache(
  location: string,
  answerCacheBytes: number,
  opts: { limits?: Partial<ServiceLimits>; streaming?: Partial<StreamingLimits> } = {},
): Promise<{ app: FastifyInstance; base: string }> {
  const app = await createServer({
    location,
    // a worker's first get method loads the emulator: seconds on a busy machine
    limits: { workers: 1, lightWorkers: 0, answerCacheBytes, queryTimeoutMs: 120_000, ...opts.limits },
    streaming: opts.streaming,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/**
 * What may change with the next block, asked (and so kept) before it: the newest traces and the
 * traces still pending (`pendingIds`, read from the ledger); after each block (`slot`), every answer
 * of the caching server is the answer of the one that keeps nothing (`same`). Goes on until each
 * kind of change was seen (the newest traces moved, a pending trace completed), at most six blocks.
 */
export async function expectNoAnswerFromBeforeABlock(t: {
  cached: { app: FastifyInstance };
  get(which: 'cached' | 'fresh', url: string): Promise<{ status: number; body: Buffer }>;
  pendingIds(): Promise<Buffer[]>;
  slot(): Promise<unknown>;
}): Promise<void> {
  const seen = { newest: 0, completed: 0 };
  for (let block = 0; block < 6 && (seen.newest === 0 || seen.completed === 0); block++) {
    const pending = (await t.pendingIds()).map((id) => `/api/v3/traces?trace_id=${id.toString('hex')}`);
    const urls = ['/api/v3/traces?limit=3', ...pending];
    const before = new Map<string, Buffer>();
    for (const url of urls) {
      const a = await t.get('cached', url);
      expect(a.status, url).toBe(200);
      expect(t.cached.app.ledgerAnswers!.get(url)?.body, url).toEqual(a.body); // kept
      before.set(url, a.body);
    }

    await t.slot();

    for (const url of urls) {
      const now = await t.get('cached', url);
      expect(now, url).toEqual(await t.get('fresh', url));
      if (now.body.equals(before.get(url)!)) continue;
      if (url === urls[0]) seen.newest += 1;
      if (pending.includes(url) && now.body.includes('"trace_state":"complete"')) seen.completed += 1;
    }
  }
  // each kind of change happened within the blocks made, and was answered as the ledger stood after it
  expect(Math.min(seen.newest, seen.completed), JSON.stringify(seen)).toBeGreaterThan(0);
}

/**
 * A ledger (`open`) and two servers of it, one that keeps answers (16 MB, with `limits`) and one
 * that keeps none, started before the file's tests and stopped after them; filled in when they have
 * started.
 */
export function withCacheServers<L extends { close(): Promise<void> }>(
  open: () => Promise<L>,
  location: (ledger: L) => string,
  limits: Partial<ServiceLimits> = {},
): { ledger: L; cached: Served; fresh: Served } {
  const t = {} as { ledger: L; cached: Served; fresh: Served };
  beforeAll(async () => {
    t.ledger = await open();
    t.cached = await serveWithCache(location(t.ledger), 16 * 1024 * 1024, { limits });
    t.fresh = await serveWithCache(location(t.ledger), 0);
  }, 300_000);
  afterAll(async () => {
    await t.cached?.app.close();
    await t.fresh?.app.close();
    await t.ledger?.close();
  });
  return t;
}

/** A POST of `body` as JSON. */
export const postJson = (base: string, path: string, body: unknown) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * A wallet's `seqno` asked in every form a client sends it (v2 by POST, by GET and as a JSON-RPC
 * call; v3 by POST), block after block until it changes (at most six): at each block, one run for
 * v2 and one for v3 however often it is asked, every answer the one of the server that keeps
 * nothing, and every v2 answer with an `@extra` of its own.
 */
export async function expectGetMethodKeptUntilTheNextBlock(
  t: { cached: Served; fresh: Served; ledger: { slot(): Promise<unknown> } },
  wallet: string,
): Promise<void> {
  const call = { address: wallet, method: 'seqno', stack: [] };
  const forms = async (base: string) => {
    const answers = [
      await postJson(base, '/api/v2/runGetMethod', call),
      await fetch(`${base}/api/v2/runGetMethod?address=${encodeURIComponent(wallet)}&method=seqno`),
      await postJson(base, '/api/v2/jsonRPC', { id: 7, jsonrpc: '2.0', method: 'runGetMethod', params: call }),
    ];
    const bodies = await Promise.all(answers.map(async (a) => (await a.json()) as { result: { '@extra': string } }));
    for (const a of answers) expect(a.status).toBe(200);
    const v3 = await postJson(base, '/api/v3/runGetMethod', call);
    expect(v3.status).toBe(200);
    return { v2: bodies, v3: await v3.text(), seqno: answers.map((a) => a.headers.get('x-ledger-seqno')) };
  };
  /** The v2 answers with their `@extra` apart, and the `@extra`s. */
  const split = (v2: { result: { '@extra': string } }[]) => ({
    results: v2.map(({ result: { '@extra': _extra, ...rest } }) => rest),
    extras: v2.map((a) => a.result['@extra']),
  });

  const seqnos = new Set<string>();
  for (let block = 0; block < 6 && seqnos.size < 2; block++) {
    const admitted = t.cached.app.ledgerReaders.requestsAdmitted;
    const first = await forms(t.cached.base);
    // one run for v2 (the POST), one for v3: the GET and the JSON-RPC call were answered as kept
    expect(t.cached.app.ledgerReaders.requestsAdmitted - admitted).toBe(2);
    const again = await forms(t.cached.base);
    expect(t.cached.app.ledgerReaders.requestsAdmitted - admitted).toBe(2);
    const expected = await forms(t.fresh.base);
    for (const got of [first, again]) {
      expect(split(got.v2).results).toEqual(split(expected.v2).results);
      expect(got.v3).toBe(expected.v3);
      expect(got.seqno).toEqual(expected.seqno);
    }
    // every v2 answer names its own request, kept or not
    const extras = [...split(first.v2).extras, ...split(again.v2).extras];
    expect(new Set(extras).size).toBe(extras.length);
    seqnos.add(JSON.stringify(split(expected.v2).results[0]));
    await t.ledger.slot();
  }
  // the wallet's seqno changed within the blocks made, and each block's answer was its own
  expect(seqnos.size, [...seqnos].join(' ')).toBeGreaterThan(1);
}
