import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { Address } from '@ton/core';
import { startLiveServer, type LiveServer } from './live-server';
import { listedWallets, postJson, v4Transfer } from '../src/server/test-support/local-network';

// The local network from the explorer: the faucet offered on an address's page (an address with no
// history at all) where the API has one, paying by a real transfer whose message the page links;
// never offered where the API has none (the fixture ledger's server, sending off); and a message a
// script sends, followed on its trace page from pending to complete. The network makes its blocks
// on the interval here (LEDGER_BLOCK_PACE=interval), so a trace that crosses shards stays pending
// for seconds, as on the public network.
const port = Number(process.env.E2E_PORT ?? 8181) + 3;
let live: LiveServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  live = await startLiveServer(port, { LEDGER_TRAFFIC: 'off', LEDGER_BLOCK_PACE: 'interval' });
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
    // the balance on the chain is the payment less the receiving transaction's fees, once the
    // payment's internal message is delivered (a block later when it crosses shards)
    const balance = async () => {
      const r = (await (await fetch(`${live.origin}/api/v2/getAddressBalance?address=${address}`)).json()) as {
        result: string;
      };
      return BigInt(r.result);
    };
    await expect.poll(balance, { timeout: 15_000 }).toBeGreaterThan(2_990_000_000n);
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

test('a message a script sends is a pending trace on its open page, then complete without a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const wallets = await listedWallets(live.origin);
  const from = wallets.find((w) => w.version === 'v4r2')!;
  const seqnoAnswer = await postJson(`${live.origin}/api/v2/runGetMethod`, {
    address: from.address,
    method: 'seqno',
    stack: [],
  });
  // a wallet not deployed yet has no code to run: its next seqno is 0
  const result = seqnoAnswer.body.result as { exit_code: number; stack: [string, string][] } | undefined;
  const seqno = result?.exit_code === 0 ? Number(result.stack[0]![1]) : 0;
  // a bounceable transfer to an address nobody deployed, in the other shard (the top bit of the
  // account id picks the shard): out, back as a bounce: three blocks, seconds apart
  const sender = Address.parse(from.friendly).hash;
  const id = Buffer.alloc(32, 0x33);
  id[0] = sender[0]! & 0x80 ? 0x11 : 0x91;
  const to = new Address(0, id).toString({ bounceable: true });
  const sent = await v4Transfer(from, to, seqno, 1_000_000_000n, true);
  expect((await postJson(`${live.origin}/api/v2/sendBoc`, { boc: sent.boc })).status).toBe(200);
  // the trace is known once its first transaction is in a block (its id is that transaction's hash)
  const hash = encodeURIComponent(sent.cell.hash().toString('base64'));
  let traceId: string | null = null;
  const deadline = Date.now() + 20_000;
  while (!traceId) {
    expect(Date.now() < deadline, 'the message never got into a block').toBe(true);
    const r = await fetch(`${live.origin}/api/v3/transactionsByMessage?msg_hash=${hash}&direction=in`);
    const txs = ((await r.json()) as { transactions: { trace_id: string }[] }).transactions;
    traceId = txs[0]?.trace_id ?? null;
    if (!traceId) await new Promise((res) => setTimeout(res, 100));
  }
  await page.goto(`${live.origin}/trace/${Buffer.from(traceId, 'base64').toString('hex')}`);
  const pending = page.getByTestId('trace-pending');
  await expect(pending).toBeVisible({ timeout: 5_000 });
  await expect(pending).toContainText(/Pending — \d+ messages? in flight/);
  // completes on the open page: the bounce comes back two blocks later
  await expect(pending).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('trace-tx-count')).toHaveText('3 transactions');
});
