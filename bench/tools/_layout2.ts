import { chromium } from '@playwright/test';
import { testLedgerPath } from '../../src/ledger/test-support/test-ledger';
import { createServer } from '../../src/server/app';
const app = await createServer({
  location: await testLedgerPath(11, 700),
  webRoot: '/tmp/web-unmin',
  limits: { queryTimeoutMs: 60_000 },
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const variant of ['orig', 'short', 'orig', 'short', 'orig', 'short']) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (variant === 'short')
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const s = document.createElement('style');
        s.textContent =
          ':root{--font-sans: system-ui, sans-serif; --font-mono: ui-monospace, monospace; --default-font-family: var(--font-sans)} html,:host{font-family: system-ui, sans-serif !important}';
        document.head.append(s);
      });
    });
  await browser.startTracing(page, { categories: ['devtools.timeline'] });
  await page.goto(base + '/', { waitUntil: 'load' });
  await page.waitForSelector('tbody tr', { timeout: 60000 });
  await page.waitForTimeout(2000);
  const t = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: Array<{ name: string; dur?: number }>;
  };
  const sum = (n: string) =>
    Math.round(t.traceEvents.filter((e) => e.name === n).reduce((a, e) => a + (e.dur ?? 0), 0) / 1000);
  console.log(
    variant,
    'Layout',
    sum('Layout'),
    'UpdateLayoutTree',
    sum('UpdateLayoutTree'),
    'fonts',
    await page.evaluate(() => getComputedStyle(document.body).fontFamily),
  );
  await page.close();
}
await browser.close();
await app.close();
