// The fuzz corpus against the real server process (`npm start`'s entry point), so that
// an error escaping one client's handling would end the process as it would in production: deep
// nesting, huge lists and strings, binary, fragmented and oversized frames, invalid UTF-8, floods of
// pings, subscriptions and reconnects, over WebSocket, SSE and plain HTTP. After each group the
// process is still up and answers another client.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testLedgerPath } from '../ledger/test-support/test-ledger';
import { startServing, type MainProcess } from '../cli/test-support/main-process';
import { nestedList, openWsProbe } from './test-support/ws-probe';

const KEEPALIVE_MS = 300;
const IDLE_MS = 1500;
let p: MainProcess;
let base: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hostile-'));
  const db = join(dir, 'ledger.db');
  copyFileSync(await testLedgerPath(), db);
  p = await startServing({
    LEDGER_DB: db,
    STREAM_KEEPALIVE_MS: String(KEEPALIVE_MS),
    STREAM_MESSAGES_PER_SECOND: '20',
    STREAM_RESUBSCRIBES_PER_MINUTE: '30',
    API_IDLE_TIMEOUT_MS: String(IDLE_MS),
  });
  base = p.base!;
}, 300_000);
afterAll(async () => {
  await p?.stop();
});

/** The process is up and another client is served as usual. */
async function stillServing(): Promise<void> {
  expect(p.child.exitCode, p.stderr()).toBeNull();
  const r = await fetch(`${base}/api/v3/traces?limit=1`);
  expect(r.status).toBe(200);
  expect(((await r.json()) as { traces: unknown[] }).traces).toHaveLength(1);
}

const address = `0:${'0'.repeat(64)}`;
const sub = (extra: string) => `{"operation":"subscribe","types":["transactions"],"addresses":["${address}"]${extra}}`;

