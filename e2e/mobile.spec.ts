import { expect, test } from '@playwright/test';
import { allTraces, bounceTrace, hex, txsOf } from './fixture-api';

test.use({ viewport: { width: 375, height: 800 } });

test('a phone-width layout: no horizontal page scroll, search and graph usable', async ({ page, request }) => {
  const trace = bounceTrace(await allTraces(request));
  for (const path of ['/', `/trace/${hex(trace.trace_id)}`, `/tx/${hex(txsOf(trace)[0]!.hash)}`, '/traces']) {
    await page.goto(path);
    await expect(page.locator('main')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(1);
    await expect(page.locator('#global-search')).toBeVisible();
    await page.screenshot({ path: `e2e-artifacts/screenshots/mobile${path.replace(/\//g, '_').slice(0, 40)}.png`, fullPage: true });
  }
  await page.goto(`/trace/${hex(trace.trace_id)}`);
  await expect(page.getByTestId('trace-node')).toHaveCount(txsOf(trace).length);
});
