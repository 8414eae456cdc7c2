// The answer cache on PostgreSQL, whose witness of commits is a round trip (a fresh snapshot's
// text): against the real server over a ledger that a running producer keeps writing into a real
// PostgreSQL server, each answer of the caching server compared with a server that keeps nothing,
// at each block. The first server is strict (`API_ANSWER_STALENESS_MS=0`: every request that may be
// answered from the cache waits for a read begun after it came), so an answer asked right after a
// commit by another connection includes it; the staleness window is tested on servers of its own.
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgLiveLedger } from '../store/postgres/test-support/pg-live-ledger';
import {
  expectGetMethodKeptUntilTheNextBlock,
  expectNoAnswerFromBeforeABlock,
  serveWithCache,
  withCacheServers,
} from './test-support/cache-servers';
import { SseStream } from './test-support/live-stream';

const t = withCacheServers(
  () => startPgLiveLedger(9, 60),
  (l) => l.url,
  { answerStalenessMs: 0 },
);

/** A GET: the bytes as sent (no inflating) and the headers that matter. */
async function get(base: string, url: string, headers: Record<string, string> = {}) {
  const r = await fetch(base + url, { headers: { 'accept-encoding': 'identity', ...headers } });
  return {
    status: r.status,
    seqno: r.headers.get('x-ledger-seqno'),
    encoding: r.headers.get('content-encoding'),
    body: Buffer.from(await r.arrayBuffer()),
  };
}

describe('the answer cache on PostgreSQL', () => {
  it('answers a repeated question without a worker, with the bytes a server that keeps nothing sends', async () => {
    const url = '/api/v3/traces?limit=5';
    const first = await get(t.cached.base, url);
    expect(first.status).toBe(200);
    expect(t.cached.app.ledgerAnswers!.get(url)?.body).toEqual(first.body);
    const admitted = t.cached.app.ledgerReaders.requestsAdmitted;
    const again = await get(t.cached.base, url);
    expect(t.cached.app.ledgerReaders.requestsAdmitted).toBe(admitted);
    expect(again).toEqual(first);
    expect(again).toEqual(await get(t.fresh.base, url));
    // fetch inflates what it is sent: the compressed bytes are compared through the kept variant
    const br = await fetch(t.cached.base + url, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(await br.arrayBuffer())).toEqual(first.body);
    const variant = t.cached.app.ledgerAnswers!.variant(t.cached.app.ledgerAnswers!.get(url)!, 'br');
    expect(brotliDecompressSync(variant)).toEqual(first.body);
    expect(t.cached.app.ledgerReaders.requestsAdmitted).toBe(admitted);
    expect(t.fresh.app.ledgerAnswers).toBeNull();
  });

  it('never answers from before a block: the newest traces, a pending trace that completes', async () => {
    await expectNoAnswerFromBeforeABlock({
      cached: t.cached,
      get: (which, url) => get((which === 'cached' ? t.cached : t.fresh).base, url),
      pendingIds: async () =>
        (await t.ledger.query<{ trace_id: Buffer }>("SELECT trace_id FROM traces WHERE state = 'pending' LIMIT 8")).map(
          (r) => r.trace_id,
        ),
      slot: () => t.ledger.slot(),
    });
  }, 300_000);

  it("keeps a get method's run by its parameters, in every form it comes in, until the next block", async () => {
    // the wallet that sent the most external messages: its seqno moves within a few blocks
    const [{ account: wallet }] = (await t.ledger.query<{ account: string }>(
      `SELECT a.account FROM accounts a JOIN transactions t ON t.account = a.account
       WHERE a.status = 'active' AND a.interfaces::text LIKE '%wallet_%'
       GROUP BY a.account ORDER BY count(*) DESC, a.account LIMIT 1`,
    )) as [{ account: string }];
    await expectGetMethodKeptUntilTheNextBlock(t, wallet);
  }, 300_000);
});

describe('the staleness window on PostgreSQL', () => {
  const url = '/api/v3/masterchainInfo';
  const cache = 16 * 1024 * 1024;
  // a window far longer than the test's steps: an answer kept before a commit would be served
  // after it, were the window not closed by the stream's word or bounded by its length
  const stalenessMs = 300;
  let quiet: Awaited<ReturnType<typeof serveWithCache>>;
  let streaming: Awaited<ReturnType<typeof serveWithCache>>;
  beforeAll(async () => {
    // its follower looks once at start, never again within the test: nothing tells it of a commit
    quiet = await serveWithCache(t.ledger.url, cache, {
      limits: { answerStalenessMs: stalenessMs },
      streaming: { pollMs: 60_000 },
    });
    streaming = await serveWithCache(t.ledger.url, cache, {
      limits: { answerStalenessMs: 10_000 },
      streaming: { pollMs: 10 },
    });
  }, 300_000);
  afterAll(async () => {
    await quiet?.app.close();
    await streaming?.app.close();
  });

  const newest = async (base: string) => {
    const r = await fetch(base + url);
    expect(r.status).toBe(200);
    return ((await r.json()) as { last: { seqno: number } }).last.seqno;
  };
  /** Asks twice: the second is kept, so a later answer from before a commit would be the kept one. */
  const keep = async (served: { app: typeof quiet.app; base: string }) => {
    const seqno = await newest(served.base);
    expect(await newest(served.base)).toBe(seqno);
    expect(served.app.ledgerAnswers!.get(url), 'kept').toBeDefined();
    return seqno;
  };

  it('answers with a commit made by another connection once the window has passed since it', async () => {
    const before = await keep(quiet);
    await t.ledger.slot();
    // a fixed wait is what is tested: the window's length past the commit, then no answer is older
    await sleep(stalenessMs + 20);
    expect(await newest(quiet.base)).toBeGreaterThan(before);
    expect(await newest(quiet.base)).toBe(await newest(t.fresh.base));
  });

  it('never answers a client from before a block this server streamed to it, however long the window', async () => {
    const accounts = (await t.ledger.query<{ account: string }>('SELECT DISTINCT account FROM transactions')).map(
      (r) => r.account,
    );
    const s = await SseStream.open(streaming.base, { types: ['transactions'], addresses: accounts });
    try {
      await s.until(() => s.frames.length >= 1, 'the connected frame');
      // a block may hold no transaction of the ledger's first accounts (nothing streamed): the next one will
      let streamed = 0;
      for (let i = 0; i < 6 && streamed === 0; i++) {
        const before = await keep(streaming);
        await t.ledger.slot();
        const [{ seqno }] = (await t.ledger.query<{ seqno: number }>(
          'SELECT max(seqno) AS seqno FROM blocks WHERE workchain = -1',
        )) as [{ seqno: number }];
        const [{ n }] = (await t.ledger.query<{ n: string }>(
          'SELECT count(*) AS n FROM transactions WHERE mc_seqno = $1 AND account = ANY($2)',
          [seqno, accounts],
        )) as [{ n: string }];
        if (Number(n) === 0) continue;
        await s.until(() => s.events.some((e) => e.type === 'transactions'), `block ${seqno}`);
        // at once on the event: the answer kept before the block was read well within the window
        const answered = await newest(streaming.base);
        streamed = Math.max(
          ...s.events.flatMap((e) => e.transactions.map((x: { mc_block_seqno: number }) => x.mc_block_seqno)),
        );
        expect(streamed).toBeGreaterThan(before);
        expect(answered).toBeGreaterThanOrEqual(streamed);
      }
      expect(streamed, 'a block was streamed').toBeGreaterThan(0);
    } finally {
      s.close();
    }
  }, 300_000);
});
