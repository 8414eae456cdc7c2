// What each long task of a page's load is made of: `npx tsx bench/tools/long-tasks.ts /path`. Serves the
// built explorer (LONG_TASKS_WEB_ROOT, default dist/web) over the Lighthouse ledger (seed 11, 700
// transactions), loads the page in Debian's Chromium with the CPU slowed 4x as Lighthouse's mobile run
// does, records a Chromium trace, and prints every main-thread task over 50 ms with the events inside
// it by kind (script evaluation per URL, function calls, style, layout, parse, GC), and the blocking
// time they add up to (each task's time past 50 ms, as Lighthouse counts it), with the load average.
// `trace22` and `account` stand for the pages Lighthouse measures under those names.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { testLedgerPath } from '../../src/ledger/test-support/test-ledger';
import { createServer } from '../../src/server/app';
import { largestJettonHolderPage, tracePageNear } from '../bench-ledger';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string } };
}

const webRoot = resolve(process.env.LONG_TASKS_WEB_ROOT ?? 'dist/web');
if (!existsSync(resolve(webRoot, 'index.html'))) throw new Error(`${webRoot} is not built: run npm run build:web`);
const app = await createServer({
  location: await testLedgerPath(11, 700),
  webRoot,
  limits: { queryTimeoutMs: 60_000 },
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
let path = process.argv[2] ?? '/';
if (path === 'trace22') path = await tracePageNear(base, 25);
// the page Lighthouse measures as `account`: the jetton's largest holder
if (path === 'account') path = (await largestJettonHolderPage(base)).path;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const load = loadavg()[0]!;
try {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.LONG_TASKS_CPU_SLOWDOWN ?? 4) });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'disabled-by-default-v8.cpu_profiler',
    ],
  });
  // load, then three seconds for the page's data (a page that follows the live stream never reaches
  // network idle)
  await page.goto(base + path, { waitUntil: 'load', timeout: 180_000 });
  await page.waitForTimeout(3000);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const events = trace.traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain');
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur);
  // LONG_TASKS_MIN_MS=15 with LONG_TASKS_CPU_SLOWDOWN=1 lists the real-time tasks Lighthouse's
  // simulation multiplies by four (those of 12.5 ms and more become long)
  const minMs = Number(process.env.LONG_TASKS_MIN_MS ?? 50);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur! > minMs * 1000).sort((a, b) => a.ts - b.ts);
  const t0 = Math.min(...onMain.map((e) => e.ts));
  // the CPU profile's samples (ProfileChunk events): each sample's leaf function and its time
  const nodes = new Map<number, { functionName: string; url: string; lineNumber: number }>();
  const parent = new Map<number, number>();
  const samples: Array<{ ts: number; node: number }> = [];
  for (const e of events.filter((x) => x.name === 'ProfileChunk')) {
    const data = (
      e.args as {
        data?: {
          cpuProfile?: {
            nodes?: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
            samples?: number[];
          };
          timeDeltas?: number[];
        };
      }
    ).data;
    for (const n of data?.cpuProfile?.nodes ?? []) {
      nodes.set(n.id, n.callFrame);
      if ((n as { parent?: number }).parent !== undefined) parent.set(n.id, (n as { parent?: number }).parent!);
    }
    let ts = samples.length ? samples[samples.length - 1]!.ts : 0;
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((id, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node: id });
    });
  }
  const profileStart = events.find((e) => e.name === 'Profile');
  const startTs = (profileStart?.args as { data?: { startTime?: number } })?.data?.startTime ?? 0;
  let tbt = 0;
  console.log(`page ${path}  load average ${load.toFixed(2)} -> ${loadavg()[0]!.toFixed(2)}`);
  // Lighthouse counts blocking time from the first contentful paint on: tasks before it do not count
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (fcp) console.log(`first contentful paint at ${((fcp.ts - t0) / 1000).toFixed(0)} ms`);
  for (const task of tasks) {
    tbt += Math.max(0, task.dur! / 1000 - 50);
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
    // the outermost events of the task only (their children are part of their duration)
    const outer = inside.filter(
      (e) => !inside.some((p) => p !== e && p.ts <= e.ts && p.ts + p.dur! >= e.ts + e.dur! && p.dur! > e.dur!),
    );
    const kinds = new Map<string, number>();
    for (const e of outer) {
      const d = e.args?.data;
      const what = d?.url
        ? `${e.name} ${d.url.replace(base, '')}${d.functionName ? ` ${d.functionName}` : ''}`
        : e.name;
      kinds.set(what, (kinds.get(what) ?? 0) + e.dur! / 1000);
    }
    const parts = [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(`task at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms`);
    for (const [k, v] of parts) console.log(`   ${v.toFixed(0).padStart(6)} ms  ${k}`);
    const fns = new Map<string, number>();
    // inclusive time of the explorer's own functions (not the framework chunk): what our code costs
    const ours = new Map<string, number>();
    let prev = 0;
    for (const sm of samples) {
      const ts = startTs + sm.ts;
      const gap = ts - prev;
      prev = ts;
      if (ts < task.ts || ts > task.ts + task.dur!) continue;
      const f = nodes.get(sm.node);
      const key = f
        ? `${f.functionName || '(anonymous)'} ${(f.url ?? '').replace(base, '')}:${(f.lineNumber ?? 0) + 1}`
        : '?';
      fns.set(key, (fns.get(key) ?? 0) + Math.min(gap, 5000) / 1000);
      const onStack = new Set<string>();
      for (let id: number | undefined = sm.node; id !== undefined; id = parent.get(id)) {
        const c = nodes.get(id);
        if (!c?.url || c.url.includes('framework')) continue;
        onStack.add(`${c.functionName || '(anonymous)'} ${c.url.replace(base, '')}:${(c.lineNumber ?? 0) + 1}`);
      }
      for (const k of onStack) ours.set(k, (ours.get(k) ?? 0) + Math.min(gap, 5000) / 1000);
    }
    for (const [k, v] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`        ${v.toFixed(0).padStart(6)} ms  ${k}`);
    for (const [k, v] of [...ours].sort((a, b) => b[1] - a[1]).slice(0, 10))
      console.log(`        ${v.toFixed(0).padStart(6)} ms  (inclusive) ${k}`);
  }
  console.log(`blocking time (sum of each long task past 50 ms): ${tbt.toFixed(0)} ms`);
} finally {
  await browser.close();
  await app.close();
}
