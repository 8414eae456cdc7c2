// The hostile-client targets: `npm run bench -- hostile`. The server runs as `npm start` runs it (its own
// process, default limits, live production off) over the ledger of seed 42 with HOSTILE_TXS
// transactions (default 10,000, built once under data/bench/). Not the default 3,000: there the
// 4,370-transaction fan-out is among the newest 100 traces, so `traces?limit=100` is a 56 MB answer
// whatever any other client does (docs/benchmarks.md, "The biggest trace"). Prints one JSON line.
//
// Part 1, fuzz (HOSTILE_FUZZ_ROUNDS rounds, default 20): every round sends the corpus of
// src/server/hostile-input.test.ts and more (deep nesting, huge lists and strings, binary,
// fragmented, oversized and invalid UTF-8 WebSocket frames, ping and subscribe floods from clients
// that never read, reconnect floods, hostile SSE bodies, oversized and garbage HTTP, every HTTP
// route with hostile values) while a well-behaved client at another address asks light queries.
// Reports process exits (target 0), answers of 500 (target 0), inputs left unanswered (target 0),
// the well-behaved client's latency, and the server's peak RSS (target ≤ 1 GB), sampled every
// 100 ms from /proc (reader workers included).
//
// Part 2, slow readers (HOSTILE_STALL_S seconds, default 20): 50 connections from one address
// request `traces?limit=1000&include_actions=true` and never read. Meanwhile a client at another
// address measures a light query (target p99 ≤ 50 ms) and a third asks `traces?limit=100` once a
// second (target: every one 200 within the 3 s budget, none turned away).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { loadavg } from 'node:os';
import Database from 'better-sqlite3';
import { benchLedgerPath, median } from './bench-ledger';
import { nestedList, openWsProbe } from '../src/server/test-support/ws-probe';
import { stalledGet } from '../src/server/test-support/stalled-client';

const PORT = Number(process.env.BENCH_PORT ?? 8293);
const base = `http://127.0.0.1:${PORT}`;
const ROUNDS = Number(process.env.HOSTILE_FUZZ_ROUNDS ?? 20);
const STALL_SECONDS = Number(process.env.HOSTILE_STALL_S ?? 20);
const HEAVY = '/api/v3/traces?limit=1000&include_actions=true';
const TXS = Number(process.env.HOSTILE_TXS ?? 10_000);

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;
const ms = (x: number) => +x.toFixed(2);

/** A GET from a loopback address of our choosing (the client address the server's bounds see). */
function get(
  path: string,
  localAddress: string,
  agent: http.Agent,
): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, path, localAddress, agent, headers: { 'accept-encoding': 'identity' } },
      (res) => {
        let body = '';
        res
          .setEncoding('utf8')
          .on('data', (c: string) => (body += c))
          .on('end', () => resolve({ status: res.statusCode!, body, ms: performance.now() - started }));
        res.on('error', () => resolve({ status: -1, body, ms: performance.now() - started }));
      },
    );
    req.on('error', (e) => resolve({ status: -1, body: e.message, ms: performance.now() - started }));
    req.end();
  });
}

function startServer(path: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, LEDGER_DB: path, LEDGER_LIVE: 'off', PORT: String(PORT), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const agent = new http.Agent();
  return (async () => {
    for (let i = 0; i < 300; i++) {
      if ((await get('/api/v3/traces?limit=1', '127.0.0.1', agent)).status === 200) return child;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the server did not start');
  })();
}

/** The server's resident memory sampled every 100 ms until stopped: the peak, in MB. */
function sampleRss(pid: number): { stop(): number } {
  let peak = 0;
  const read = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
      peak = Math.max(peak, kb);
    } catch {
      // the process is gone: counted as an exit
    }
  };
  const timer = setInterval(read, 100);
  return {
    stop() {
      clearInterval(timer);
      read();
      return Math.round(peak / 1024);
    },
  };
}

/** Raw bytes to the HTTP port; what comes back before the server closes. */
function raw(bytes: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(PORT, '127.0.0.1', () => socket.end(bytes));
    let text = '';
    socket.setEncoding('latin1').on('data', (c: string) => (text += c));
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
  });
}

