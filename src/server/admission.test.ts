// The serving side under pressure: time budget, bound on work in flight, the light lane, dead
// workers, the snapshot seqno header and the per-trace cap, all against the real server (reader
// workers included) over a generated ledger.
import { afterEach, describe, expect, it } from 'vitest';
import { hashToHex } from '../ton/hash';
import { STREAM_BUDGETS } from './readers/reader-pool';
import { testLedgerPath } from '../ledger/test-support/test-ledger';
import { createServer } from './app';
import { stalledGet } from './test-support/stalled-client';
import { startTestServer, type TestServer } from './test-support/test-server';

/** A page of every trace with its actions: megabytes, streamed; the heavy request of these tests. */
const HEAVY = '/api/v3/traces?limit=1000&include_actions=true';

let servers: TestServer[] = [];
async function server(limits: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const s = await startTestServer(limits);
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** A raw GET whose body is read whole; `fetch` asks for no compression here, so sizes are the JSON's. */
async function get(s: TestServer, path: string) {
  const res = await fetch(s.base + path, { headers: { 'accept-encoding': 'identity' } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const latestSeqno = (s: TestServer) =>
  Number(s.sql.prepare('SELECT max(seqno) FROM blocks WHERE workchain = -1').pluck().get());
const aMessageHash = (s: TestServer) =>
  hashToHex(
    s.sql
      .prepare("SELECT msg_hash FROM messages WHERE direction = 'in' AND source IS NOT NULL LIMIT 1 OFFSET 40")
      .pluck()
      .get() as Buffer,
  );
const aTraceId = (s: TestServer) =>
  hashToHex(
    s.sql
      .prepare("SELECT trace_id FROM traces WHERE state = 'complete' ORDER BY transactions DESC LIMIT 1")
      .pluck()
      .get() as Buffer,
  );

describe('time budget', () => {
  it('a query past its budget gets 504 naming the budget, in each dialect; the next request is answered normally', async () => {
    const s = await server({ workers: 1, lightWorkers: 0 });
    const light = `/api/v3/transactionsByMessage?msg_hash=${aMessageHash(s)}`;
    const idle = await get(s, light);
    expect(idle.status).toBe(200);
    const pool = s.app.ledgerReaders;
    pool.limits.queryTimeoutMs = 1;
    // the v2 walk of the biggest block, cold, behind (or before) the heavy page on the one worker
    const block = s.sql
      .prepare('SELECT workchain, shard, seqno FROM blocks ORDER BY tx_count DESC LIMIT 1')
      .get() as Record<string, bigint>;
    const [slow, v2] = await Promise.all([
      get(s, HEAVY),
      get(
        s,
        `/api/v2/getBlockTransactionsExt?workchain=${block.workchain}&shard=${block.shard}&seqno=${block.seqno}&count=1000`,
      ),
    ]);
    expect(slow.status).toBe(504);
    expect(JSON.parse(slow.text)).toEqual({ error: 'query exceeded its time budget of 1 ms' });
    expect(v2.status).toBe(504);
    expect(JSON.parse(v2.text)).toEqual({ ok: false, error: 'query exceeded its time budget of 1 ms', code: 504 });
    // a budget the heavy page stays within, however loaded the machine
    pool.limits.queryTimeoutMs = 120_000;
    const next = await get(s, light);
    expect(next.status).toBe(200);
    expect(next.text).toBe(idle.text);
    const heavyAgain = await get(s, HEAVY);
    expect(heavyAgain.status).toBe(200);
    expect(JSON.parse(heavyAgain.text).traces.length).toBeGreaterThan(100);
  }, 120_000);

  it('a get method out of time while its worker loads the emulator gets 504, and the worker is kept: the load goes on and the next call runs', async () => {
    // the answer cache off: the second call must reach the worker
    const s = await server({ workers: 1, lightWorkers: 0, answerCacheBytes: 0 });
    const pool = s.app.ledgerReaders;
    const wallet = s.sql
      .prepare("SELECT account FROM accounts WHERE status = 'active' AND interfaces LIKE '%wallet_v4%' LIMIT 1")
      .pluck()
      .get() as string;
    const seqno = `/api/v2/runGetMethod?address=${encodeURIComponent(wallet)}&method=seqno`;
    const [worker] = pool.threadIds;
    // no one loads @ton/sandbox's 22 MB of WebAssembly in 100 ms
    pool.limits.queryTimeoutMs = 100;
    const cut = await get(s, seqno);
    expect(cut.status).toBe(504);
    expect(JSON.parse(cut.text)).toMatchObject({ ok: false, code: 504 });
    pool.limits.queryTimeoutMs = 120_000;
    const ran = await get(s, seqno);
    expect(ran.status, ran.text).toBe(200);
    expect(JSON.parse(ran.text).result.exit_code).toBe(0);
    // the same worker all along: it was never stopped for its load
    expect(pool.threadIds).toEqual([worker]);
  }, 300_000);
});

describe('bound on work in flight', () => {
  it('with API_MAX_INFLIGHT=1, of two heavy requests sent together one is served and the other gets 503 with Retry-After', async () => {
    const s = await server({ workers: 1, lightWorkers: 1, maxInflight: 1, queryTimeoutMs: 120_000 });
    const both = await Promise.all([get(s, HEAVY), get(s, `${HEAVY}&sort=asc`)]);
    const statuses = both.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 503]);
    const refused = both.find((r) => r.status === 503)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused.text).error).toMatch(/service is busy/);
    // the bound is on work in flight, not a count of requests ever made
    expect((await get(s, HEAVY)).status).toBe(200);
  }, 120_000);
});

