// Explorer figures, one JSON line: the JavaScript `/` receives, compressed, as Chromium's network log
// counts it (target <= 130 KB, React Flow only on the trace page), tidy-tree layout of a
// 1000-transaction trace (target <= 50 ms), trace page of a 1000-transaction trace interactive after
// navigation in headless Chromium (target <= 1.5 s), and the home page's first contentful paint against the local server.
// Needs `npm run build:web` first. The 1000-transaction trace is made from the real transactions of
// the fixture ledger (its largest trace has a few hundred), re-linked into a TON-shaped tree and
// served by the server in place of the API's answer for that one trace id.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { testLedgerPath } from '../src/ledger/test-support/test-ledger';
import { createServer } from '../src/server/app';
import { layoutTree, type LayoutInput } from '../src/web/features/trace-graph/trace-layout';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function tonTree(n: number): LayoutInput {
  let s = 7;
  const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const nodes: LayoutInput[] = [{ id: 'n0', children: [] }];
  for (let i = 1; i < n; i++) {
    const node = { id: `n${i}`, children: [] };
    nodes[Math.floor(rand() * nodes.length)]!.children.push(node);
    nodes.push(node);
  }
  return nodes[0]!;
}

function layoutMs(): number {
  const root = tonTree(1000);
  const all = new Set(Array.from({ length: 1000 }, (_, i) => `n${i}`));
  for (let i = 0; i < 5; i++) layoutTree(root, { expanded: all });
  const runs: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    layoutTree(root, { expanded: all });
    runs.push(performance.now() - t0);
  }
  return median(runs);
}

type Json = Record<string, unknown>;