const address = `0:${'0'.repeat(64)}`;
const WS_MESSAGES = [
  `{"operation":${nestedList(5000)}}`,
  `{"operation":${nestedList(200_000)}}`,
  `{"operation":"subscribe","types":["transactions"],"addresses":["${address}"],"min_finality":${nestedList(5000)}}`,
  `{"operation":"subscribe","types":["transactions"],"addresses":[${Array.from({ length: 60_000 }, () => '1').join(',')}]}`,
  `{"operation":"${'x'.repeat(150_000)}"}`,
  `{"operation":"unsubscribe","addresses":["${address}"],"${'k'.repeat(1000)}":${nestedList(3000)}}`,
  '{"operation": [',
  '42',
  'null',
  `{"id":${nestedList(5000)},"operation":"ping"}`,
  `{"operation":"subscribe","types":${nestedList(4000)}}`,
  `{"operation":"subscribe","types":["trace"],"trace_external_hash_norms":["${'\u0000'.repeat(1000)}"]}`,
];
const SSE_BODIES: (string | Buffer)[] = [
  nestedList(5000),
  `{"types":["transactions"],"addresses":["${address}"],"min_finality":${nestedList(5000)}}`,
  `{"types":["transactions"],"addresses":[${Array.from({ length: 30_000 }, () => '"x"').join(',')}]}`,
  `{"types":["transactions"],"addresses":["${'A'.repeat(2 * 1024 * 1024)}"]}`,
  Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
  '',
  'null',
];
const ROUTES = [
  '/api/v2/getBlockTransactionsExt',
  '/api/v3/masterchainBlockShardState',
  '/api/v3/traces',
  '/api/v3/transactionsByMessage',
  '/api/v3/balanceChanges',
  '/api/streaming/v2/sse',
  '/api/streaming/v2/ws',
  '/api/streaming/healthz',
  '/',
  '/index.html',
  '/tx/x',
];
const VALUES = [
  'x'.repeat(20_000),
  '%00',
  '%ZZ',
  '-1',
  '1e309',
  '99999999999999999999999',
  '[]',
  '{"a":1}',
  "'; DROP TABLE traces; --",
  '..%2F..%2Fetc%2Fpasswd',
  '\u0001',
];

interface Tally {
  inputs: number;
  unanswered: number;
  status500: number;
  statuses: Record<string, number>;
}

