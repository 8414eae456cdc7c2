import { expect, test, type APIRequestContext } from '@playwright/test';
import { allTraces, hex, txsOf, type Trace, type Tx } from './fixture-api';

/** The account's newest transaction, found independently of the page: every trace of the account, highest lt. */
async function newestTxOf(request: APIRequestContext, account: string): Promise<Tx> {
  const r = await request.get(`/api/v3/traces?account=${account}&limit=1000`);
  expect(r.ok()).toBe(true);
  const txs = ((await r.json()) as { traces: Trace[] }).traces.flatMap(txsOf).filter((t) => t.account === account);
  return txs.reduce((a, b) => (BigInt(b.lt) > BigInt(a.lt) ? b : a));
}

async function txByHash(request: APIRequestContext, hashHex: string): Promise<Tx> {
  const r = await request.get(`/api/v3/traces?tx_hash=${hashHex}`);
  const trace = ((await r.json()) as { traces: Trace[] }).traces[0]!;
  return txsOf(trace).find((t) => hex(t.hash) === hashHex)!;
}

test('the account page shows the state after its newest transaction, and says which one', async ({ page, request }) => {
  const traces = await allTraces(request);
  // The busiest account: its newest transaction is the one most likely to sit outside its newest trace.
  const counts = new Map<string, number>();
  for (const tx of traces.flatMap(txsOf)) counts.set(tx.account, (counts.get(tx.account) ?? 0) + 1);
  const account = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  const newest = await newestTxOf(request, account);
  const state = newest.account_state_after!;

  await page.goto(`/account/${account}`);
  const summary = page.getByTestId('account-summary');
  await expect(summary).toBeVisible();
  await expect(page.getByTestId('summary-balance')).toHaveAttribute('title', `${state.balance} nanoton`);
  await expect(page.getByTestId('summary-balance')).toHaveText(/^[\d,]+(\.\d+)? TON$/);
  await expect(page.getByTestId('summary-status')).toHaveText(state.account_status);
  if (state.code_hash) await expect(page.getByTestId('summary-code-hash')).toHaveText(state.code_hash);
  await expect(page.getByTestId('summary-as-of')).toContainText(`lt ${newest.lt}`);
  await expect(page.getByTestId('summary-tx')).toHaveAttribute('href', `/tx/${hex(newest.hash)}`);
  await page.screenshot({ path: 'e2e-artifacts/screenshots/account-summary.png', fullPage: true });

  await page.getByTestId('summary-tx').click();
  await expect(page).toHaveURL(`/tx/${hex(newest.hash)}`);
  await expect(page.getByTestId('no-next-tx')).toBeVisible();
});

test('an account without transactions says so, not an error', async ({ page }) => {
  await page.goto(`/account/0:${'1'.repeat(64)}`);
  await expect(page.getByText('This account has no transactions on this ledger')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('previous and next transaction of the same account, and amounts in the phase cards', async ({ page, request }) => {
  const traces = await allTraces(request);
  const tx = traces.flatMap(txsOf).find((t) => t.prev_trans_lt !== '0' && t.description.compute_ph?.gas_fees)!;
  await page.goto(`/tx/${hex(tx.hash)}`);
  const compute = page.getByRole('region', { name: 'Compute phase' });
  await expect(compute.locator('[data-field="gasFees"] span')).toHaveAttribute(
    'title',
    `${tx.description.compute_ph!.gas_fees} nanoton`,
  );
  await expect(compute.locator('[data-field="gasFees"]')).toHaveText(/ TON$/);
  await expect(compute.locator('[data-field="gasUsed"]')).toHaveText(tx.description.compute_ph!.gas_used!);

  await page.getByTestId('prev-tx').click();
  await expect(page).toHaveURL(`/tx/${hex(tx.prev_trans_hash)}`);
  const prev = await txByHash(request, hex(tx.prev_trans_hash));
  expect(prev.account).toBe(tx.account);
  expect(prev.lt).toBe(tx.prev_trans_lt);
  await expect(page.getByText(prev.lt, { exact: true })).toBeVisible();
  // ...and from there, the next transaction of the account is the one we came from.
  await expect(page.getByTestId('next-tx')).toHaveAttribute('href', `/tx/${hex(tx.hash)}`);
});

test('a first transaction has no previous one', async ({ page, request }) => {
  const first = (await allTraces(request)).flatMap(txsOf).find((t) => t.prev_trans_lt === '0')!;
  await page.goto(`/tx/${hex(first.hash)}`);
  await expect(page.getByText("none: the account's first transaction")).toBeVisible();
  await expect(page.getByTestId('prev-tx')).toHaveCount(0);
});

test('list times: a relative age within a day, else the UTC date-time, the ISO instant in the tooltip', async ({
  page,
}) => {
  await page.goto('/');
  const ages = page.getByTestId('age');
  await expect(ages.first()).toBeVisible();
  for (const cell of await ages.all()) {
    const iso = (await cell.getAttribute('title'))!;
    expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(await cell.getAttribute('datetime')).toBe(iso);
    const text = await cell.innerText();
    if (Date.now() - Date.parse(iso) >= 86_400_000) expect(text).toBe(iso.slice(0, 16).replace('T', ' '));
    else expect(text).toMatch(/^\d+ (s|min|h) ago$/);
  }
});
