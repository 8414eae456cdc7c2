import { expect, test } from '@playwright/test';
import { allTraces, hex } from './fixture-api';

// The fixture ledger holds one trace over the API's per-trace cap (a 4,370-transaction fan-out, cut at 4,000): the
// API serves it cut, and the explorer must say so rather than pass a partial tree off as the whole.
test('a trace over the per-trace cap opens, and says it is cut and why', async ({ page, request }) => {
  const traces = (await allTraces(request)) as Array<
    Awaited<ReturnType<typeof allTraces>>[number] & {
      is_incomplete: boolean;
      warning?: string;
      actions?: unknown[];
      trace_info: { transactions: number };
    }
  >;
  const cut = traces.find((t) => t.is_incomplete);
  if (!cut) throw new Error('the fixture ledger has no trace over the per-trace cap');
  expect(cut.warning).toContain(String(cut.trace_info.transactions));
  // asked with its actions, it has none (TON Center prints none for a trace over its cap)
  expect(cut).not.toHaveProperty('actions');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`/trace/${hex(cut.trace_id)}`);
  // the trace is ~50 MB of JSON at the cap of 4,000 transactions: fetched, parsed and drawn before
  // the page's header says it is cut (~20 s on a loaded two-core machine)
  await expect(page.getByText(`Incomplete: ${cut.warning}`)).toBeVisible({ timeout: 50_000 });
  // the actions section says why it lists none, with the counts of the cut
  await expect(page.getByTestId('cut-trace-actions')).toContainText(
    `cut at ${Object.keys(cut.transactions).length} of its ${cut.trace_info.transactions} transactions`,
  );
  expect(errors).toEqual([]);
});
