// The answer cache against the real server over a ledger that a running producer keeps writing:
// whatever a new block changes (the newest traces, a pending trace that completes, an account that
// gets deployed and so changes the address book) is never answered from before it. Each answer of
// the caching server is compared, byte for byte, with a server that keeps nothing, at each block.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from './app';
import { startLiveLedger, type LiveLedger } from './test-support/live-stream';

let ledger: LiveLedger;
let cached: { app: FastifyInstance; base: string };
let fresh: { app: FastifyInstance; base: string };

async function serve(answerCacheBytes: number) {
  const app = await createServer({
    location: ledger.path,
    limits: {
      workers: 1,
      lightWorkers: 0,
      answerCacheBytes,
      // a worker's first get method loads the emulator: seconds on a busy machine
      queryTimeoutMs: 120_000,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

beforeAll(async () => {
  ledger = await startLiveLedger(9, 60);
  cached = await serve(16 * 1024 * 1024);
  fresh = await serve(0);
}, 300_000);
afterAll(async () => {
  await cached?.app.close();
  await fresh?.app.close();
  await ledger?.close();
});

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
const hex = (v: unknown) => (v as Buffer).toString('hex');
const bookOf = (body: Buffer) =>
  (JSON.parse(body.toString()) as { address_book?: Record<string, unknown> }).address_book ?? {};

describe('the answer cache', () => {
  it('answers a repeated question with the same bytes and headers, compressed once per encoding', async () => {
    const url = '/api/v3/traces?limit=5';
    const first = await get(cached.base, url);
    expect(first.status).toBe(200);
    const kept = cached.app.ledgerAnswers!.size;
    expect(kept).toBeGreaterThanOrEqual(first.body.length);
    const again = await get(cached.base, url);
    expect(again).toEqual(first);
    const br = await get(cached.base, url, { 'accept-encoding': 'gzip, br' });
    expect(br.encoding).toBe('br');
    expect(Number(br.length)).toBe(br.body.length);
    expect(brotliDecompressSync(br.body)).toEqual(first.body);
    const gz = await get(cached.base, url, { 'accept-encoding': 'gzip' });
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(first.body);
    expect(cached.app.ledgerAnswers!.size).toBeGreaterThan(kept);
    // kept answers go out before the framework sees them, with its headers; only the framing may
    // differ (a body the plugin compresses as a stream goes chunked, a kept one has its length)
    const framing = ({ headers, length: _length, body: _body, ...rest }: Awaited<ReturnType<typeof get>>) => ({
      ...rest,
      headers: Object.fromEntries(
        Object.entries(headers).filter(([k]) => k !== 'content-length' && k !== 'transfer-encoding'),
      ),
    });
    const brFresh = await get(fresh.base, url, { 'accept-encoding': 'gzip, br' });
    expect(framing(br)).toEqual(framing(brFresh));
    expect(brotliDecompressSync(brFresh.body)).toEqual(first.body);
    const gzFresh = await get(fresh.base, url, { 'accept-encoding': 'gzip' });
    expect(framing(gz)).toEqual(framing(gzFresh));
    expect(gunzipSync(gzFresh.body)).toEqual(first.body);
    const head = await get(cached.base, url, {}, 'HEAD');
    expect(head.body.length).toBe(0);
    expect(head.headers).toEqual(first.headers);
    // the cache is off in the other server, and its answer is the same
    expect(fresh.app.ledgerAnswers).toBeNull();
    expect(await get(fresh.base, url)).toEqual(first);
  });

  it('never answers from before a block: the newest traces, a pending trace that completes', async () => {
    const seen = { newest: 0, completed: 0 };
    for (let block = 0; block < 5 && (seen.newest === 0 || seen.completed === 0); block++) {
      // what may change with the next block, asked (and so kept) before it: the newest traces, and
      // the traces still pending
      const pending = (
        ledger.sql.prepare("SELECT trace_id FROM traces WHERE state = 'pending' LIMIT 8").pluck().all() as Buffer[]
      ).map((id) => `/api/v3/traces?trace_id=${hex(id)}`);
      const urls = ['/api/v3/traces?limit=3', ...pending];
      const before = new Map<string, Buffer>();
      for (const url of urls) {
        const a = await get(cached.base, url);
        expect(a.status, url).toBe(200);
        expect(cached.app.ledgerAnswers!.get(url)?.body, url).toEqual(a.body); // kept
        before.set(url, a.body);
      }

      await ledger.slot();

      for (const url of urls) {
        const now = await get(cached.base, url);
        expect(now, url).toEqual(await get(fresh.base, url));
        const was = before.get(url)!;
        if (now.body.equals(was)) continue;
        if (url === urls[0]) seen.newest += 1;
        if (pending.includes(url) && now.body.includes('"trace_state":"complete"')) seen.completed += 1;
      }
    }
    // each kind of change happened within the blocks made, and was answered as the ledger stood after it
    expect(Math.min(seen.newest, seen.completed), JSON.stringify(seen)).toBeGreaterThan(0);
  }, 300_000);

  it('never answers from before a change of the address book', async () => {
    // An answer kept, naming a contract that is active and no wallet (its user-friendly form is
    // bounceable); of those, the one idle longest, so the traffic of the next block leaves it be.
    // Workers read the address book as of a masterchain block, so a change reaches answers with the
    // block that follows it: the store's writer commits what the producer would write were the
    // contract frozen, and the producer makes the next block.
    const url = '/api/v3/traces?limit=10';
    const was = await get(cached.base, url);
    expect(cached.app.ledgerAnswers!.get(url)?.body).toEqual(was.body);
    const info = ledger.sql.prepare(
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
    await ledger.store.writer!.writeBatch({
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
    await ledger.slot();
    const now = await get(cached.base, url);
    expect(now).toEqual(await get(fresh.base, url));
    expect(bookOf(now.body)[account!.account]).not.toEqual(bookOf(was.body)[account!.account]);
  }, 120_000);

  it("keeps a get method's run by its parameters, in every form it comes in, until the next block", async () => {
    // the wallet that sent the most external messages: its seqno moves within a few blocks
    const wallet = String(
      ledger.sql
        .prepare(
          `SELECT a.account FROM accounts a JOIN transactions t ON t.account = a.account
           WHERE a.status = 'active' AND a.interfaces LIKE '%wallet_%'
           GROUP BY a.account ORDER BY count(*) DESC LIMIT 1`,
        )
        .pluck()
        .get(),
    );
    const call = { address: wallet, method: 'seqno', stack: [] };
    const post = (base: string, path: string, body: unknown) =>
      fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const forms = async (base: string) => {
      const answers = [
        await post(base, '/api/v2/runGetMethod', call),
        await fetch(`${base}/api/v2/runGetMethod?address=${encodeURIComponent(wallet)}&method=seqno`),
        await post(base, '/api/v2/jsonRPC', { id: 7, jsonrpc: '2.0', method: 'runGetMethod', params: call }),
      ];
      const bodies = await Promise.all(answers.map(async (a) => (await a.json()) as { result: { '@extra': string } }));
      for (const a of answers) expect(a.status).toBe(200);
      const v3 = await post(base, '/api/v3/runGetMethod', call);
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
      const admitted = cached.app.ledgerReaders.requestsAdmitted;
      const first = await forms(cached.base);
      // one run for v2 (the POST), one for v3: the GET and the JSON-RPC call were answered as kept
      expect(cached.app.ledgerReaders.requestsAdmitted - admitted).toBe(2);
      const again = await forms(cached.base);
      expect(cached.app.ledgerReaders.requestsAdmitted - admitted).toBe(2);
      const expected = await forms(fresh.base);
      for (const got of [first, again]) {
        expect(split(got.v2).results).toEqual(split(expected.v2).results);
        expect(got.v3).toBe(expected.v3);
        expect(got.seqno).toEqual(expected.seqno);
      }
      // every v2 answer names its own request, kept or not
      const extras = [...split(first.v2).extras, ...split(again.v2).extras];
      expect(new Set(extras).size).toBe(extras.length);
      seqnos.add(JSON.stringify(split(expected.v2).results[0]));
      await ledger.slot();
    }
    // the wallet's seqno changed within the blocks made, and each block's answer was its own
    expect(seqnos.size, [...seqnos].join(' ')).toBeGreaterThan(1);

    // kept, a call by POST is answered before the framework: the same status, headers and body as the
    // framework's answer of a server that keeps nothing (but its own `@extra`); no run
    const rpc = { id: 'seqno-1', jsonrpc: '2.0', method: 'runGetMethod', params: call };
    await post(cached.base, '/api/v2/jsonRPC', rpc);
    const before = cached.app.ledgerReaders.requestsAdmitted;
    const early = await post(cached.base, '/api/v2/jsonRPC', rpc);
    expect(cached.app.ledgerReaders.requestsAdmitted).toBe(before);
    const framework = await post(fresh.base, '/api/v2/jsonRPC', rpc);
    const headersOf = (r: Response) =>
      Object.fromEntries(
        [...r.headers].filter(([k]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(k)),
      );
    expect([early.status, headersOf(early)]).toEqual([framework.status, headersOf(framework)]);
    const [mine, theirs] = [(await early.json()) as typeof rpc, (await framework.json()) as typeof rpc];
    expect(split([mine as never]).results).toEqual(split([theirs as never]).results);
    expect([mine.id, mine.jsonrpc]).toEqual(['seqno-1', '2.0']);
    // a body that is no call, read before the framework, reaches it whole: its own answer, as ever
    for (const body of ['{"id":1,"method":', '[]', '{"method":"runGetMethod","params":{"address":"nope"}}']) {
      const sent = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
      const [a, b] = [
        await fetch(`${cached.base}/api/v2/jsonRPC`, sent),
        await fetch(`${fresh.base}/api/v2/jsonRPC`, sent),
      ];
      expect([a.status, await a.text()], body).toEqual([b.status, await b.text()]);
    }

    // the same call from many clients at once, not yet kept: one run, which every one of them gets
    const admitted = cached.app.ledgerReaders.requestsAdmitted;
    const key = { ...call, method: 'get_public_key' };
    const together = await Promise.all(Array.from({ length: 8 }, () => post(cached.base, '/api/v3/runGetMethod', key)));
    expect(cached.app.ledgerReaders.requestsAdmitted - admitted).toBe(1);
    const bodies = await Promise.all(together.map((a) => a.text()));
    expect(new Set(bodies)).toEqual(new Set([await (await post(fresh.base, '/api/v3/runGetMethod', key)).text()]));
  }, 300_000);
});
