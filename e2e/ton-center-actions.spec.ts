import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addressOf, builtTrace, hashesOf, type Hop } from './built-ton-center-traces';
import { hashHex, startTonCenterFixtures, type TonCenterFixtures } from './ton-center-fixtures';
import { wakeGraph } from './trace-graph';

// The trace page over a TON Center deployment, on traces BUILT in TON Center's shape (see
// built-ton-center-traces.ts: no public recording of these was found): a DeDust swap of USD₮ for
// TON (8 transactions), a jetton transfer whose wallet threw, and an NFT transfer whose owner
// notification carried too little value for gas (skipped, as such transfers normally end).

const W = addressOf('wallet');
const USDT = addressOf('usdt master');
/** The token's picture as TON Center's image proxy serves it (a name that never resolves: no request leaves the machine). */
const USDT_IMAGE = 'https://imgproxy.example.invalid/usdt-small.png';
const jettons = {
  [USDT]: {
    is_indexed: true,
    token_info: [{ type: 'jetton_masters', symbol: 'USD₮', extra: { decimals: '6', _image_small: USDT_IMAGE } }],
  },
};
const book = (entries: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(entries).map(([raw, interfaces]) => [raw, { interfaces }]));

const swapHops: Hop[] = [
  { id: 'wallet', account: W, parent: null },
  { id: 'user jetton wallet', account: addressOf('user jw'), parent: 'wallet', opcode: '0x0f8a7ea5' },
  { id: 'vault jetton wallet', account: addressOf('vault jw'), parent: 'user jetton wallet', opcode: '0x178d4519' },
  { id: 'jetton vault', account: addressOf('jetton vault'), parent: 'vault jetton wallet', opcode: '0x7362d09c' },
  { id: 'excess', account: W, parent: 'vault jetton wallet', opcode: '0xd53276db', value: '3000000' },
  { id: 'pool', account: addressOf('pool'), parent: 'jetton vault', opcode: '0x72aca8aa' },
  { id: 'native vault', account: addressOf('native vault'), parent: 'pool', opcode: '0xad4eb6f5' },
  { id: 'payout', account: W, parent: 'native vault', opcode: '0x474f86cf', value: '320000000' },
];
const swap = builtTrace(
  'dedust swap',
  swapHops,
  [
    {
      type: 'jetton_swap',
      hops: swapHops.map((h) => h.id),
      details: {
        dex: 'dedust',
        sender: W,
        asset_in: USDT,
        asset_out: null,
        dex_incoming_transfer: {
          asset: USDT,
          source: W,
          destination: addressOf('jetton vault'),
          source_jetton_wallet: addressOf('user jw'),
          destination_jetton_wallet: addressOf('vault jw'),
          amount: '1000000',
        },
        dex_outgoing_transfer: {
          asset: null,
          source: addressOf('native vault'),
          destination: W,
          source_jetton_wallet: null,
          destination_jetton_wallet: null,
          amount: '320000000',
        },
        peer_swaps: [],
      },
    },
  ],
  book({ [W]: ['wallet_v4r2'], [addressOf('user jw')]: ['jetton_wallet'], [addressOf('vault jw')]: ['jetton_wallet'] }),
  jettons,
);

const failedHops: Hop[] = [
  { id: 'wallet', account: W, parent: null },
  {
    id: 'user jetton wallet',
    account: addressOf('user jw'),
    parent: 'wallet',
    opcode: '0x0f8a7ea5',
    outcome: { exit: 47 },
  },
];
const failed = builtTrace(
  'failed jetton transfer',
  failedHops,
  [
    {
      type: 'jetton_transfer',
      success: false,
      hops: ['wallet', 'user jetton wallet'],
      details: {
        asset: USDT,
        sender: W,
        receiver: addressOf('friend'),
        sender_jetton_wallet: addressOf('user jw'),
        amount: '5000000',
      },
    },
  ],
  book({ [W]: ['wallet_v4r2'], [addressOf('user jw')]: ['jetton_wallet'] }),
  jettons,
);

const nftHops: Hop[] = [
  { id: 'wallet', account: W, parent: null },
  { id: 'item', account: addressOf('nft item'), parent: 'wallet', opcode: '0x5fcc3d14' },
  // the new owner's wallet is not deployed and the notification carries one nanoton: no compute phase
  {
    id: 'notification',
    account: addressOf('new owner'),
    parent: 'item',
    opcode: '0x05138d91',
    value: '1',
    outcome: { skip: 'no_gas' },
  },
  { id: 'excess', account: W, parent: 'item', opcode: '0xd53276db', value: '40000000' },
];
const nft = builtTrace(
  'nft transfer',
  nftHops,
  [
    {
      type: 'nft_transfer',
      hops: nftHops.map((h) => h.id),
      details: { nft_item: addressOf('nft item'), old_owner: W, new_owner: addressOf('new owner'), is_purchase: false },
    },
  ],
  book({ [W]: ['wallet_v4r2'], [addressOf('nft item')]: ['nft_item'] }),
);

let tc: TonCenterFixtures;
test.beforeAll(async () => {
  tc = await startTonCenterFixtures(
    [swap, failed, nft].map((body, i) => ({
      path: '/api/v3/traces',
      file: `built trace ${i}`,
      body,
      answers: (q: URLSearchParams) => hashHex(q.get('trace_id')) === hashHex(hashesOf(body).traceId),
    })),
  );
});
test.afterAll(async () => tc?.close());

async function open(page: Page, answer: unknown): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`/trace/${hashHex(hashesOf(answer).traceId)}?api=${encodeURIComponent(tc.base)}`);
  await expect(page.getByTestId('trace-tx-count')).toBeVisible();
  return errors;
}

