// Streaming latency: `npm run bench -- streaming`. A masterchain block committed (the store's write
// returned) to the event received by a subscribed SSE client, with 1,000 clients connected to the
// one server process. The server process also runs the producer, which writes a live block every
// BLOCK_MS; it runs twice: nudged after each write (as `npm start` runs) and following the store by
// polling alone (as when the producer is another process). This process holds the clients: each
// subscribes to `transactions` of a few accounts of the ledger. Prints one JSON line.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 40);
const BLOCK_MS = 500;
const ADDRESSES_PER_CLIENT = 5;
const now = () => performance.timeOrigin + performance.now();

type ToParent =
  | { kind: 'ready'; port: number; accounts: string[] }
  | { kind: 'commit'; seqno: number; at: number; txs: number }
  | { kind: 'memory'; rss: number; heapUsed: number }
  | { kind: 'done' };

async function serverRole(mode: 'nudge' | 'poll'): Promise<void> {
  const { openSqliteStore } = await import('../src/store/sqlite/open-sqlite-store');
  const { generateInto } = await import('../src/ledger/generate');
  const { createServer } = await import('../src/server/app');
  const send = (m: ToParent) => process.send!(m);
  const path = join(mkdtempSync(join(tmpdir(), 'ledgerscope-bench-stream-')), 'ledger.db');
  const store = openSqliteStore(path);
  const { producer } = await generateInto(store, { seed: 42, txs: 600, keepRunning: true });
  const inner = store.writer!;
  // the commit time of each masterchain block: when the store's write of its batch has returned
  producer!.setWriter({
    writeBatch(batch) {
      const written = inner.writeBatch(batch) as unknown;
      const report = () => {
        const at = now();
        for (const b of batch.blocks)
          if (b.workchain === -1)
            send({
              kind: 'commit',
              seqno: b.seqno,
              at,
              txs: batch.transactions.filter((t) => t.mcSeqno === b.seqno).length,
            });
      };
      if (written instanceof Promise) return written.then(report) as never;
      report();
      return written as never;
    },
    close: () => inner.close(),
  });
  const app = await createServer({
    location: path,
    // every subscriber comes from this one loopback address: the per-client connection bound (256
    // by default, made for many clients) is raised to let one client hold them all
    limits: { workers: 1, lightWorkers: 0, maxConnectionsPerClient: CLIENTS + 100 },
    streaming: { maxConnections: CLIENTS + 100, maxConnectionsPerIp: CLIENTS + 100 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const accounts = store.db.prepare('SELECT DISTINCT account FROM transactions').pluck().all() as string[];
  send({ kind: 'ready', port: typeof address === 'object' && address ? address.port : 0, accounts });
  process.on('message', async (m: { kind: string }) => {
    if (m.kind === 'memory') {
      const u = process.memoryUsage();
      send({ kind: 'memory', rss: u.rss, heapUsed: u.heapUsed });
    } else if (m.kind === 'produce') {
      for (let i = 0; i < BLOCKS; i++) {
        const started = performance.now();
        await producer!.slot(true);
        if (mode === 'nudge') app.ledgerStream.nudge();
        await new Promise((r) => setTimeout(r, Math.max(0, BLOCK_MS - (performance.now() - started))));
      }
      // the last block's events are on their way
      await new Promise((r) => setTimeout(r, 1000));
      send({ kind: 'done' });
    } else if (m.kind === 'exit') {
      await app.close();
      await producer!.close();
      store.close();
      process.exit(0);
    }
  });
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

const round = (x: number) => Math.round(x * 10) / 10;

async function run(mode: 'nudge' | 'poll') {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--server', mode], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const commits = new Map<number, number>();
  const txCounts = new Map<number, number>();
  const waiters: ((m: ToParent) => void)[] = [];
  child.on('message', (m: ToParent) => {
    if (m.kind === 'commit') {
      commits.set(m.seqno, m.at);
      txCounts.set(m.seqno, m.txs);
    }
    for (const w of waiters.splice(0)) w(m);
  });
  const next = <K extends ToParent['kind']>(kind: K) =>
    new Promise<Extract<ToParent, { kind: K }>>((resolve) => {
      const wait = (m: ToParent) =>
        m.kind === kind ? resolve(m as Extract<ToParent, { kind: K }>) : waiters.push(wait);
      waiters.push(wait);
    });
  const ready = await next('ready');
  child.send({ kind: 'memory' });
  const idle = await next('memory');

  // the first event of each block at each client: receive time minus commit time
  const received: { seqno: number; at: number }[] = [];
  let connected = 0;
  const requests: http.ClientRequest[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const addresses = Array.from(
      { length: ADDRESSES_PER_CLIENT },
      (_, k) => ready.accounts[(i * 7 + k * 13) % ready.accounts.length]!,
    );
    const body = JSON.stringify({ types: ['transactions'], addresses });
    await new Promise<void>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: ready.port,
          method: 'POST',
          path: '/api/streaming/v2/sse',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`client ${i}: status ${res.statusCode}`));
          connected += 1;
          res.setEncoding('utf8');
          const seen = new Set<number>();
          let buffer = '';
          res.on('data', (chunk: string) => {
            const at = now();
            buffer += chunk;
            let end;
            while ((end = buffer.indexOf('\n\n')) !== -1) {
              const frame = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const m = /"mc_block_seqno":(\d+)/.exec(frame);
              if (m) {
                const seqno = Number(m[1]);
                if (!seen.has(seqno)) {
                  seen.add(seqno);
                  received.push({ seqno, at });
                }
              }
            }
          });
          resolve();
        },
      );
      req.on('error', reject);
      req.end(body);
      requests.push(req);
    });
  }
  child.send({ kind: 'memory' });
  const subscribed = await next('memory');
  child.send({ kind: 'produce' });
  await next('done');
  child.send({ kind: 'memory' });
  const end = await next('memory');
  for (const r of requests) r.destroy();
  child.send({ kind: 'exit' });
  await new Promise((r) => child.once('exit', r));

  const latencies = received.filter((r) => commits.has(r.seqno)).map((r) => r.at - commits.get(r.seqno)!);
  // the blocks whose last client waited longest, with their size: where the tail comes from
  const perBlock = new Map<number, number[]>();
  for (const r of received)
    if (commits.has(r.seqno))
      (perBlock.get(r.seqno) ?? perBlock.set(r.seqno, []).get(r.seqno)!).push(r.at - commits.get(r.seqno)!);
  const slowest = [...perBlock.entries()]
    .map(([seqno, xs]) => ({
      seqno,
      txs: txCounts.get(seqno),
      clients: xs.length,
      first_ms: round(Math.min(...xs)),
      last_ms: round(Math.max(...xs)),
    }))
    .sort((a, b) => b.last_ms - a.last_ms)
    .slice(0, 3);
  const mb = (b: number) => Math.round(b / 1024 / 1024);
  return {
    mode,
    clients: connected,
    blocks: commits.size,
    samples: latencies.length,
    p50_ms: round(percentile(latencies, 50)),
    p99_ms: round(percentile(latencies, 99)),
    max_ms: round(Math.max(...latencies)),
    slowest_blocks: slowest,
    median_block_txs: percentile([...txCounts.values()], 50),
    server_rss_mb: { idle: mb(idle.rss), subscribed: mb(subscribed.rss), end: mb(end.rss) },
    server_heap_mb: { idle: mb(idle.heapUsed), subscribed: mb(subscribed.heapUsed), end: mb(end.heapUsed) },
  };
}

if (process.argv[2] === '--server') {
  await serverRole(process.argv[3] as 'nudge' | 'poll');
} else {
  const load = loadavg()[0]!;
  const nudged = await run('nudge');
  const polled = await run('poll');
  console.log(
    JSON.stringify({
      bench: 'streaming',
      clients: CLIENTS,
      block_ms: BLOCK_MS,
      addresses_per_client: ADDRESSES_PER_CLIENT,
      nudged,
      polled,
      load_before: round(load),
      load_after: round(loadavg()[0]!),
    }),
  );
}