/** Scripts of a cold load of `/`, summed from CDP's `Network.loadingFinished` encodedDataLength. */
async function homeScriptsOnTheWire(
  browser: Browser,
  base: string,
): Promise<{ bytes: number; urls: string[]; encodings: Record<string, number>; files: Record<string, number> }> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, { url: string; encoding: string }>();
  const finished = new Map<string, number>();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script')
      scripts.set(e.requestId, {
        url: e.response.url,
        encoding: String(
          e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity',
        ),
      });
  });
  cdp.on('Network.loadingFinished', (e) => finished.set(e.requestId, e.encodedDataLength));
  await openHome(page, base);
  let bytes = 0;
  const encodings: Record<string, number> = {};
  const files: Record<string, number> = {};
  for (const [id, s] of scripts) {
    bytes += finished.get(id) ?? 0;
    files[s.url.replace(/^.*\//, '')] = finished.get(id) ?? 0;
    encodings[s.encoding] = (encodings[s.encoding] ?? 0) + 1;
  }
  await ctx.close();
  return { bytes, urls: [...scripts.values()].map((s) => s.url), encodings, files };
}

/**
 * Opens the home page and waits until it has all its code: its list drawn and its live stream
 * open (the streaming client is a chunk of its own, loaded once the page subscribes). Not
 * `networkidle`: the open event stream keeps the network busy for as long as the page is live.
 */
async function openHome(page: Page, base: string): Promise<void> {
  await page.goto(base + '/');
  await page.locator('tbody tr a[href^="/trace/"]').first().waitFor();
  await page.getByTestId('live-status').filter({ hasText: 'streaming' }).waitFor();
}

/** A 1000-transaction trace in the API's shape, from real transactions with fresh hashes. */
function bigTrace(source: Json, n: number): Json {
  const txs = Object.values(source.transactions as Record<string, Json>);
  const map: Record<string, Json> = {};
  const nodes: Json[] = [];
  let lt = 1_000_000_000n;
  for (let i = 0; i < n; i++) {
    const hash = Buffer.alloc(32, 0)
      .fill(i % 256, 0, 1)
      .fill(Math.floor(i / 256), 1, 2)
      .toString('base64');
    const t = { ...txs[i % txs.length]!, hash, lt: String((lt += 1000n)) };
    map[hash] = t;
    const node: Json = { tx_hash: hash, transaction_hash: hash, children: [] };
    if (i > 0) {
      const parent = nodes[Math.floor(Math.sqrt(i) * 7) % i]!;
      (parent.children as Json[]).push(node);
    }
    nodes.push(node);
  }
  const root = nodes[0]!.tx_hash as string;
  return {
    ...source,
    trace_id: root,
    trace: nodes[0],
    transactions: map,
    transactions_order: Object.keys(map),
    actions: [],
    trace_info: { transactions: n },
  };
}

/**
 * The balance changes the trace page shows beside that trace, at their worst: one account per
 * transaction (a fan-out to a thousand new accounts), each with its transaction's balance move
 * and fees.
 */
function bigBalanceChanges(trace: Json): string {
  const changes: Record<string, number> = {};
  const fees: Record<string, number> = {};
  Object.values(trace.transactions as Record<string, Json>).forEach((t, i) => {
    const account = `0:${i.toString(16).toUpperCase().padStart(64, '0')}`;
    const balance = (s: unknown) => Number((s as { balance?: string } | null)?.balance ?? 0);
    changes[account] = balance(t.account_state_after) - balance(t.account_state_before);
    fees[account] = Number(t.total_fees);
  });
  return JSON.stringify({ changes, fees, jettons: {} });
}

async function main() {
  const webRoot = resolve('dist/web');
  if (!existsSync(resolve(webRoot, 'index.html'))) throw new Error('dist/web is not built: run npm run build:web');
  const app = await createServer({ location: await testLedgerPath(11, 700), webRoot });
  // The 1000-transaction trace is served by the server itself, over HTTP like any answer. (It was
  // served through Playwright's request interception, which routes every request of the page,
  // chunks included, through this process and sent the 5 MB body base64-encoded over the
  // DevTools protocol: the chunks waited ~300 ms behind it, a cost of the harness, not the app.)
  let bigBody: string | null = null;
  let bigBalances: string | null = null;
  app.addHook('onRequest', (req, reply, done) => {
    if (bigBody !== null && /^\/api\/v3\/traces\?.*trace_id=/.test(req.url))
      void reply.type('application/json').send(bigBody);
    else if (bigBalances !== null && /^\/api\/v3\/balanceChanges\?trace_id=/.test(req.url))
      void reply.type('application/json').send(bigBalances);
    else done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    // 1. JavaScript `/` receives: the bytes on the wire as Chromium's network log counts them
    // (encoded, i.e. compressed, body plus headers), not the size of the files on disk.
    const wire = await homeScriptsOnTheWire(browser, base);

    // 2. home first contentful paint (median of 5 cold loads)
    const fcps: number[] = [];
    for (let i = 0; i < 5; i++) {
      const ctx = await browser.newContext();
      const p = await ctx.newPage();
      await p.goto(base + '/', { waitUntil: 'load' });
      await p.waitForSelector('tbody tr a[href^="/trace/"]');
      // the paint entry is added once the frame is presented, which can come after the list is in the DOM
      await p.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      fcps.push(await p.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime));
      await ctx.close();
    }

    // 3. trace page of a 1000-transaction trace: navigation (click from home) to graph drawn and idle
    const listed = (await (await fetch(`${base}/api/v3/traces?limit=50&include_actions=true`)).json()) as {
      traces: Json[];
      address_book: Json;
      metadata: Json;
    };
    const big = bigTrace(
      listed.traces.sort(
        (a, b) => Object.keys(b.transactions as Json).length - Object.keys(a.transactions as Json).length,
      )[0]!,
      1000,
    );
    const bigHex = Buffer.from(big.trace_id as string, 'base64').toString('hex');
    bigBody = JSON.stringify({ traces: [big], address_book: listed.address_book, metadata: listed.metadata });
    bigBalances = bigBalanceChanges(big);
    // Seven runs: on a shared two-core machine single runs vary by a factor of two; the median and
    // the load average next to it are the figures to compare.
    const interactive: number[] = [];
    const loadBefore = loadavg()[0]!;
    for (let i = 0; i < 7; i++) {
      const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const p = await ctx.newPage();
      await openHome(p, base);
      // The router intercepts clicks on its own links only; push the URL through its history instead.
      const t0 = await p.evaluate(() => performance.now());
      await p.evaluate((h) => {
        history.pushState({}, '', `/trace/${h}`);
        dispatchEvent(new PopStateEvent('popstate'));
      }, bigHex);
      // the graph's first screen: its still picture (React Flow comes when the reader reaches for it)
      await p.waitForSelector('[data-testid="trace-picture-node"]');
      await p.waitForSelector('[data-testid="balance-row"]');
      const t1 = await p.evaluate(
        () =>
          new Promise<number>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now())))),
      );
      interactive.push(t1 - t0);
      await ctx.close();
    }

    const out = {
      bench: 'web',
      // KiB (1,024 bytes), the unit the budget has been measured in; the exact bytes and each file beside it
      home_js_wire_kb: Math.round((wire.bytes / 1024) * 10) / 10,
      home_js_wire_bytes: wire.bytes,
      home_js_wire_files: wire.files,
      home_js_encodings: wire.encodings,
      home_js_files: wire.urls.length,
      react_flow_on_home: wire.urls.some((u) => /trace-graph/.test(u)),
      layout_1000_ms: Math.round(layoutMs() * 100) / 100,
      trace_1000_interactive_ms: Math.round(median(interactive)),
      trace_1000_interactive_runs_ms: interactive.map(Math.round),
      load_avg_1m: [loadBefore, loadavg()[0]!].map((l) => Math.round(l * 100) / 100),
      home_fcp_ms: Math.round(median(fcps)),
      targets: { home_js_wire_kb: 130, layout_1000_ms: 50, trace_1000_interactive_ms: 1500 },
    };
    console.log(JSON.stringify(out));
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