async function fuzzRound(t: Tally): Promise<void> {
  const count = (status: number | string) => {
    t.inputs += 1;
    t.statuses[status] = (t.statuses[status] ?? 0) + 1;
    if (status === 'none') t.unanswered += 1;
    if (status === 500) t.status500 += 1;
  };
  // WebSocket messages: each answered by an error message or a close code
  for (const text of WS_MESSAGES) {
    const ws = await openWsProbe(base);
    const answer = Promise.race([
      ws.next().then(() => 'message'),
      ws.closed.then((c) => `close ${c}`),
      new Promise((r) => setTimeout(() => r('none'), 5000)),
    ]);
    ws.ws.send(text);
    count((await answer) as string);
    ws.ws.terminate();
  }
  // a binary frame, a text frame that is not UTF-8, a frame past the size bound
  const frames: [Buffer, boolean][] = [
    [Buffer.from('{"operation":"ping"}'), true],
    [Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), false],
    [Buffer.alloc(5 * 1024 * 1024, 0x20), false],
  ];
  for (const [frame, binary] of frames) {
    const ws = await openWsProbe(base);
    const answer = Promise.race([
      ws.next().then(() => 'message'),
      ws.closed.then((c) => `close ${c}`),
      new Promise((r) => setTimeout(() => r('none'), 5000)),
    ]);
    ws.ws.send(frame, { binary });
    count((await answer) as string);
    ws.ws.terminate();
  }
  // floods from clients that never read: pings (frames and messages), subscriptions
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      const ws = await openWsProbe(base);
      const socket = (ws.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
      socket.pause();
      for (let i = 0; i < 3000 && ws.ws.readyState === ws.ws.OPEN; i++) {
        ws.ws.ping();
        ws.ws.send(
          i % 2
            ? '{"operation":"ping"}'
            : `{"operation":"subscribe","types":["transactions"],"addresses":["${address}"]}`,
        );
        if (i % 200 === 0) await new Promise((r) => setImmediate(r));
      }
      socket.resume();
      count(
        await Promise.race([
          ws.closed.then((c) => `close ${c}`),
          new Promise<string>((r) => setTimeout(() => r('none'), 10_000)),
        ]),
      );
      ws.ws.terminate();
    }),
  );
  // a reconnect flood
  for (let i = 0; i < 5; i++) {
    const clients = await Promise.all(Array.from({ length: 20 }, () => openWsProbe(base).catch(() => null)));
    for (const c of clients) {
      count(c ? 'connected' : 'refused');
      c?.ws.terminate();
    }
  }
  // SSE bodies
  for (const body of SSE_BODIES) {
    const r = await fetch(`${base}/api/streaming/v2/sse`, {
      method: 'POST',
      body: typeof body === 'string' ? body : new Uint8Array(body).buffer,
    }).catch(() => null);
    count(r ? r.status : 'none');
    await r?.body?.cancel();
  }
  // HTTP: oversized, garbage, every route with hostile values
  for (const bytes of [
    `GET /api/v3/traces?account=${'A'.repeat(200_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    '\u0000\u0001 nonsense\r\n\r\n',
    `GET / HTTP/1.1\r\n${'X-A: b\r\n'.repeat(5000)}\r\n`,
  ]) {
    const answer = await raw(bytes);
    count(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ? Number(/^HTTP\/1\.1 (\d+)/.exec(answer)![1]) : 'none');
  }
  for (const route of ROUTES) {
    for (const v of VALUES) {
      const q = v.startsWith('%') ? v : encodeURIComponent(v);
      const r = await fetch(`${base}${route}?limit=${q}&account=${q}&${q}=${q}`).catch(() => null);
      count(r ? r.status : 'none');
      await r?.body?.cancel();
    }
  }
}

async function fuzz(server: ChildProcess) {
  const rss = sampleRss(server.pid!);
  const t: Tally = { inputs: 0, unanswered: 0, status500: 0, statuses: {} };
  const light: number[] = [];
  const lightFailures: number[] = [];
  let running = true;
  const agent = new http.Agent({ keepAlive: true });
  const db = new Database(await benchLedgerPath(42, TXS), { readonly: true });
  const traceId = (
    db
      .prepare("SELECT trace_id FROM traces WHERE state = 'complete' AND transactions BETWEEN 2 AND 20 LIMIT 1")
      .pluck()
      .get() as Buffer
  ).toString('hex');
  db.close();
  const lightClient = (async () => {
    while (running) {
      const r = await get(`/api/v3/traces?trace_id=${traceId}`, '127.0.0.9', agent);
      light.push(r.ms);
      if (r.status !== 200) lightFailures.push(r.status);
      await new Promise((res) => setTimeout(res, 20));
    }
  })();
  let exits = 0;
  server.once('exit', () => (exits += 1));
  const started = performance.now();
  for (let i = 0; i < ROUNDS && exits === 0; i++) await fuzzRound(t);
  running = false;
  await lightClient;
  return {
    rounds: ROUNDS,
    seconds: Math.round((performance.now() - started) / 1000),
    process_exits: exits,
    inputs: t.inputs,
    unanswered: t.unanswered,
    answers_500: t.status500,
    outcomes: t.statuses,
    light: {
      requests: light.length,
      p50_ms: ms(median(light)),
      p99_ms: ms(percentile(light, 99)),
      failures: lightFailures.length,
    },
    server_peak_rss_mb: rss.stop(),
  };
}

async function slowReaders(server: ChildProcess) {
  const rss = sampleRss(server.pid!);
  const light: number[] = [];
  const heavy: { status: number; ms: number }[] = [];
  const lightAgent = new http.Agent({ keepAlive: true });
  const heavyAgent = new http.Agent({ keepAlive: true });
  const db = new Database(await benchLedgerPath(42, TXS), { readonly: true });
  const msgHash = (
    db
      .prepare("SELECT msg_hash FROM messages WHERE direction = 'in' AND source IS NOT NULL LIMIT 1 OFFSET 40")
      .pluck()
      .get() as Buffer
  ).toString('hex');
  db.close();
  // the other clients' queries are warmed first (each reader worker has its own caches), as the
  // scale benchmark warms its mix: what is measured is the stalled client's effect, not a cold start
  for (let i = 0; i < 4; i++) {
    await Promise.all([
      get('/api/v3/traces?limit=100', '127.0.0.5', heavyAgent),
      get(`/api/v3/transactionsByMessage?msg_hash=${msgHash}`, '127.0.0.4', lightAgent),
    ]);
  }
  const stalled = await Promise.all(
    Array.from({ length: 50 }, (_, i) => stalledGet(base, `${HEAVY}&offset=${i}`, '127.0.0.3')),
  );
  const until = performance.now() + STALL_SECONDS * 1000;
  await Promise.all([
    (async () => {
      while (performance.now() < until) {
        const r = await get(`/api/v3/transactionsByMessage?msg_hash=${msgHash}`, '127.0.0.4', lightAgent);
        if (r.status === 200) light.push(r.ms);
        else light.push(Infinity);
        await new Promise((res) => setTimeout(res, 20));
      }
    })(),
    (async () => {
      while (performance.now() < until) {
        const r = await get('/api/v3/traces?limit=100', '127.0.0.5', heavyAgent);
        heavy.push({ status: r.status, ms: r.ms });
        await new Promise((res) => setTimeout(res, 1000));
      }
    })(),
  ]);
  for (const c of stalled) c.socket.destroy();
  const statuses: Record<string, number> = {};
  for (const h of heavy) statuses[h.status] = (statuses[h.status] ?? 0) + 1;
  return {
    seconds: STALL_SECONDS,
    stalled_connections: stalled.length,
    light: {
      requests: light.length,
      p50_ms: ms(median(light)),
      p99_ms: ms(percentile(light, 99)),
      failures: light.filter((x) => x === Infinity).length,
    },
    other_heavy: {
      requests: heavy.length,
      statuses,
      p50_ms: ms(median(heavy.map((h) => h.ms))),
      max_ms: ms(Math.max(...heavy.map((h) => h.ms))),
    },
    server_peak_rss_mb: rss.stop(),
  };
}

const ledger = await benchLedgerPath(42, TXS);
const server = await startServer(ledger);
const load_before = loadavg().map((x) => +x.toFixed(2));
try {
  const fuzzed = await fuzz(server);
  const stalls = await slowReaders(server);
  console.log(
    JSON.stringify({
      bench: 'hostile',
      ledger,
      load_before,
      load_after: loadavg().map((x) => +x.toFixed(2)),
      fuzz: fuzzed,
      slow_readers: stalls,
      targets: {
        process_exits: 0,
        answers_500: 0,
        unanswered: 0,
        server_peak_rss_mb: 1024,
        light_p99_ms: 50,
        other_heavy: '200 within the budget',
      },
    }),
  );
} finally {
  server.kill('SIGTERM');
}
