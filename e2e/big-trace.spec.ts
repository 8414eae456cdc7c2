import { expect, test } from '@playwright/test';
import { allTraces, hex, txsOf } from './fixture-api';
import { wakeGraph } from './trace-graph';

// The fixture ledger's wide fan-out (over 4,000 transactions, served cut at the API's per-trace cap):
// its table opens at 200 rows and grows on request, and its lanes draw only what their box shows,
// so the page of a trace of thousands opens as one of hundreds does.
test('a trace of a thousand transactions: the table a page at a time, the lanes as far as their box shows', async ({
  page,
  request,
}) => {
  // the trace is opened four times, each a 50 MB answer at the 4,000 cap: minutes on a loaded machine
  test.setTimeout(300_000);
  const big = (await allTraces(request)).sort((a, b) => txsOf(b).length - txsOf(a).length)[0]!;
  const n = txsOf(big).length;
  expect(n).toBeGreaterThanOrEqual(1000);
  const rows = page.getByTestId('trace-row');
  // thousands of transactions are a large answer: on a loaded machine it takes the API seconds
  const arrives = { timeout: 60_000 };

  await page.goto(`/trace/${hex(big.trace_id)}?view=table`);
  await expect(rows).toHaveCount(200, arrives);
  await expect(page.getByTestId('show-more')).toContainText(`200 of ${n} transactions shown`);
  await page.getByRole('button', { name: 'Show 200 more' }).click();
  await expect(rows).toHaveCount(400);
  // j selects the first transaction, already shown: the table stays as long as it was
  await page.keyboard.press('j');
  await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
  await expect(rows).toHaveCount(400);
  // The answer was read in a worker, which handed the page only what it draws and kept the
  // transactions: the JSON export still holds every one of them.
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  const exported = JSON.parse(await (await import('node:fs/promises')).readFile((await json.path())!, 'utf8')) as {
    traces: Array<{ transactions: Record<string, { hash: string; outMsgs: unknown[] }>; root: unknown }>;
  };
  expect(Object.keys(exported.traces[0]!.transactions)).toHaveLength(n);
  expect(exported.traces[0]!.root).not.toBeNull();

  // a link to a transaction far down the trace shows the table down to it
  const last = txsOf(big).sort((a, b) => (BigInt(a.lt) < BigInt(b.lt) ? 1 : -1))[0]!;
  await page.goto(`/trace/${hex(big.trace_id)}?view=table&tx=${hex(last.hash)}`);
  await expect(page.locator('[data-testid="trace-row"][aria-selected="true"]')).toBeVisible(arrives);
  expect(await rows.count()).toBeGreaterThan(200);

  await page.goto(`/trace/${hex(big.trace_id)}?view=lanes`);
  const lanes = page.getByTestId('lanes');
  const chips = page.getByTestId('lane-tx');
  await expect(lanes).toHaveAttribute('data-windowed', 'true', arrives);
  await expect(chips.first()).toBeVisible();
  const drawn = async () => chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-tx')!));
  const first = new Set(await drawn());
  expect(first.size).toBeLessThan(n);
  await expect(page.getByTestId('lanes-row')).toHaveCount(200);
  // scrolled to its end, the box draws the chips there
  await lanes.evaluate((el) => el.scrollTo(el.scrollWidth, el.scrollHeight));
  await expect.poll(async () => (await drawn()).some((h) => !first.has(h))).toBe(true);
  expect((await drawn()).length).toBeLessThan(n);

  // The graph draws the nodes in view, and no minimap: React Flow's would draw all of them.
  await page.goto(`/trace/${hex(big.trace_id)}`);
  // first a still picture of what the graph opens on (a screenful, not the whole trace)
  await expect(page.getByTestId('trace-picture-node').first()).toBeVisible(arrives);
  expect(await page.getByTestId('trace-picture-node').count()).toBeLessThan(n);
  await wakeGraph(page);
  await expect(page.getByTestId('trace-node').first()).toBeVisible(arrives);
  expect(await page.getByTestId('trace-node').count()).toBeLessThan(n);
  await expect(page.locator('.react-flow__minimap')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /fit view/i })).toBeVisible();
});