describe('fairness between clients', () => {
  it('a client that sends heavy requests and never reads holds its share of the workers: another client is served; its extra requests get 429; its stalled sockets are cut at the idle timeout', async () => {
    // two general workers, so one client's share is one; a budget no loaded machine exceeds, and
    // a short idle timeout for the stalled sockets
    const s = await server({
      workers: 2,
      lightWorkers: 1,
      maxInflight: 8,
      queryTimeoutMs: 120_000,
      idleTimeoutMs: 3000,
    });
    const pool = s.app.ledgerReaders;
    expect(pool.limits).toMatchObject({ maxHeavyPerClient: 4, heavyWorkersPerClient: 1 });
    // an answer bigger than every buffer between the server and a client that reads nothing
    expect((await get(s, HEAVY)).text.length).toBeGreaterThan(16 * 1024 * 1024);
    const stalled = [];
    for (let i = 0; i < 6; i++) stalled.push(await stalledGet(s.base, `${HEAVY}&offset=${i}`, '127.0.0.2'));
    // four admitted (the others refused): one on a worker, three waiting although a worker is idle
    await expect.poll(() => [pool.busyWorkers, pool.heavyWaiting]).toEqual([1, 3]);
    // another client's heavy request is dispatched to the idle worker past them, and answered
    const other = get(s, '/api/v3/traces?limit=100');
    await expect.poll(() => [pool.busyWorkers, pool.heavyWaiting]).toEqual([2, 3]);
    expect((await other).status).toBe(200);
    expect(JSON.parse((await other).text).traces).toHaveLength(100);
    // the stalled client still holds one worker, never two
    expect(pool.busyWorkers).toBe(1);
    // each stalled answer is cut once its socket has been silent for the idle timeout with bytes
    // waiting for the client (its budget is two minutes, its streaming bound twenty), and its worker
    // freed for the client's next request, which stalls in turn
    await expect.poll(() => [pool.busyWorkers, pool.heavyWaiting], { timeout: 60_000 }).toEqual([0, 0]);
    // what the client finds when it reads again: four answers begun, two refused
    for (const c of stalled) c.socket.resume();
    await Promise.all(stalled.map((c) => c.closed));
    const lines = stalled.map((c) => c.statusLine()).sort();
    expect(lines).toEqual([...Array(4).fill('HTTP/1.1 200 OK'), ...Array(2).fill('HTTP/1.1 429 Too Many Requests')]);
    expect((await get(s, '/api/v3/traces?limit=1')).status).toBe(200);
  }, 120_000);
});

