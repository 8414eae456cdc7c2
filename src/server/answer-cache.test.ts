// The answer cache against the real server over a ledger that a running producer keeps writing:
// whatever a new block changes (the newest traces, a pending trace that completes, an account that
// gets deployed and so changes the address book) is never answered from before it. Each answer of
// the caching server is compared, byte for byte, with a server that keeps nothing, at each block.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  expectGetMethodKeptUntilTheNextBlock,
  expectNoAnswerFromBeforeABlock,
  postJson,
  withCacheServers,
} from './test-support/cache-servers';
import { startLiveLedger } from './test-support/live-stream';

const t = withCacheServers(
  () => startLiveLedger(9, 60),
  (l) => l.path,
);

/** A GET over node:http: the bytes as sent (fetch would inflate them), and the headers that matter. */
function get(base: string, url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{
    status: number;
    seqno: unknown;
    encoding: unknown;
    length: unknown;
    headers: Record<string, unknown>;
    body: Buffer;
  }>((resolve, reject) => {
    http
      // a connection per request: a kept-alive one idle through a block's making may be closed by the
      // server just as it is reused (ECONNRESET), which is the client's race, not the server's
      .request(base + url, { method, agent: false, headers: { 'accept-encoding': 'identity', ...headers } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            seqno: res.headers['x-ledger-seqno'],
            encoding: res.headers['content-encoding'],
            length: res.headers['content-length'],
            // every header but the ones of the moment and of the connection
            headers: Object.fromEntries(
              Object.entries(res.headers).filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k)),
            ),
            body: Buffer.concat(parts),
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}
const bookOf = (body: Buffer) =>
  (JSON.parse(body.toString()) as { address_book?: Record<string, unknown> }).address_book ?? {};

describe('the answer cache', () => {
  it('answers a repeated question with the same bytes and headers, compressed once per encoding', async () => {
    const url = '/api/v3/traces?limit=5';
    const first = await get(t.cached.base, url);
    expect(first.status).toBe(200);
    const kept = t.cached.app.ledgerAnswers!.size;
    expect(kept).toBeGreaterThanOrEqual(first.body.length);
    const again = await get(t.cached.base, url);
    expect(again).toEqual(first);
    const br = await get(t.cached.base, url, { 'accept-encoding': 'gzip, br' });
    expect(br.encoding).toBe('br');
    expect(Number(br.length)).toBe(br.body.length);
    expect(brotliDecompressSync(br.body)).toEqual(first.body);
    const gz = await get(t.cached.base, url, { 'accept-encoding': 'gzip' });
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(first.body);
    expect(t.cached.app.ledgerAnswers!.size).toBeGreaterThan(kept);
    // kept answers go out before the framework sees them, with its headers; only the framing may
    // differ (a body the plugin compresses as a stream goes chunked, a kept one has its length)
    const framing = ({ headers, length: _length, body: _body, ...rest }: Awaited<ReturnType<typeof get>>) => ({
      ...rest,
      headers: Object.fromEntries(
        Object.entries(headers).filter(([k]) => k !== 'content-length' && k !== 'transfer-encoding'),
      ),
    });
    const brFresh = await get(t.fresh.base, url, { 'accept-encoding': 'gzip, br' });
    expect(framing(br)).toEqual(framing(brFresh));
    expect(brotliDecompressSync(brFresh.body)).toEqual(first.body);
    const gzFresh = await get(t.fresh.base, url, { 'accept-encoding': 'gzip' });
    expect(framing(gz)).toEqual(framing(gzFresh));
    expect(gunzipSync(gzFresh.body)).toEqual(first.body);
    const head = await get(t.cached.base, url, {}, 'HEAD');
    expect(head.body.length).toBe(0);
    expect(head.headers).toEqual(first.headers);
    // the cache is off in the other server, and its answer is the same
    expect(t.fresh.app.ledgerAnswers).toBeNull();
    expect(await get(t.fresh.base, url)).toEqual(first);
  });

  it('never answers from before a block: the newest traces, a pending trace that completes', async () => {
    await expectNoAnswerFromBeforeABlock({
      cached: t.cached,
      get: (which, url) => get((which === 'cached' ? t.cached : t.fresh).base, url),
      pendingIds: async () =>
        t.ledger.sql.prepare("SELECT trace_id FROM traces WHERE state = 'pending' LIMIT 8").pluck().all() as Buffer[],
      slot: () => t.ledger.slot(),
    });
  }, 300_000);

  it('never answers from before a change of the address book', async () => {
    // An answer kept, naming a contract that is active and no wallet (its user-friendly form is
    // bounceable); of those, the one idle longest, so the traffic of the next block leaves it be.
    // Workers read the address book as of a masterchain block, so a change reaches answers with the
    // block that follows it: the store's writer commits what the producer would write were the
    // contract frozen, and the producer makes the next block.
    const url = '/api/v3/traces?limit=10';
    const was = await get(t.cached.base, url);
    expect(t.cached.app.ledgerAnswers!.get(url)?.body).toEqual(was.body);
    const info = t.ledger.sql.prepare(
      `SELECT a.account, a.code_hash, a.interfaces, a.status,
         (SELECT max(lt) FROM transactions t WHERE t.account = a.account) AS last_lt
       FROM accounts a WHERE a.account = ?`,
    );
    const [account] = Object.keys(bookOf(was.body))
      .map(
        (raw) =>
          info.get(raw) as {
            account: string;
            code_hash: Buffer | null;
            interfaces: string;
            status: string;
            last_lt: bigint;
          },
      )
      .filter((a) => a?.status === 'active' && !a.interfaces.includes('wallet_'))
      .sort((a, b) => (a.last_lt < b.last_lt ? -1 : 1));
    expect(account).toBeDefined();
    await t.ledger.store.writer!.writeBatch({
      blocks: [],
      transactions: [],
      traces: [],
      actions: [],
      tokens: [],
      meta: {},
      accounts: [
        {
          account: account!.account,
          codeHash: account!.code_hash,
          interfaces: JSON.parse(account!.interfaces),
          status: 'frozen',
        },
      ],
    });
    await t.ledger.slot();
    const now = await get(t.cached.base, url);
    expect(now).toEqual(await get(t.fresh.base, url));
    expect(bookOf(now.body)[account!.account]).not.toEqual(bookOf(was.body)[account!.account]);
  }, 120_000);

  it("keeps a get method's run by its parameters, in every form it comes in, until the next block", async () => {
    // the wallet that sent the most external messages: its seqno moves within a few blocks
    const wallet = String(
      t.ledger.sql
        .prepare(
          `SELECT a.account FROM accounts a JOIN transactions t ON t.account = a.account
           WHERE a.status = 'active' AND a.interfaces LIKE '%wallet_%'
           GROUP BY a.account ORDER BY count(*) DESC LIMIT 1`,
        )
        .pluck()
        .get(),
    );
    const call = { address: wallet, method: 'seqno', stack: [] };
    const post = postJson;
    type Called = typeof rpc & { result: Record<string, unknown> };
    await expectGetMethodKeptUntilTheNextBlock(t, wallet);

    // kept, a call by POST is answered before the framework: the same status, headers and body as the
    // framework's answer of a server that keeps nothing (but its own `@extra`); no run
    const rpc = { id: 'seqno-1', jsonrpc: '2.0', method: 'runGetMethod', params: call };
    await post(t.cached.base, '/api/v2/jsonRPC', rpc);
    const before = t.cached.app.ledgerReaders.requestsAdmitted;
    const early = await post(t.cached.base, '/api/v2/jsonRPC', rpc);
    expect(t.cached.app.ledgerReaders.requestsAdmitted).toBe(before);
    const framework = await post(t.fresh.base, '/api/v2/jsonRPC', rpc);
    const headersOf = (r: Response) =>
      Object.fromEntries(
        [...r.headers].filter(([k]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(k)),
      );
    expect([early.status, headersOf(early)]).toEqual([framework.status, headersOf(framework)]);
    const [mine, theirs] = [(await early.json()) as Called, (await framework.json()) as Called];
    const { '@extra': _a, ...myResult } = mine.result;
    const { '@extra': _b, ...theirResult } = theirs.result;
    expect(myResult).toEqual(theirResult);
    expect([mine.id, mine.jsonrpc]).toEqual(['seqno-1', '2.0']);
    // a body that is no call, read before the framework, reaches it whole: its own answer, as ever
    for (const body of ['{"id":1,"method":', '[]', '{"method":"runGetMethod","params":{"address":"nope"}}']) {
      const sent = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
      const [a, b] = [
        await fetch(`${t.cached.base}/api/v2/jsonRPC`, sent),
        await fetch(`${t.fresh.base}/api/v2/jsonRPC`, sent),
      ];
      expect([a.status, await a.text()], body).toEqual([b.status, await b.text()]);
    }

    // the same call from many clients at once, not yet kept: one run, which every one of them gets
    const admitted = t.cached.app.ledgerReaders.requestsAdmitted;
    const key = { ...call, method: 'get_public_key' };
    const together = await Promise.all(
      Array.from({ length: 8 }, () => post(t.cached.base, '/api/v3/runGetMethod', key)),
    );
    expect(t.cached.app.ledgerReaders.requestsAdmitted - admitted).toBe(1);
    const bodies = await Promise.all(together.map((a) => a.text()));
    expect(new Set(bodies)).toEqual(new Set([await (await post(t.fresh.base, '/api/v3/runGetMethod', key)).text()]));
  }, 300_000);
});