test("a swap's line names the DEX, both tokens and both amounts in their own decimals", async ({ page }) => {
  const errors = await open(page, swap);
  const line = page.getByTestId('action-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(/swapped 1 USD₮ for 0\.32 TON on DeDust$/);
  await expect(line).not.toContainText('jetton swap');
  // the explorer asked for every action type TON Center classifies, not only its v1 list
  expect(tc.requests.some((r) => r.url.includes('supported_action_types=latest'))).toBe(true);
  expect(errors).toEqual([]);
});

test("the token's picture is asked of the metadata's image proxy, and the page's policy lets it load", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'image') asked.push(r.url());
  });
  // a picture the Content-Security-Policy refused would make no request, only this event
  await page.addInitScript(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await open(page, swap);
  await expect(page.getByTestId('action-line')).toContainText('USD₮');
  await expect.poll(() => asked).toContain(USDT_IMAGE);
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  // the token's own image field (any third party's server) is never asked for
  expect(asked.filter((u) => !u.startsWith('http://127.0.0.1') && u !== USDT_IMAGE)).toEqual([]);
});

test('a failed transfer reads as failed, with the exit code of the transaction that failed', async ({ page }) => {
  const errors = await open(page, failed);
  const line = page.getByTestId('action-line');
  await expect(line).toHaveAttribute('data-outcome', 'failed');
  await expect(line).toContainText('✕ failed');
  await expect(page.getByTestId('action-failure')).toContainText('failed: exit code 47');
  await expect(page.getByTestId('failure-banner')).toContainText('exit code 47');
  await expect(page.getByTestId('trace-failed-count')).toHaveText('✕ 1 failed');
  expect(errors).toEqual([]);
});

test('a skipped notification reads as skipped, not failed', async ({ page }) => {
  const errors = await open(page, nft);
  await expect(page.getByTestId('trace-skipped-count')).toHaveText('⊘ 1 skipped');
  await expect(page.getByTestId('trace-failed-count')).toHaveCount(0);
  await expect(page.getByTestId('failure-banner')).toHaveCount(0);
  await wakeGraph(page);
  const node = page.locator('[data-testid="trace-node"][data-outcome="skipped"]');
  await expect(node).toHaveCount(1);
  await expect(node).toContainText('⊘ skipped (no_gas)');
  await expect(page.locator('[data-testid="trace-node"][data-failed]')).toHaveCount(0);
  await expect(page.getByTestId('action-line')).toContainText('transferred NFT');
  await expect(page.getByTestId('action-line')).toHaveAttribute('data-outcome', 'success');
  expect(errors).toEqual([]);
});

test('the graph of an 8-transaction swap is wholly in view on opening, in a frame of its own height', async ({
  page,
}) => {
  await open(page, swap);
  await wakeGraph(page);
  const nodes = page.getByTestId('trace-node');
  await expect(nodes).toHaveCount(swapHops.length);
  // the frame fits one screen: brought into view (the actions and balance changes come first), it
  // shows every node without a pan
  await page.getByTestId('trace-graph').scrollIntoViewIfNeeded();
  const frame = (await page.getByTestId('trace-graph').boundingBox())!;
  const window = page.viewportSize()!;
  const boxes = await Promise.all((await nodes.all()).map((n) => n.boundingBox()));
  for (const b of boxes) {
    // inside the frame and the window, without a pan or a scroll
    expect(b!.x).toBeGreaterThanOrEqual(frame.x);
    expect(b!.y).toBeGreaterThanOrEqual(frame.y);
    expect(b!.x + b!.width).toBeLessThanOrEqual(frame.x + frame.width);
    expect(b!.y + b!.height).toBeLessThanOrEqual(frame.y + frame.height);
    expect(b!.y).toBeGreaterThanOrEqual(0);
    expect(b!.y + b!.height).toBeLessThanOrEqual(window.height);
    // and readable: drawn at no less than 80% of their size (200 x 64)
    expect(b!.width).toBeGreaterThanOrEqual(160);
  }
  // no box of empty space: the frame is as tall as the graph and its margins
  const top = Math.min(...boxes.map((b) => b!.y));
  const bottom = Math.max(...boxes.map((b) => b!.y + b!.height));
  expect(frame.height).toBeLessThanOrEqual(bottom - top + 2 * 24 + 4);
});

test('the lanes of the same swap are wholly in view too, in a box of their own height', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`/trace/${hashHex(hashesOf(swap).traceId)}?view=lanes&api=${encodeURIComponent(tc.base)}`);
  const chips = page.getByTestId('lane-tx');
  await expect(chips).toHaveCount(swapHops.length);
  const box = (await page.getByTestId('lanes').boundingBox())!;
  for (const chip of await chips.all()) {
    const b = (await chip.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
    expect(b.y + b.height).toBeLessThanOrEqual(box.y + box.height);
  }
  await page.screenshot({ path: 'e2e-artifacts/screenshots/ton-center-swap-lanes.png', fullPage: true });
  expect(errors).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the action lines and outcomes: no axe-core violation in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('ledgerscope.theme', t), theme);
    for (const answer of [swap, failed, nft]) {
      await open(page, answer);
      await expect(page.getByTestId('action-line').first()).toBeVisible();
      await expect(page.getByTestId('trace-picture-node').first()).toBeVisible();
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const found = result.violations.map(
        (v) => `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes[0]?.target.join(' ')}`,
      );
      expect(found, found.join('\n')).toEqual([]);
    }
  });
}