describe('behind a reverse proxy (API_TRUST_PROXY)', () => {
  it("counts each client by its X-Forwarded-For address, not the proxy's", async () => {
    const app = await createServer({
      location: await testLedgerPath(),
      limits: { workers: 2, lightWorkers: 0, maxInflight: 4, maxHeavyPerClient: 1, queryTimeoutMs: 120_000 },
      trustProxy: ['127.0.0.1'],
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const a = app.server.address();
    const base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
    try {
      expect(app.ledgerReaders.limits.maxHeavyPerClient).toBe(1);
      const as = (client: string, path: string) =>
        fetch(base + path, { headers: { 'x-forwarded-for': client, 'accept-encoding': 'identity' } });
      // two heavy requests of one client: its share is one, so the second is refused naming it;
      // another client's, through the same proxy, is not
      const [first, second, other] = await Promise.all([
        as('203.0.113.1', HEAVY),
        as('203.0.113.1', `${HEAVY}&sort=asc`),
        as('203.0.113.2', `${HEAVY}&offset=1`),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 429]);
      const refused = first.status === 429 ? first : second;
      expect(((await refused.json()) as { error: string }).error).toMatch(
        /^too many heavy requests from 203\.0\.113\.1: 1 are already running or waiting/,
      );
      expect(other.status).toBe(200);
      const ok = first.status === 200 ? first : second;
      await Promise.all([ok.body!.cancel(), other.body!.cancel()]);
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe('light lane', () => {
  it('answers point lookups while heavy pages run, with the same bytes as on an idle server', async () => {
    // a budget the heavy pages stay within, so each is answered whole
    const s = await server({ workers: 1, lightWorkers: 1, queryTimeoutMs: 120_000 });
    const lights = [
      `/api/v3/transactionsByMessage?msg_hash=${aMessageHash(s)}`,
      `/api/v3/traces?trace_id=${aTraceId(s)}`,
      '/api/v3/traces?limit=1',
    ];
    const idle = await Promise.all(lights.map((p) => get(s, p)));
    for (const r of idle) expect(r.status).toBe(200);
    const heavy = Array.from({ length: 4 }, (_, i) => get(s, `${HEAVY}&offset=${i}`));
    const busy = await Promise.all(lights.map((p) => get(s, p)));
    expect(busy.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(busy.map((r) => r.text)).toEqual(idle.map((r) => r.text));
    for (const r of await Promise.all(heavy)) expect(JSON.parse(r.text).traces.length).toBeGreaterThan(100);
  }, 120_000);
});

describe('reader workers', () => {
  it('a worker that dies is replaced, and the service answers as before', async () => {
    const s = await server({ workers: 2, lightWorkers: 1 });
    const pool = s.app.ledgerReaders;
    const path = `/api/v3/traces?trace_id=${aTraceId(s)}`;
    const before = await get(s, path);
    const threads = pool.threadIds;
    expect(threads.length).toBe(3);
    for (const id of threads) await pool.stopWorker(id);
    await pool.whenAllReady();
    const after = pool.threadIds;
    expect(after.length).toBe(3);
    for (const id of after) expect(threads).not.toContain(id);
    const again = await get(s, path);
    expect(again.status).toBe(200);
    expect(again.text).toBe(before.text);
  }, 120_000);

  it('a request whose worker dies gets 503, never a hang', async () => {
    const s = await server({ workers: 1, lightWorkers: 0 });
    const pool = s.app.ledgerReaders;
    const [thread] = pool.threadIds;
    // the cold page's first piece (1 MB) takes tens of milliseconds: the worker dies under it
    const pending = get(s, HEAVY);
    while (pool.busyWorkers === 0) await new Promise((r) => setTimeout(r, 1));
    await pool.stopWorker(thread!);
    const r = await pending;
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('1');
    expect(JSON.parse(r.text).error).toMatch(/stopped; try again/);
    await pool.whenAllReady();
    expect((await get(s, '/api/v3/traces?limit=1')).status).toBe(200);
  }, 120_000);
});

describe('streaming', () => {
  it('streams a large page in pieces, no faster than the client reads; a client that goes away frees its worker', async () => {
    const s = await server({ workers: 1, lightWorkers: 0, queryTimeoutMs: 120_000 });
    const pool = s.app.ledgerReaders;
    const whole = await get(s, HEAVY);
    expect(whole.status).toBe(200);
    // past the first megabyte the body is chunked as it is made, without a Content-Length
    expect(whole.headers.get('content-length')).toBeNull();
    expect(whole.text.length).toBeGreaterThan(2 * 1024 * 1024);
    const controller = new AbortController();
    const res = await fetch(s.base + `${HEAVY}&sort=asc`, {
      headers: { 'accept-encoding': 'identity' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    // the client reads no more: the worker, pieces unacknowledged, waits instead of running ahead
    await expect.poll(() => pool.streamsHeldBack, { timeout: 30_000 }).toBe(1);
    expect(pool.busyWorkers).toBe(1);
    controller.abort();
    // without the abort reaching the worker, it would wait on the client until the 120 s budget
    while (pool.busyWorkers > 0) await new Promise((r) => setTimeout(r, 20));
    const next = await get(s, HEAVY);
    expect(next.text).toBe(whole.text);
  }, 60_000);
});

describe('streaming past the budget', () => {
  /**
   * Reads a streamed body, pausing for `pauseMs` each time another `everyBytes` have arrived, the
   * first `pauses` times; gives back the text. (The socket's buffers hold megabytes: a client that
   * pauses after every small piece would not let the server's side move between its pauses.)
   */
  async function readSlowly(res: Response, pauses: number, pauseMs: number, everyBytes = 1024 * 1024): Promise<string> {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let bytes = 0;
    let paused = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      text += decoder.decode(value, { stream: true });
      bytes += value.length;
      if (paused < pauses && bytes >= (paused + 1) * everyBytes) {
        paused += 1;
        await new Promise((r) => setTimeout(r, pauseMs));
      }
    }
  }

  it('an answer that outlasts its budget while its client reads it is sent whole, not cut', async () => {
    // the first answer warms the worker's caches under a budget no loaded machine exceeds; the
    // budget of the test applies from the next request
    const s = await server({ workers: 1, lightWorkers: 0, queryTimeoutMs: 120_000 });
    const whole = await get(s, HEAVY);
    expect(whole.status).toBe(200);
    const budget = 3000;
    s.app.ledgerReaders.limits.queryTimeoutMs = budget;
    const started = performance.now();
    const res = await fetch(s.base + HEAVY, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    // each pause is shorter than the budget, all of them together longer
    const text = await readSlowly(res, 8, budget / 4);
    expect(performance.now() - started).toBeGreaterThan(budget);
    expect(text).toBe(whole.text);
  }, 60_000);

  it(`an answer whose client stops reading is cut after ${STREAM_BUDGETS} budgets, and its worker freed`, async () => {
    const s = await server({ workers: 1, lightWorkers: 0, queryTimeoutMs: 120_000 });
    const pool = s.app.ledgerReaders;
    expect((await get(s, HEAVY)).status).toBe(200);
    const budget = 1000;
    pool.limits.queryTimeoutMs = budget;
    const res = await fetch(s.base + HEAVY, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    // one pause longer than the streaming bound, after the first piece
    const started = performance.now();
    await expect(readSlowly(res, 1, (STREAM_BUDGETS + 2) * budget, 1)).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThan(STREAM_BUDGETS * budget);
    while (pool.busyWorkers > 0) await new Promise((r) => setTimeout(r, 20));
    expect((await get(s, '/api/v3/traces?limit=1')).status).toBe(200);
  }, 60_000);
});

describe('snapshot', () => {
  it('every answer read from the ledger says the latest masterchain seqno it saw, 404s included', async () => {
    const s = await server({});
    const want = String(latestSeqno(s));
    for (const path of [
      '/api/v3/traces?limit=2',
      `/api/v3/transactionsByMessage?msg_hash=${aMessageHash(s)}`,
      '/api/v3/masterchainBlockShardState?seqno=3',
      '/api/v3/masterchainBlockShardState?seqno=4000000000',
      '/api/v2/getBlockTransactionsExt?workchain=-1&shard=-9223372036854775808&seqno=2',
    ]) {
      const r = await get(s, path);
      expect([200, 404], path).toContain(r.status);
      expect(r.headers.get('x-ledger-seqno'), path).toBe(want);
    }
  }, 120_000);
});

describe('trace cap', () => {
  it('cuts a longer trace at API_TRACE_MAX_TXS transactions in lt order, marked incomplete with a warning', async () => {
    const cap = 3;
    const s = await server({ traceMaxTxs: cap });
    const long = s.sql
      .prepare(
        "SELECT trace_id, transactions FROM traces WHERE state = 'complete' AND transactions > ? ORDER BY transactions DESC LIMIT 1",
      )
      .get(cap) as { trace_id: Buffer; transactions: bigint };
    const short = s.sql
      .prepare("SELECT trace_id FROM traces WHERE state = 'complete' AND transactions <= ? LIMIT 1")
      .pluck()
      .get(cap) as Buffer;
    const firstByLt = (
      s.sql
        .prepare('SELECT hash FROM transactions WHERE trace_id = ? ORDER BY lt, hash LIMIT ?')
        .pluck()
        .all(long.trace_id, cap) as Buffer[]
    ).map((h) => h.toString('base64'));
    const cut = JSON.parse((await get(s, `/api/v3/traces?trace_id=${hashToHex(long.trace_id)}`)).text).traces[0];
    expect(cut.transactions_order).toEqual(firstByLt);
    expect(Object.keys(cut.transactions).sort()).toEqual([...firstByLt].sort());
    expect(cut.is_incomplete).toBe(true);
    expect(cut.trace_info.transactions).toBe(Number(long.transactions));
    expect(cut.warning).toBe(`trace has ${long.transactions} transactions; only the first ${cap} by lt are included`);
    const whole = JSON.parse((await get(s, `/api/v3/traces?trace_id=${hashToHex(short)}`)).text).traces[0];
    expect(whole.is_incomplete).toBe(false);
    expect(whole).not.toHaveProperty('warning');
    expect(whole.transactions_order.length).toBe(whole.trace_info.transactions);
  }, 120_000);
});
