// The busiest accounts' pages, one JSON line each: on each bench ledger (seed 42, ACCOUNT_TXS,
// default "10000,1000000", built once under data/bench/) the account with the most transactions
// and the wallet that accepted the most external messages, each page opened as a link is (a full
// load of `/account/<address>` in headless Chromium) and as a click makes it (a client-side route
// change from the home page), timed to interactive: every area of the page drawn (its state, contract, the first page of its traces and
// its methods, no area still pending) and two frames after. Target: ≤ 1 s on the million.
// Each run is a new browser context (nothing cached), ACCOUNT_RUNS (default 5) runs a way; the
// server is this repository's (`npm run build:web` first), its answer cache off so that each run
// reads the ledger, as the first visitor of an account does.
// `npx tsx bench/account-page.ts` (`ACCOUNT_TXS=10000` for the small ledger alone; ACCOUNT_WEB_ROOT=<a copy
// of a build> measures another build than dist/web).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { Address } from '@ton/core';
import { chromium, type Page } from '@playwright/test';
import { benchLedgerPath, busiestWallet, median } from './bench-ledger';
import { createServer } from '../src/server/app';
import { openSqliteStore } from '../src/store/sqlite/open-sqlite-store';

const PORT = Number(process.env.BENCH_PORT ?? 8294);
const SIZES = (process.env.ACCOUNT_TXS ?? '10000,1000000').split(',').map(Number);
const RUNS = Number(process.env.ACCOUNT_RUNS ?? 5);
const base = `http://127.0.0.1:${PORT}`;

/**
 * The accounts measured: the one with the most transactions (on the million, a masterchain system
 * account), and the wallet that accepted the most external messages (the account a person follows
 * most: its traces are transfers of TON and jettons, bigger answers).
 */
function busiest(path: string): { role: string; raw: string; transactions: number }[] {
  const store = openSqliteStore(path, { readonly: true });
  try {
    const count = store.db.prepare('SELECT count(*) FROM transactions WHERE account = ?').pluck();
    const account = store.db
      .prepare('SELECT account FROM transactions GROUP BY account ORDER BY count(*) DESC LIMIT 1')
      .pluck()
      .get() as string;
    const wallet = busiestWallet(store.db);
    return [
      { role: 'most transactions', raw: account, transactions: count.get(account) as number },
      { role: 'busiest wallet', raw: wallet, transactions: count.get(wallet) as number },
    ];
  } finally {
    store.close();
  }
}

/**
 * Resolves when the account page has every area drawn: its traces listed, then no area pending (each
 * area's placeholder is drawn with the page's frame, so none pending after the list means all drawn).
 */
async function interactive(p: Page): Promise<number> {
  await p.locator('section[aria-labelledby="acct-traces"] a[href^="/trace/"]').first().waitFor({ timeout: 60_000 });
  await p.waitForFunction(() => document.querySelectorAll('main [role="status"].animate-pulse').length === 0, null, {
    timeout: 60_000,
    polling: 'raf',
  });
  return p.evaluate(
    () => new Promise<number>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now())))),
  );
}

/** The account's page opened RUNS times each way (one visit before, unmeasured); prints a line. */
async function measure(txs: number, account: { role: string; raw: string; transactions: number }) {
  const friendly = Address.parseRaw(account.raw).toString({ urlSafe: true, bounceable: true });
  const loadBefore = loadavg()[0]!;
  const link: number[] = [];
  const click: number[] = [];
  // one unmeasured visit: the server's reader workers open the ledger and warm its first pages
  for (let i = 0; i <= RUNS; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const p = await ctx.newPage();
    await p.goto(`${base}/account/${friendly}`, { waitUntil: 'commit' });
    const t = await interactive(p);
    if (i > 0) link.push(t);
    await p.goto(`${base}/`);
    await p.locator('tbody tr a[href^="/trace/"]').first().waitFor({ timeout: 60_000 });
    const t0 = await p.evaluate((href) => {
      history.pushState({}, '', href);
      dispatchEvent(new PopStateEvent('popstate'));
      return performance.now();
    }, `/account/${friendly}`);
    const t1 = await interactive(p);
    if (i > 0) click.push(t1 - t0);
    await ctx.close();
  }
  console.log(
    JSON.stringify({
      bench: 'account-page',
      ledger: `seed 42, ${txs} transactions`,
      account: friendly,
      role: account.role,
      account_transactions: account.transactions,
      link_interactive_ms: Math.round(median(link)),
      link_runs_ms: link.map(Math.round),
      click_interactive_ms: Math.round(median(click)),
      click_runs_ms: click.map(Math.round),
      target_ms: 1000,
      load_avg_1m: [loadBefore, loadavg()[0]!].map((l) => Math.round(l * 100) / 100),
    }),
  );
}

const webRoot = resolve(process.env.ACCOUNT_WEB_ROOT ?? 'dist/web');
if (!existsSync(resolve(webRoot, 'index.html'))) throw new Error(`${webRoot} is not built: run npm run build:web`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (const txs of SIZES) {
    const path = await benchLedgerPath(42, txs);
    const app = await createServer({ location: path, webRoot, limits: { answerCacheBytes: 0 } });
    await app.listen({ port: PORT, host: '127.0.0.1' });
    try {
      for (const account of busiest(path)) await measure(txs, account);
    } finally {
      await app.close();
    }
  }
} finally {
  await browser.close();
}
