import { expect, test, type Page } from '@playwright/test';

// The same server under another origin name: a real, different API origin (CORS allows any).
const port = Number(process.env.E2E_PORT ?? 8181);
const OTHER = `http://localhost:${port}`;
const STORED_KEY = 'ledgerscope.apiBase';

const banner = (page: Page) => page.getByTestId('source-banner');
const stored = (page: Page) => page.evaluate((k) => localStorage.getItem(k), STORED_KEY);

test('a link with ?api= shows whose data it is on every page, and never outlives the URL', async ({ page }) => {
  const apiRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) apiRequests.push(new URL(r.url()).origin);
  });
  await page.goto(`/?api=${encodeURIComponent(OTHER)}`);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText(`Data from localhost:${port}`);
  await expect(page.locator('tbody tr a[href^="/trace/"]').first()).toBeVisible();
  expect(new Set(apiRequests)).toEqual(new Set([OTHER]));

  // the override rides along on navigation, and the banner with it
  await page.getByRole('link', { name: 'Traces', exact: true }).click();
  await expect(page).toHaveURL(/\/traces\?.*api=/);
  await expect(banner(page)).toBeVisible();
  expect(await stored(page)).toBeNull();

  // a fresh visit without the parameter reads the site's own API: nothing was remembered
  apiRequests.length = 0;
  await page.goto('/traces');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  expect(new Set(apiRequests)).toEqual(new Set([new URL(page.url()).origin]));
  expect(await stored(page)).toBeNull();
});

test("the banner takes the reader back to the site's own data in one click", async ({ page }) => {
  await page.goto(`/messages?api=${encodeURIComponent(OTHER)}`);
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: "Back to this site's data" }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(page).toHaveURL((u) => u.pathname === '/messages' && !u.searchParams.has('api'));
});

test('only the settings panel stores another API, and the banner stays until the reader goes back', async ({
  page,
}) => {
  await page.goto('/');
  await expect(banner(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('API base URL').fill(OTHER);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(banner(page)).toContainText(`Data from localhost:${port}`);
  expect(await stored(page)).toBe(OTHER);

  await page.goto('/traces');
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: "Back to this site's data" }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await stored(page)).toBeNull();
  await page.reload();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

// `?api=//evil.example` and `?api=/\evil.example` are paths to nobody but a browser, which reads them
// as another host: the explorer refuses them, reads its own API, and says what it refused.
for (const hostile of ['//evil.example', '/\\evil.example']) {
  test(`a link with ?api=${hostile} is refused: no request leaves for that host, and the banner says so`, async ({
    page,
  }) => {
    const foreign: string[] = [];
    const own: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.hostname === 'evil.example') foreign.push(r.url());
      else if (url.pathname.startsWith('/api/')) own.push(url.origin);
    });
    await page.goto(`/traces?api=${encodeURIComponent(hostile)}`);
    const origin = new URL(page.url()).origin;
    // the page reads this site's own API: its rows are the fixture ledger's
    await expect(page.locator('tbody tr a[href^="/trace/"]').first()).toBeVisible();
    await expect(page.getByTestId('refused-api')).toContainText(`This link's API was refused: ${hostile}`);
    await expect(banner(page)).toContainText(`Data from ${new URL(origin).host}, this site's own API`);
    expect(foreign).toEqual([]);
    expect(new Set(own)).toEqual(new Set([origin]));

    // one click drops the refused parameter, and the banner with it
    await banner(page).getByRole('button', { name: 'Remove it from the link' }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/traces' && !u.searchParams.has('api'));
    await expect(banner(page)).toHaveCount(0);
    expect(foreign).toEqual([]);
  });
}
