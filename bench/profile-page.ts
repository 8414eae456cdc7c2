// Where a page's main-thread time goes, from a CPU profile of its load: `npx tsx bench/profile-page.ts
// /path` (default `/`; `trace22` names the fixture ledger's trace closest to 22 transactions, as
// bench/lighthouse.ts picks it). Serves the built explorer (PROFILE_WEB_ROOT, default dist/web) over
// the Lighthouse ledger (seed 11, 700 transactions; PROFILE_LEDGER=<file> another, and the path
// `biggest` its largest trace, PROFILE_VIEW=table|lanes in that view), opens the page in Debian's Chromium with the
// CPU slowed 4x (PROFILE_CPU_SLOWDOWN) as Lighthouse's mobile run does, records a V8 CPU profile
// from navigation until the page is idle, and prints the functions with the most self time (by
// script) and the long tasks, with the load average. PROFILE_OUT=<file.cpuprofile> keeps the
// profile (open it in Chromium's DevTools, Performance panel).
import { writeFileSync, existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { testLedgerPath } from '../src/ledger/test-support/test-ledger';
import { createServer } from '../src/server/app';
import { tracePageNear } from './bench-ledger';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const webRoot = resolve(process.env.PROFILE_WEB_ROOT ?? 'dist/web');
if (!existsSync(resolve(webRoot, 'index.html'))) throw new Error('dist/web is not built: run npm run build:web');
const app = await createServer({
  location: process.env.PROFILE_LEDGER ?? (await testLedgerPath(11, 700)),
  webRoot,
  limits: { traceMaxTxs: 4000, queryTimeoutMs: 60_000 },
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
let path = process.argv[2] ?? '/';
if (path === 'biggest') {
  // the ledger's largest trace (PROFILE_LEDGER=<the default ledger> for its 4,000-transaction fan-out)
  let best: { trace_id: string; n: number } | null = null;
  for (let offset = 0; ; offset += 100) {
    const page = (
      (await (await fetch(`${base}/api/v3/traces?sort=asc&limit=100&offset=${offset}`)).json()) as {
        traces: Array<{ trace_id: string; transactions: object }>;
      }
    ).traces;
    for (const t of page) {
      const n = Object.keys(t.transactions).length;
      if (!best || n > best.n) best = { trace_id: t.trace_id, n };
    }
    if (page.length < 100) break;
  }
  path = `/trace/${Buffer.from(best!.trace_id, 'base64').toString('hex')}${process.env.PROFILE_VIEW ? `?view=${process.env.PROFILE_VIEW}` : ''}`;
} else if (path === 'trace22') {
  path = await tracePageNear(base, 25);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const load = loadavg()[0]!;
try {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.PROFILE_CPU_SLOWDOWN ?? 4) });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.addInitScript(() => {
    (window as unknown as { __long: object[] }).__long = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        (window as unknown as { __long: object[] }).__long.push({
          start: Math.round(e.startTime),
          ms: Math.round(e.duration),
        });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(base + path, { waitUntil: 'networkidle', timeout: 180_000 });
  await page.waitForTimeout(1500);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFn = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const n of profile.nodes) {
    const ms = self.get(n.id) ?? 0;
    const f = n.callFrame;
    const script = f.url.replace(base, '') || '(native)';
    const key = `${f.functionName || '(anonymous)'} ${script}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + ms);
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`)
      .join('\n');
  console.log(`page ${path}  load average ${load.toFixed(2)} -> ${loadavg()[0]!.toFixed(2)}`);
  console.log(
    `long tasks: ${JSON.stringify(await page.evaluate(() => (window as unknown as { __long: object[] }).__long))}`,
  );
  console.log(`self time by script:\n${top(byScript, 12)}`);
  console.log(`self time by function:\n${top(byFn, 40)}`);
} finally {
  await browser.close();
  await app.close();
}
