// The answer cache on PostgreSQL, whose witness of commits is a round trip (a fresh snapshot's
// text, read after each request that may be answered from the cache came): against the real server
// over a ledger that a running producer keeps writing into a real PostgreSQL server, each answer of
// the caching server compared with a server that keeps nothing, at each block.
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { startPgLiveLedger } from '../store/postgres/test-support/pg-live-ledger';
import {
  expectGetMethodKeptUntilTheNextBlock,
  expectNoAnswerFromBeforeABlock,
  withCacheServers,
} from './test-support/cache-servers';

const t = withCacheServers(
  () => startPgLiveLedger(9, 60),
  (l) => l.url,
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
