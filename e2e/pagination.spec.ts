import { expect, test } from '@playwright/test';
import { allTraces, hex } from './fixture-api';

test('traces paginate forward and back by limit/offset in the URL, with no next past the last page', async ({
  page,
  request,
}) => {
  const traces = await allTraces(request);
  const limit = 10;
  expect(traces.length).toBeGreaterThan(2 * limit);
  await page.goto(`/traces?limit=${limit}`);
  const firstRow = page.locator('tbody tr a[href^="/trace/"]').first();
  await expect(firstRow).toHaveText(new RegExp(hex(traces[0]!.trace_id).slice(0, 6)));
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(page).toHaveURL(/offset=10/);
  await expect(firstRow).toHaveText(new RegExp(hex(traces[limit]!.trace_id).slice(0, 6)));
  await page.reload();
  await expect(firstRow).toHaveText(new RegExp(hex(traces[limit]!.trace_id).slice(0, 6)));
  await page.getByRole('button', { name: '← Previous' }).click();
  await expect(page).toHaveURL(/offset=0/);
  await expect(firstRow).toHaveText(new RegExp(hex(traces[0]!.trace_id).slice(0, 6)));
  await expect(page.getByRole('button', { name: '← Previous' })).toBeDisabled();

  const lastOffset = Math.floor((traces.length - 1) / limit) * limit;
  await page.goto(`/traces?limit=${limit}&offset=${lastOffset}`);
  await expect(page.locator('tbody tr')).toHaveCount(traces.length - lastOffset);
  await expect(page.getByRole('button', { name: 'Next →' })).toBeDisabled();

  await page.getByLabel('Rows per page').selectOption('25');
  await expect(page).toHaveURL(/limit=25/);
  await expect(page).toHaveURL(/offset=0/);
  await expect(page.locator('tbody tr')).toHaveCount(25);
});

test('out-of-range limit and offset in a link are brought within the API bounds', async ({ page }) => {
  await page.goto('/traces?limit=0&offset=-4');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByText(/^1–1$/)).toBeVisible();
  await page.goto('/traces?limit=5000');
  await expect(page.getByLabel('Rows per page')).toHaveValue('1000');
});

test('block transactions paginate by cursor, forward and back', async ({ page, request }) => {
  const traces = await allTraces(request);
  // the busiest shard block
  const counts = new Map<string, number>();
  for (const t of traces)
    for (const tx of Object.values(t.transactions)) {
      const k = `${tx.block_ref.workchain}/${tx.block_ref.shard}/${tx.block_ref.seqno}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
  // the fixture ledger is fixed by its seed: its busiest block (ties broken by name) is always the same
  const [block, n] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
  expect(n, `the busiest block of the fixture ledger, ${block}, has more than one page of 10`).toBeGreaterThan(10);
  await page.goto(`/block/${block}?count=10`);
  await expect(page.getByTestId('tx-row')).toHaveCount(10);
  const first = await page.getByTestId('tx-row').first().textContent();
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(page).toHaveURL(/after=/);
  await expect(page.getByTestId('tx-row').first()).not.toHaveText(first!);
  await page.getByRole('button', { name: '← Previous' }).click();
  await expect(page.getByTestId('tx-row').first()).toHaveText(first!);
});
