import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Address, beginCell, Cell, storeMessage } from '@ton/core';
import { startLiveServer, type LiveServer } from './live-server';
import { recorded, startTonCenterFixtures, type TonCenterFixtures } from './ton-center-fixtures';
import { listedWallets, postJson, v4Transfer } from '../src/server/test-support/local-network';

// The emulation page: a message pasted (base64 or hex), its trace to come drawn as a real trace is
// and marked emulated, then sent and its real trace followed until complete, linked, and compared;
// refusals in words; "emulate again" from a transaction's page; and against a TON Center stand-in,
// its emulation answer (built from a recorded trace, SOURCES.md) read to the same picture.
const port = Number(process.env.E2E_PORT ?? 8181) + 4;
let live: LiveServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  live = await startLiveServer(port, { LEDGER_TRAFFIC: 'off' });
});
test.afterAll(async () => {
  await live?.close();
});

interface EmulationAnswer {
  transactions: Record<string, { account: string }>;
}

async function a11y(page: Page, selector: string) {
  const r = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const [i, theme] of (['light', 'dark'] as const).entries()) {
  test(`paste, see the trace to come, send it and follow the real one (${theme})`, async ({ page }) => {
    test.setTimeout(120_000);
    const wallets = await listedWallets(live.origin);
    const from = wallets.filter((w) => w.version === 'v4r2')[i]!;
    // a bounceable transfer to an address nobody deployed: out, skipped there, back as a bounce
    const to = new Address(0, Buffer.alloc(32, 0x40 + i)).toString({ bounceable: true });
    const m = await v4Transfer(from, to, 0, 1_000_000_000n, true);
    const foretold = await postJson(`${live.origin}/api/emulate/v1/emulateTrace`, { boc: m.boc });
    expect(foretold.status).toBe(200);
    const expected = Object.keys((foretold.body as unknown as EmulationAnswer).transactions).length;
    await page.addInitScript((t) => localStorage.setItem('ledgerscope.theme', t), theme);
    await page.goto(`${live.origin}/emulate`);
    // the light run pastes base64, the dark one hex
    const pasted = theme === 'light' ? m.boc : m.cell.toBoc().toString('hex');
    await page.getByTestId('emulate-input').fill(pasted);
    await page.getByTestId('emulate-submit').click();
    const trace = page.getByTestId('emulated-trace');
    await expect(trace).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/[?&]boc=/);
    await expect(page.getByTestId('emulated-summary')).toContainText(`${expected} transactions`);
    await expect(page.getByTestId('emulated-exit-codes').getByRole('listitem')).toHaveCount(expected);
    // marked emulated: the summary and the offer to send
    expect(await page.getByTestId('emulated-badge').count()).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('heading', { name: 'What would happen' })).toBeVisible();
    await a11y(page, 'main');
    // sent, then followed: the real trace, complete, linked, compared
    await page.getByTestId('send-message').click();
    const real = page.getByTestId('real-trace');
    await expect(real).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
    const answer = await (
      await fetch(`${live.origin}/api/v3/traces?msg_hash=${encodeURIComponent(m.cell.hash().toString('base64'))}`)
    ).json();
    const realTrace = (answer as { traces: { trace_id: string; transactions: object }[] }).traces[0]!;
    expect(Object.keys(realTrace.transactions)).toHaveLength(expected);
    await expect(real.getByTestId('real-trace-link')).toHaveAttribute(
      'href',
      new RegExp(`/trace/${Buffer.from(realTrace.trace_id, 'base64').toString('hex')}`),
    );
    await expect(real.getByTestId('no-differences').or(real.getByTestId('differences'))).toBeVisible();
    await a11y(page, '[data-testid="send-panel"]');
    // "emulate again" from the wallet's transaction: its seqno is used now, refused in words
    await real.getByTestId('real-trace-link').click();
    await expect(page).toHaveURL(/\/trace\//);
    await page.goto(`${live.origin}/tx/${Buffer.from(rootOf(answer), 'base64').toString('hex')}`);
    await page.getByTestId('emulate-again').click();
    await expect(page.getByTestId('emulate-error')).toContainText('would not be accepted', { timeout: 20_000 });
  });
}

/** The root transaction of a `traces` answer's first trace (base64). */
function rootOf(answer: unknown): string {
  return (answer as { traces: { trace: { tx_hash: string } }[] }).traces[0]!.trace.tx_hash;
}

test('bad input is refused in words before the API is asked', async ({ page }) => {
  await page.goto(`${live.origin}/emulate`);
  const input = page.getByTestId('emulate-input');
  const error = page.getByTestId('emulate-input-error');
  await input.fill('hello, world!');
  await page.getByTestId('emulate-submit').click();
  await expect(error).toContainText('not base64');
  await input.fill(Buffer.from('not a bag of cells').toString('base64'));
  await page.getByTestId('emulate-submit').click();
  await expect(error).toContainText('not a bag of cells');
  // an internal message as a contract sends it (with its sender): not one a client can send
  const internalMsg = beginCell()
    .store(
      storeMessage({
        info: {
          type: 'internal',
          ihrDisabled: true,
          bounce: false,
          bounced: false,
          src: new Address(0, Buffer.alloc(32, 2)),
          dest: new Address(0, Buffer.alloc(32, 1)),
          value: { coins: 1n },
          ihrFee: 0n,
          forwardFee: 0n,
          createdLt: 0n,
          createdAt: 0,
        },
        body: Cell.EMPTY,
      }),
    )
    .endCell()
    .toBoc()
    .toString('base64');
  await input.fill(internalMsg);
  await page.getByTestId('emulate-submit').click();
  await expect(error).toContainText('an internal message');
  await a11y(page, 'main');
});

test.describe('against TON Center', () => {
  let tc: TonCenterFixtures;
  const built = recorded<{ transactions: Record<string, { account: string }> }>(
    'emulate-trace-built-from-cookbook-trace.json',
  );
  test.beforeAll(async () => {
    tc = await startTonCenterFixtures([
      {
        path: '/api/emulate/v1/emulateTrace',
        file: 'emulate-trace-built-from-cookbook-trace.json',
        answers: () => true,
      },
    ]);
  });
  test.afterAll(async () => {
    await tc?.close();
  });

  test("emulates through TON Center's own service and reads its answer to the same picture", async ({ page }) => {
    const wallets = await listedWallets(live.origin);
    const m = await v4Transfer(wallets[0]!, wallets[1]!.friendly, 0);
    await page.goto(`/emulate?api=${encodeURIComponent(tc.base)}`);
    await page.getByTestId('emulate-input').fill(m.boc);
    await page.getByTestId('emulate-submit').click();
    const count = Object.keys(built.transactions).length;
    await expect(page.getByTestId('emulated-summary')).toContainText(`${count} transactions`, { timeout: 20_000 });
    await expect(page.getByTestId('emulated-exit-codes').getByRole('listitem')).toHaveCount(count);
    expect(tc.requests.map((r) => r.url)).toContain('/api/emulate/v1/emulateTrace');
    // TON Center's API takes no messages here: nothing to send
    await expect(page.getByTestId('send-panel')).toHaveCount(0);
  });
});
