// The emulation page drawing a 100-transaction trace to come: `npx tsx bench/emulate-page.ts`.
// `npm start`'s entry on a fresh ledger (no traffic), a v5r1 wallet's fan-out of 99 transfers
// (bench/tools/fan-out-message.ts) emulated once by the API (timed: `api_emulate_ms`), then the page
// opened BENCH_RUNS times on `/emulate?boc=` with that answer served from memory, so the figure is
// the explorer's own: from the answer's last byte (its resource timing) to the trace drawn (the
// graph's nodes and every transaction's exit code on screen, two frames later). Target: ≤ 1 s.
// Needs the built explorer (`npm run build:web`). Prints one JSON line with the load average.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { fanOutMessage } from './tools/fan-out-message';
import { emulateRequest } from '../src/api/emulate';

const PORT = Number(process.env.BENCH_PORT ?? 8297);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const base = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-emulate-page-'));
let server: ChildProcess | null = null;
process.on('exit', () => {
  server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  env: {
    ...process.env,
    LEDGER_DB: join(dir, 'ledger.db'),
    LEDGER_TXS: '1',
    LEDGER_TRAFFIC: 'off',
    LEDGER_SEND: 'on',
    PORT: String(PORT),
    HOST: '127.0.0.1',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function wallets(): Promise<{ version: string; mnemonic: string; address: string }[]> {
  for (let i = 0; ; i++) {
    try {
      const r = await fetch(`${base}/api/local/wallets`);
      if (r.status === 200) return ((await r.json()) as { wallets: never[] }).wallets;
    } catch {
      // not listening yet
    }
    if (i > 1200) throw new Error('the server never listed its wallets');
    await sleep(100);
  }
}
const fan = (await wallets()).find((w) => w.version === 'v5r1')!;
// funded by the faucet wallet's first transfer, in the first blocks
for (let i = 0; ; i++) {
  const r = await fetch(`${base}/api/v2/getAddressBalance?address=${fan.address}`);
  if (BigInt(((await r.json()) as { result: string }).result) > 0n) break;
  if (i > 600) throw new Error('the fan-out wallet was never funded');
  await sleep(100);
}
const boc = await fanOutMessage(fan.mnemonic);
// asked until answered (the first asks load the workers' emulators, and may pass the query budget
// on a busy machine); the last answer's time is the warm one
let answer = '';
let apiMs: number;
for (let i = 0; ; i++) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/emulate/v1/emulateTrace`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // what the page asks (src/api/emulate.ts)
    body: JSON.stringify(emulateRequest(boc)),
  });
  answer = await res.text();
  apiMs = performance.now() - t0;
  if (res.status === 200 && i >= 2) break;
  if (res.status !== 200 && i >= 8) throw new Error(`emulateTrace: ${res.status} ${answer}`);
}
const transactions = Object.keys((JSON.parse(answer) as { transactions: object }).transactions).length;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const drawn: number[] = [];
const link = boc.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
for (let run = 0; run < RUNS + 1; run++) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.route('**/api/emulate/v1/emulateTrace', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json; charset=utf-8', body: answer }),
  );
  await page.goto(`${base}/emulate?boc=${link}`);
  // a string, not a function: tsx would name the function's inner arrows with a helper the page has not
  const ms = (await page.evaluate(`(async () => {
    const ready = () =>
      document.querySelectorAll('[data-testid="emulated-exit-codes"] li').length === ${transactions} &&
      document.querySelector('[data-testid="trace-node"]') !== null;
    while (!ready()) await new Promise((r) => requestAnimationFrame(r));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/emulate/v1/emulateTrace'));
    return performance.now() - entry.responseEnd;
  })()`)) as number;
  // the first run warms the browser's cache of the explorer's scripts
  if (run > 0) drawn.push(ms);
  await page.close();
}
await browser.close();
console.log(
  JSON.stringify({
    bench: 'emulate-page',
    transactions,
    api_emulate_ms: Math.round(apiMs),
    answer_bytes: answer.length,
    drawn_after_answer_ms: { n: drawn.length, p50: Math.round(median(drawn)), max: Math.round(Math.max(...drawn)) },
    target_ms: 1000,
    loadavg: loadavg().map((l) => Number(l.toFixed(2))),
  }),
);
process.exit(0);
