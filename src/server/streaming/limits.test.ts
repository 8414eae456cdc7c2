import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { testLedgerPath } from '../../ledger/test-support/test-ledger';
import { createServer } from '../app';
import { SseStream } from '../test-support/live-stream';
import { openWsProbe } from '../test-support/ws-probe';

// The streaming bounds on the real server over a generated ledger: connections past the limit get
// 429 (SSE and WebSocket alike), subscriptions past the address limit 400, and the slots come back
// when clients leave.

let app: FastifyInstance;
let base: string;
const addr = (i: number) => `0:${i.toString(16).padStart(64, '0')}`;

beforeAll(async () => {
  const path = await testLedgerPath();
  app = await createServer({
    location: path,
    limits: { workers: 1, lightWorkers: 0 },
    streaming: { maxConnections: 3, maxConnectionsPerIp: 2, maxAddresses: 3 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
});

afterAll(async () => {
  await app?.close();
});

function wsOpen(): Promise<{ ws: WebSocket | null; status: number; body: string }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/streaming/v2/ws`);
    ws.on('open', () => resolve({ ws, status: 101, body: '' }));
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ ws: null, status: res.statusCode ?? 0, body }));
    });
  });
}

describe('streaming limits', () => {
  it('a subscription naming more addresses than the limit: 400 saying so', async () => {
    const s = await SseStream.open(base, {
      id: 'x',
      types: ['transactions'],
      addresses: [addr(1), addr(2), addr(3), addr(4)],
    });
    expect(s.status).toBe(400);
    expect(s.body).toEqual({ id: 'x', error: 'too many addresses: 4 > max 3' });
  });

  it('connections past the per-client limit: 429, over SSE and over WebSocket, until one leaves', async () => {
    const a = await SseStream.open(base, { types: ['transactions'], addresses: [addr(1)] });
    const b = await wsOpen();
    expect([a.status, b.status]).toEqual([200, 101]);
    const c = await SseStream.open(base, { id: 'c', types: ['transactions'], addresses: [addr(1)] });
    expect(c.status).toBe(429);
    expect(c.body).toEqual({ id: 'c', error: 'connection limit reached: 2 active connections from 127.0.0.1' });
    const d = await wsOpen();
    expect(d.status).toBe(429);
    expect(JSON.parse(d.body)).toEqual({ error: 'connection limit reached: 2 active connections from 127.0.0.1' });
    a.close();
    b.ws!.close();
    await expect.poll(() => app.ledgerStream.hub.connectionCount, { timeout: 5000 }).toBe(0);
    const e = await SseStream.open(base, { types: ['transactions'], addresses: [addr(1)] });
    expect(e.status).toBe(200);
    e.close();
  });

  it('connections past the global limit: 429 for a client that has none open', async () => {
    // three clients at other loopback addresses: the per-client bound (2) is not what refuses the fourth
    const open = await Promise.all(
      ['127.0.0.2', '127.0.0.3', '127.0.0.4'].map((localAddress) => openWsProbe(base, { localAddress })),
    );
    const refused = await openWsProbe(base, { localAddress: '127.0.0.5' }).then(
      () => 'accepted',
      (error: Error) => error.message,
    );
    expect(refused).toBe('WebSocket refused: 429');
    const sse = await SseStream.open(base, { types: ['transactions'], addresses: [addr(1)] });
    expect(sse.status).toBe(429);
    expect(sse.body).toEqual({ error: 'connection limit reached: 3 streaming connections are open; try again later' });
    for (const c of open) c.ws.close();
    await Promise.all(open.map((c) => c.closed));
    await expect.poll(() => app.ledgerStream.hub.connectionCount).toBe(0);
  });

  it("the health check tells the follower's state and the connections", async () => {
    const res = await fetch(`${base}/api/streaming/healthz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; components: Record<string, { ok: boolean; mc_seqno: number }> };
    expect(body.ok).toBe(true);
    expect(body.components['ledger-follower']!.mc_seqno).toBeGreaterThan(0);
  });

  it('the SSE endpoint takes POST only, the WebSocket one an upgrade', async () => {
    const get = await fetch(`${base}/api/streaming/v2/sse`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const preflight = await fetch(`${base}/api/streaming/v2/sse`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const plain = await fetch(`${base}/api/streaming/v2/ws`);
    expect(plain.status).toBe(426);
    expect(((await plain.json()) as { error: string }).error).toMatch(/WebSocket/);
  });
});

describe('a WebSocket client that never reads', () => {
  let flood: FastifyInstance;
  let floodBase: string;
  beforeAll(async () => {
    // no message rate to stop it first: the buffer bound alone must
    flood = await createServer({
      location: await testLedgerPath(),
      limits: { workers: 1, lightWorkers: 0 },
      streaming: { messagesPerSecond: 1_000_000, clientBufferBytes: 256 * 1024 },
    });
    await flood.listen({ port: 0, host: '127.0.0.1' });
    const a = flood.server.address();
    floodBase = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  afterAll(async () => {
    await flood?.close();
  });

  it('has its answers (pongs and replies) counted against the buffer bound, and is dropped past it', async () => {
    const c = await openWsProbe(floodBase);
    const socket = (c.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    socket.pause();
    // each reply echoes a 1 KB id; 30 MB of replies outgrow every kernel buffer between the two
    const ping = JSON.stringify({ operation: 'ping', id: 'x'.repeat(1024) });
    // until the server drops it: the server then gives the close frame a grace of its own, and a
    // client still busy flooding past it (a loaded machine) would find its socket cut, not closed
    for (let i = 0; i < 30_000 && flood.ledgerStream.hub.connectionCount > 0; i++) {
      c.ws.send(ping);
      if (i % 1000 === 0) c.ws.ping(Buffer.alloc(100));
      // let the server read what was sent, as a client trickling its flood would
      if (i % 500 === 0) await new Promise((r) => setImmediate(r));
    }
    await expect.poll(() => flood.ledgerStream.hub.connectionCount, { timeout: 30_000 }).toBe(0);
    socket.resume();
    expect(await c.closed).toBe(1008);
    expect(c.messages.at(-1)).toEqual({ error: expect.stringMatching(/^slow consumer: \d+ bytes still waiting/) });
  }, 60_000);
});
