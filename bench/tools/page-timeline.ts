// What happens, and when, while a page of the explorer loads as Lighthouse's mobile run loads it (a
// phone's viewport, the CPU slowed 4×): each API request with its start and end, each long task,
// each layout shift with the elements that moved, and when no area of the page was pending any
// more. `npx tsx bench/tools/page-timeline.ts <path>` (`account` names the account page
// bench/lighthouse.ts measures: the largest holder of the fixture ledger's jetton). The ledger is the
// Lighthouse one (seed 11, 700 transactions; TIMELINE_LEDGER=<file> another), the build dist/web
// (TIMELINE_WEB_ROOT), TIMELINE_CPU_SLOWDOWN (4), TIMELINE_RUNS (3). Prints one block per run and
// the load average.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { testLedgerPath } from '../../src/ledger/test-support/test-ledger';
import { createServer } from '../../src/server/app';
import { largestJettonHolderPage } from '../bench-ledger';

const webRoot = resolve(process.env.TIMELINE_WEB_ROOT ?? 'dist/web');
if (!existsSync(resolve(webRoot, 'index.html'))) throw new Error(`${webRoot} is not built: run npm run build:web`);
const app = await createServer({
  location: process.env.TIMELINE_LEDGER ?? (await testLedgerPath(11, 700)),
  webRoot,
  limits: { queryTimeoutMs: 60_000 },
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
let path = process.argv[2] ?? '/';
if (path === 'account') path = (await largestJettonHolderPage(base)).path;

interface Seen {
  shifts: { at: number; value: number; moved: string[] }[];
  long: { at: number; ms: number }[];
  settled: number | null;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (let run = 1; run <= Number(process.env.TIMELINE_RUNS ?? 3); run++) {
    const load = loadavg()[0]!;
    const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.TIMELINE_CPU_SLOWDOWN ?? 4) });
    await page.addInitScript(() => {
      const seen: Seen = { shifts: [], long: [], settled: null };
      (window as unknown as { __seen: Seen }).__seen = seen;
      const describe = (n: Node | null) => {
        if (!(n instanceof Element)) return String(n?.nodeName);
        const id = n.id ? `#${n.id}` : '';
        const label = n.getAttribute('aria-labelledby') ?? n.getAttribute('data-testid') ?? '';
        return `${n.tagName.toLowerCase()}${id}${label ? `[${label}]` : ''}`;
      };
      new PerformanceObserver((l) => {
        for (const e of l.getEntries() as unknown as Array<{
          startTime: number;
          value: number;
          sources?: Array<{ node: Node | null; previousRect: DOMRect; currentRect: DOMRect }>;
        }>)
          seen.shifts.push({
            at: Math.round(e.startTime),
            value: Math.round(e.value * 1000) / 1000,
            moved: (e.sources ?? []).map(
              (s) => `${describe(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}`,
            ),
          });
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) seen.long.push({ at: Math.round(e.startTime), ms: Math.round(e.duration) });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(base + path, { waitUntil: 'commit' });
    await page.waitForFunction(
      () =>
        document.querySelector('main') !== null &&
        document.querySelectorAll('main [role="status"].animate-pulse').length === 0 &&
        document.querySelectorAll('main a[href^="/trace/"]').length > 0,
      null,
      { timeout: 60_000, polling: 'raf' },
    );
    await page.evaluate(() => ((window as unknown as { __seen: Seen }).__seen.settled = Math.round(performance.now())));
    await page.waitForTimeout(1500);
    const seen = await page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);
    const requests = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .map(
          (e) =>
            `${Math.round(e.startTime)}–${Math.round(e.responseEnd)} ms ${Math.round(e.encodedBodySize / 1024)} KB ${e.name.replace(location.origin, '')}`,
        ),
    );
    console.log(`run ${run}: ${path}, load average ${load.toFixed(2)}, settled at ${seen.settled} ms`);
    for (const r of requests) console.log(`  request ${r}`);
    for (const t of seen.long) console.log(`  long task at ${t.at} ms: ${t.ms} ms`);
    for (const s of seen.shifts) console.log(`  layout shift at ${s.at} ms: ${s.value} (${s.moved.join(', ')})`);
    await ctx.close();
  }
} finally {
  await browser.close();
  await app.close();
}
