import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { startLiveServer, type LiveServer } from './live-server';

// The local network from the explorer: the faucet offered on an address's page (an address with no
// history at all) where the API has one, paying by a real transfer whose message the page links;
// and never offered where the API has none (the fixture ledger's server, sending off).
const port = Number(process.env.E2E_PORT ?? 8181) + 3;
let live: LiveServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  live = await startLiveServer(port, { LEDGER_TRAFFIC: 'off' });
});
test.afterAll(async () => {
  await live?.close();
});

/** A fresh address each run: nothing of the ledger ever touched it. */
const freshAddress = () =>
  `0:${Array.from({ length: 64 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('')}`;

for (const theme of ['light', 'dark'] as const) {
  test(`the faucet pays an address with no history from its page, and links the paying message (${theme})`, async ({
    page,
  }) => {
    const address = freshAddress();
    await page.addInitScript((t) => localStorage.setItem('ledgerscope.theme', t), theme);
    await page.goto(`${live.origin}/account/${address}`);
    const faucet = page.getByTestId('faucet');
    await expect(faucet).toBeVisible();
    await expect(faucet).toContainText('up to 1000 TON a request');
    const a11y = await new AxeBuilder({ page })
      .include('[data-testid="faucet"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze();
    expect(a11y.violations.map((v) => v.id)).toEqual([]);
    await page.getByLabel('Test TON from the faucet').fill('3');
    await page.getByRole('button', { name: 'Get TON' }).click();
    const paid = faucet.getByRole('status');
    await expect(paid).toContainText('Paid 3 TON by', { timeout: 20_000 });
    // the balance on the chain is the payment less the receiving transaction's fees
    const balance = await (await fetch(`${live.origin}/api/v2/getAddressBalance?address=${address}`)).json();
    expect(BigInt((balance as { result: string }).result)).toBeGreaterThan(2_990_000_000n);
    // the paying message's page: the faucet wallet's external message, and its trace
    await paid.getByRole('link').click();
    await expect(page).toHaveURL(/\/msg\/[0-9a-f]{64}/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Message');
    // a refusal reads as the server words it
    await page.goto(`${live.origin}/account/${address}`);
    await page.getByLabel('Test TON from the faucet').fill('5000');
    await page.getByRole('button', { name: 'Get TON' }).click();
    await expect(page.getByTestId('faucet').getByRole('status')).toContainText('at most 1000 TON a request');
  });
}

test('no faucet where the API has none (the fixture server takes no messages)', async ({ page, request }) => {
  const r = await request.get('/api/local/faucet');
  expect(r.status()).toBe(404);
  const traces = (await (await request.get('/api/v3/traces?limit=1')).json()) as {
    traces: { transactions: Record<string, { account: string }> }[];
  };
  const account = Object.values(traces.traces[0]!.transactions)[0]!.account;
  await page.goto(`/account/${account}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Account');
  await expect(page.getByRole('heading', { name: 'Current state' })).toBeVisible();
  await expect(page.getByTestId('faucet')).toHaveCount(0);
});