describe('WebSocket messages', () => {
  it.each([
    ['an operation nested 5,000 deep', `{"operation":${nestedList(5000)}}`, /unknown operation: a list/],
    ['an operation nested 100,000 deep', `{"operation":${nestedList(100_000)}}`, /unknown operation: a list/],
    [
      'a finality nested 5,000 deep',
      sub(`,"min_finality":${nestedList(5000)}`),
      /min_finality must be one of pending, confirmed, finalized, got a list/,
    ],
    ['an id nested deep', `{"id":${nestedList(5000)},"operation":"ping"}`, /^$|pong/],
    [
      'a huge list of addresses',
      `{"operation":"subscribe","types":["transactions"],"addresses":[${Array.from({ length: 50_000 }, () => '1').join(',')}]}`,
      /too many addresses: 50000 > max 1000/,
    ],
    ['a long unknown operation', `{"operation":"${'x'.repeat(100_000)}"}`, /unknown operation: "x{40}…"/],
    [
      'an unknown field nested',
      `{"operation":"unsubscribe","addresses":["${address}"],${JSON.stringify('k'.repeat(1000))}:${nestedList(3000)}}`,
      /unknown field "k{40}…"/,
    ],
    ['not JSON', '{"operation": [', /invalid request envelope/],
    ['a JSON scalar', '42', /operation is required/],
    ['null', 'null', /operation is required/],
  ])('%s: an error answer, the connection and the process stay', async (_name, text, error) => {
    const ws = await openWsProbe(base);
    const answer = ws.next();
    ws.ws.send(text);
    const m = (await answer) as { error?: string; status?: string };
    expect(m.error ?? m.status ?? '').toMatch(error);
    // the same connection still answers
    const pong = ws.next();
    ws.ws.send('{"operation":"ping","id":"after"}');
    expect(await pong).toEqual({ id: 'after', status: 'pong' });
    ws.ws.close();
    await stillServing();
  });

  it('a binary frame: an error answer naming it', async () => {
    const ws = await openWsProbe(base);
    const answer = ws.next();
    ws.ws.send(Buffer.from(sub('')));
    expect(await answer).toEqual({ error: 'invalid request envelope: binary messages are not accepted' });
    ws.ws.close();
    await stillServing();
  });

  it('a message in fragments is read whole', async () => {
    const ws = await openWsProbe(base);
    const answer = ws.next();
    const text = '{"operation":"ping","id":"fragments"}';
    ws.ws.send(text.slice(0, 10), { fin: false });
    ws.ws.send(text.slice(10, 20), { fin: false });
    ws.ws.send(text.slice(20), { fin: true });
    expect(await answer).toEqual({ id: 'fragments', status: 'pong' });
    ws.ws.close();
  });

  it('invalid UTF-8 closes the connection with 1007; oversized messages with 1009', async () => {
    const bad = await openWsProbe(base);
    // a text frame whose bytes are not UTF-8: the protocol's answer is a close, not a message
    bad.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect(await bad.closed).toBe(1007);
    const big = await openWsProbe(base);
    big.ws.send(`{"operation":"subscribe","addresses":["${'A'.repeat(4 * 1024 * 1024)}"]}`);
    expect(await big.closed).toBe(1009);
    await stillServing();
  });

  it('a flood of pings (frames and messages) from a client that never reads is closed, not buffered', async () => {
    const ws = await openWsProbe(base);
    // stop reading: what the server writes stays in its buffers
    (ws.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    for (let i = 0; i < 2000 && ws.ws.readyState === ws.ws.OPEN; i++) {
      ws.ws.ping();
      ws.ws.send('{"operation":"ping"}');
    }
    (ws.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    expect(await ws.closed).toBe(1008);
    expect(ws.messages.at(-1)).toEqual({ error: 'too many messages: at most 20 per second; closing' });
    await stillServing();
  });

  it('a flood of subscriptions: past the rate, an error answer and the subscription kept', async () => {
    const ws = await openWsProbe(base);
    const answers: unknown[] = [];
    for (let i = 0; i < 12; i++) {
      const a = ws.next();
      ws.ws.send(sub(`,"id":"s${i}"`));
      answers.push(await a);
    }
    // the bucket holds ten changes at once (30 a minute on this server)
    expect(answers.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => ({ id: `s${i}`, status: 'subscribed' })));
    expect(answers[10]).toEqual({
      id: 's10',
      error: 'too many subscription changes: at most 30 per minute; the current subscription stays',
    });
    ws.ws.close();
  });

  it('a peer that answers no ping is cut after one keepalive period', async () => {
    const ws = await openWsProbe(base, { autoPong: false });
    const opened = performance.now();
    expect(await ws.closed).toBe(1006);
    expect(performance.now() - opened).toBeGreaterThanOrEqual(KEEPALIVE_MS);
    const health = (await (await fetch(`${base}/api/streaming/healthz`)).json()) as { connections: number };
    expect(health.connections).toBe(0);
  });

  it('a flood of reconnects: every connection answered, every slot given back', async () => {
    for (let round = 0; round < 10; round++) {
      const clients = await Promise.all(Array.from({ length: 20 }, () => openWsProbe(base)));
      for (const c of clients) c.ws.terminate();
      await Promise.all(clients.map((c) => c.closed));
    }
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${base}/api/streaming/healthz`)).json()) as { connections: number }).connections,
      )
      .toBe(0);
    await stillServing();
  });
});

describe('SSE subscriptions', () => {
  const post = (body: string | Uint8Array) =>
    fetch(`${base}/api/streaming/v2/sse`, {
      method: 'POST',
      body: typeof body === 'string' ? body : new Uint8Array(body).buffer,
      headers: { 'content-type': 'application/json' },
    });

  it.each([
    ['nested 5,000 deep', nestedList(5000), 400, /must be a JSON object/],
    [
      'a nested finality',
      `{"types":["transactions"],"addresses":["${address}"],"min_finality":${nestedList(5000)}}`,
      400,
      /min_finality must be one of .*got a list/,
    ],
    [
      'a huge list',
      `{"types":["transactions"],"addresses":[${Array.from({ length: 30_000 }, () => '"x"').join(',')}]}`,
      400,
      /too many addresses: 30000 > max 1000/,
    ],
    [
      'larger than any subscription',
      `{"types":["transactions"],"addresses":["${'A'.repeat(2 * 1024 * 1024)}"]}`,
      413,
      /.+/,
    ],
    ['not UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 400, /not JSON/],
  ])('%s: %d naming the problem', async (_name, body, status, error) => {
    const r = await post(body);
    expect(r.status).toBe(status);
    expect(((await r.json()) as { error: string }).error).toMatch(error);
    await stillServing();
  });
});

describe('HTTP requests', () => {
  /** Sends raw bytes and returns what the server answers before it closes the connection. */
  function raw(bytes: string): Promise<string> {
    const url = new URL(base);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.end(bytes));
      let text = '';
      socket.setEncoding('utf8').on('data', (c: string) => (text += c));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
  }

  const body = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

  it('a request line past the header bound: 431 naming the bound, readable by either dialect', async () => {
    const r = await raw(`GET /api/v3/traces?account=${'A'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(r).toMatch(/^HTTP\/1\.1 431 /);
    expect(body(r)).toEqual({ ok: false, code: 431, error: expect.stringMatching(/exceed 65536 bytes/) });
    await stillServing();
  });

  it('garbage instead of HTTP: 400 in JSON', async () => {
    const r = await raw('\u0000\u0001 nonsense\r\n\r\n');
    expect(r).toMatch(/^HTTP\/1\.1 400 /);
    expect(body(r)).toEqual({ ok: false, code: 400, error: 'malformed HTTP request' });
    await stillServing();
  });

  it('a connection that sends nothing is closed at the idle timeout', async () => {
    const url = new URL(base);
    const socket = connect(Number(url.port), url.hostname);
    const opened = performance.now();
    await new Promise((r) => socket.once('close', r));
    expect(performance.now() - opened).toBeGreaterThanOrEqual(IDLE_MS - 100);
  });

  it('headers sent a line at a time (slowloris): 408 once they have taken 10 s', async () => {
    const url = new URL(base);
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    socket.setEncoding('latin1').on('data', (c: string) => (answer += c));
    socket.on('error', () => undefined);
    socket.write('GET /api/v3/traces?limit=1 HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 500);
    const opened = performance.now();
    await new Promise((r) => socket.once('close', r));
    clearInterval(drip);
    expect(performance.now() - opened).toBeGreaterThanOrEqual(9000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it('the process never printed a stack overflow or an uncaught error', () => {
    expect(p.stderr()).not.toMatch(/Maximum call stack|uncaught|internal error/i);
  });
});
