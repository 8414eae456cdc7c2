import { expect, test, type Page, type Route } from '@playwright/test';
import { allTraces, hex, traceWithSize, txsOf, type Trace, type Tx } from './fixture-api';

// Every page draws its header, search and navigation at once, before any of its data arrives, and
// each data area shows its own pending state meanwhile. The page's API requests are held (routed,
// not answered) until the shell has been seen; then they go on to the real server and the data
// arrives. The page's clock stands still until then, so that nothing can be shown by a timer (a
// router that waits for its loaders and shows a pending page after a delay draws nothing at all):
// ordering only, no timing is asserted.

/** Holds every API request of the page until `release`; `held()` counts the requests waiting. */
async function holdApi(page: Page) {
  const waiting: Route[] = [];
  let released = false;
  await page.route(/\/api\//, (route) => {
    if (released) return route.continue();
    waiting.push(route);
  });
  return {
    held: () => waiting.length,
    /** the paths of the requests waiting, with their queries */
    urls: () =>
      waiting.map((r) => decodeURIComponent(new URL(r.request().url()).pathname + new URL(r.request().url()).search)),
    release: async () => {
      released = true;
      await Promise.all(waiting.splice(0).map((r) => r.continue()));
    },
  };
}

async function shellBeforeData(page: Page, path: string, data: (page: Page) => Promise<void>) {
  const api = await holdApi(page);
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto(path);
  // the page has asked for its data, and none of it has come
  await expect.poll(api.held).toBeGreaterThan(0);
  await expect(page.getByRole('search')).toBeVisible();
  await expect(page.getByRole('search').getByRole('combobox')).toBeEditable();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Traces' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status').first()).toBeVisible();
  await api.release();
  await page.clock.resume();
  await data(page);
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
}

type Fixture = { trace: Trace; tx: Tx };

/** Each page: its path on the fixture ledger, and what shows once its data came. */
const PAGES: Array<[string, (f: Fixture) => string, (page: Page, f: Fixture) => Promise<void>]> = [
  ['home', () => '/', (p) => expect(p.locator('tbody tr a[href^="/trace/"]').first()).toBeVisible()],
  ['traces', () => '/traces', (p) => expect(p.locator('tbody tr').first()).toBeVisible()],
  [
    'trace',
    (f) => `/trace/${hex(f.trace.trace_id)}`,
    // the graph's still picture: what the page draws before the reader reaches for the graph
    (p) => expect(p.getByTestId('trace-picture-node').first()).toBeVisible(),
  ],
  ['transaction', (f) => `/tx/${hex(f.tx.hash)}`, (p) => expect(p.getByTestId('raw-boc')).toBeVisible()],
  ['message', (f) => `/msg/${hex(f.tx.in_msg!.hash)}`, (p) => expect(p.getByTestId('receiver-tx')).toBeVisible()],
  [
    'masterchain block',
    (f) => `/mc/${f.trace.mc_seqno_end}`,
    (p) => expect(p.getByTestId('tx-row').first()).toBeVisible(),
  ],
  [
    'shard block',
    ({ tx: { block_ref: b } }) => `/block/${b.workchain}/${b.shard}/${b.seqno}`,
    (p) => expect(p.getByTestId('tx-row').first()).toBeVisible(),
  ],
  [
    'account',
    (f) => `/account/${f.tx.account}`,
    (p) => expect(p.locator('tbody tr a[href^="/trace/"]').first()).toBeVisible(),
  ],
];

for (const [name, path, data] of PAGES)
  test(`the ${name} page: the header, search and navigation come before any data`, async ({ page, request }) => {
    const trace = traceWithSize(await allTraces(request), 3, 12);
    const tx = txsOf(trace).find((t) => t.in_msg?.source)!;
    await shellBeforeData(page, path({ trace, tx }), (p) => data(p, { trace, tx }));
  });

// The home page's list is drawn in a place of its own size while it loads (Lighthouse's phone: a
// layout shift of 0.3 when it replaced a one-line pending state), and the header keeps its height
// when the page's live stream starts (its status words wrapped the phone's header to a new row).
test('the home page: the list arrives in its place, and nothing above or below it moves', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const api = await holdApi(page);
  await page.goto('/');
  await expect.poll(api.held).toBeGreaterThan(0);
  const list = page.locator('main table');
  await expect(page.getByRole('main').getByRole('status')).toBeVisible();
  const box = async () => (await list.boundingBox())!;
  const before = await box();
  const mainTop = (await page.locator('main').boundingBox())!.y;
  await api.release();
  await expect(page.locator('tbody tr a[href^="/trace/"]').first()).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveText(/Live: /);
  const after = await box();
  expect(after.y).toBe(before.y);
  expect(Math.abs(after.height - before.height)).toBeLessThanOrEqual(1);
  expect((await page.locator('main').boundingBox())!.y).toBe(mainTop);
});

test('a wallet’s account page: its areas arrive in their places, and nothing already drawn moves', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  // the jetton's largest holder: a wallet, so its page has every area, the wallet's rows included
  const get = async <T>(path: string) => (await (await request.get(`/api/v3/${path}`)).json()) as T;
  const { jetton_masters } = await get<{ jetton_masters: Array<{ address: string }> }>('jetton/masters?limit=1');
  const { jetton_wallets } = await get<{ jetton_wallets: Array<{ owner: string }> }>(
    `jetton/wallets?jetton_address=${encodeURIComponent(jetton_masters[0]!.address)}&sort=desc&limit=1`,
  );
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number[] };
    w.shifts = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
        if (!e.hadRecentInput) w.shifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const api = await holdApi(page);
  await page.goto(`/account/${encodeURIComponent(jetton_wallets[0]!.owner)}`);
  await expect.poll(api.held).toBeGreaterThan(0);
  // the frame and every area's pending state are drawn (and painted: two frames) before any answer
  await expect(page.getByRole('main').getByRole('status').first()).toBeVisible();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await api.release();
  await expect(page.getByTestId('wallet-type')).toBeVisible();
  await expect(page.locator('tbody tr a[href^="/trace/"]').first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
});

// A link to an account's tab other than its traces asks for the tab's list with the page's first
// requests: before any answer has come (all are held here), not once the traces are drawn.
for (const [tab, endpoint] of [
  ['transactions', '/api/v3/transactions?account='],
  ['tokens', '/api/v3/jetton/wallets?owner_address='],
  ['nfts', '/api/v3/nft/items?owner_address='],
] as const)
  test(`a link to an account's ${tab} tab asks for its list at once`, async ({ page, request }) => {
    const tx = txsOf(traceWithSize(await allTraces(request), 3, 12)).find((t) => t.in_msg?.source)!;
    const api = await holdApi(page);
    await page.goto(`/account/${encodeURIComponent(tx.account)}?tab=${tab}`);
    await expect.poll(() => api.urls().filter((u) => u.startsWith(`${endpoint}${tx.account}`))).toHaveLength(1);
    expect(api.urls().some((u) => u.startsWith('/api/v3/traces?account='))).toBe(true);
    await api.release();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
  });
