import { expect, test } from '@playwright/test';
import { allTraces, bounceTrace, hex, txsOf } from './fixture-api';
import { wakeGraph } from './trace-graph';

test.use({ viewport: { width: 375, height: 800 } });

test('a phone-width layout: no horizontal page scroll, search and graph usable', async ({ page, request }) => {
  const trace = bounceTrace(await allTraces(request));
  // each page drawn, its data in (not `networkidle`: the home page's live stream stays open)
  const pages: Array<[string, string]> = [
    ['/', 'tbody tr a[href^="/trace/"]'],
    [`/trace/${hex(trace.trace_id)}`, '[data-testid="trace-picture-node"]'],
    [`/tx/${hex(txsOf(trace)[0]!.hash)}`, '[data-testid="raw-boc"]'],
    ['/traces', 'tbody tr a[href^="/trace/"]'],
  ];
  for (const [path, ready] of pages) {
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(1);
    await expect(page.locator('#global-search')).toBeVisible();
    await page.screenshot({
      path: `e2e-artifacts/screenshots/mobile${path.replace(/\//g, '_').slice(0, 40)}.png`,
      fullPage: true,
    });
  }
  await page.goto(`/trace/${hex(trace.trace_id)}`);
  await wakeGraph(page);
  await expect(page.getByTestId('trace-node')).toHaveCount(txsOf(trace).length);
});
