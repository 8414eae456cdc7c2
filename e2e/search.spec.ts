import { expect, test, type Page } from '@playwright/test';
import { allTraces, hex, traceWithSize, txsOf } from './fixture-api';

async function search(page: Page, text: string) {
  // `goto` resolves on the load event, but the app renders its shell (and the search box with its
  // `/` shortcut, attached in the same commit) only once the router has loaded the route's lazy
  // chunk: a `/` pressed before that is lost. The box on screen is the readiness signal.
  await expect(page.locator('#global-search[aria-keyshortcuts="/"]')).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('/');
  await expect(page.locator('#global-search')).toBeFocused();
  await page.locator('#global-search').fill(text);
  await page.keyboard.press('Enter');
}

function friendly(raw: string, bounceable: boolean): string {
  const [wc, h] = raw.split(':');
  const b = Buffer.alloc(36);
  b[0] = bounceable ? 0x11 : 0x51;
  b[1] = wc === '-1' ? 0xff : 0;
  Buffer.from(h!, 'hex').copy(b, 2);
  let crc = 0;
  for (const byte of b.subarray(0, 34)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  b.writeUInt16BE(crc, 34);
  return b.toString('base64url');
}

test('search resolves every input kind to its page', async ({ page, request }) => {
  const trace = traceWithSize(await allTraces(request), 3, 12);
  const tx = txsOf(trace).find((t) => t.in_msg?.source)!;
  await page.goto('/');

  await search(page, hex(tx.hash));
  await expect(page).toHaveURL(new RegExp(`/tx/${hex(tx.hash)}`));
  await search(page, tx.hash); // base64
  await expect(page).toHaveURL(new RegExp(`/tx/${hex(tx.hash)}`));
  await search(page, Buffer.from(tx.hash, 'base64').toString('base64url') + '=');
  await expect(page).toHaveURL(new RegExp(`/tx/${hex(tx.hash)}`));

  await search(page, tx.in_msg!.hash);
  await expect(page).toHaveURL(new RegExp(`/msg/${hex(tx.in_msg!.hash)}`));

  const root = trace.transactions[trace.trace_id]!;
  if (root.in_msg?.hash_norm) {
    await search(page, root.in_msg.hash_norm); // the normalized hash of the external that began it
    await expect(page).toHaveURL(/\/(msg|trace)\//);
  }

  await search(page, tx.account);
  await expect.poll(() => decodeURIComponent(page.url())).toContain(`/account/${tx.account}`);
  await search(page, friendly(tx.account, true));
  await expect(page).toHaveURL(/\/account\//);
  await expect(page.getByTestId('address-raw')).toContainText(tx.account);
  await search(page, friendly(tx.account, false));
  await expect(page.getByTestId('address-raw')).toContainText(tx.account);

  await search(page, trace.mc_seqno_end);
  await expect(page).toHaveURL(new RegExp(`/mc/${trace.mc_seqno_end}`));

  const b = tx.block_ref;
  await search(page, `${b.workchain}:${b.shard}:${b.seqno}`);
  await expect(page).toHaveURL(new RegExp(`/block/${b.workchain}/${b.shard}/${b.seqno}`));
});

test('search says clearly when nothing matches', async ({ page }) => {
  await page.goto('/');
  await search(page, 'cd'.repeat(32));
  await expect(page.getByRole('alert')).toContainText('No transaction, message or trace has the hash');
  await search(page, '99999999');
  await expect(page.getByRole('alert')).toContainText('No masterchain block 99999999');
  await search(page, 'x'.repeat(65));
  await expect(page.getByRole('alert')).toContainText('not recognised');
  await search(page, 'what is this');
  await expect(page.getByRole('alert')).toContainText('No jetton has the symbol “what is this”');
  await search(page, `7:${'a'.repeat(64)}`);
  await expect(page.getByRole('alert')).toContainText('workchain 7');
});

test('recent searches: resolved ones are offered after a reload, newest first, and open on Enter; failed ones are not kept', async ({
  page,
  request,
}) => {
  const trace = traceWithSize(await allTraces(request), 3, 12);
  const tx = txsOf(trace)[0]!;
  const txHex = hex(tx.hash);
  await page.goto('/');
  // storage holding garbage (an older format, a hand edit) must not break the search
  await page.evaluate(() => localStorage.setItem('ledgerscope.recentSearches', '{"not": "a list"'));
  await page.reload();

  await search(page, txHex);
  await expect(page).toHaveURL(new RegExp(`/tx/${txHex}`));
  const missing = 'f'.repeat(64);
  await search(page, missing);
  await expect(page.getByRole('alert')).toContainText('No transaction, message or trace');
  await page.locator('#global-search').fill('');
  await search(page, trace.mc_seqno_end);
  await expect(page).toHaveURL(new RegExp(`/mc/${trace.mc_seqno_end}$`));

  await page.reload();
  const box = page.locator('#global-search');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('/');
  const list = page.getByRole('listbox', { name: 'Recent searches' });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  await expect(options).toHaveText([
    new RegExp(`^masterchain block ${trace.mc_seqno_end}`),
    new RegExp(`^transaction ${txHex.slice(0, 4)}…${txHex.slice(-4)}`),
  ]);
  await expect(list).not.toContainText(missing.slice(0, 8));
  await page.screenshot({ path: 'e2e-artifacts/screenshots/recent-searches.png' });

  // Esc closes the list, ↓ reopens it; ↓ ↓ Enter opens the second entry
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tx/${txHex}`));

  // it moved to the top; a mouse click opens an entry too
  await box.blur();
  await box.focus();
  await expect(options.first()).toContainText('transaction');
  await options.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/mc/${trace.mc_seqno_end}$`));

  // clear forgets them, also across a reload
  await box.blur();
  await box.focus();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(list).toBeHidden();
  await page.reload();
  await box.focus();
  await expect(page.getByRole('listbox')).toHaveCount(0);
});

interface Master {
  address: string;
  jetton_content: Record<string, string>;
}

test('search finds a jetton by its symbol (any case) and lists those a text begins', async ({ page, request }) => {
  const r = await request.get('/api/v3/jetton/masters?limit=1000');
  const masters = ((await r.json()) as { jetton_masters: Master[] }).jetton_masters;
  const lower = (s: string | undefined) => s?.toLowerCase() ?? '';
  // a jetton no other shares its symbol with: typing that symbol opens its page at once
  const m = masters.find(
    (x) => masters.filter((y) => lower(y.jetton_content.symbol) === lower(x.jetton_content.symbol)).length === 1,
  )!;
  expect(m).toBeDefined();
  const symbol = m.jetton_content.symbol!;
  expect(symbol.length).toBeGreaterThan(1);
  await page.goto('/');
  await search(page, symbol.toLowerCase());
  await expect.poll(() => decodeURIComponent(page.url())).toContain(`/jetton/${m.address}`);
  await expect(page.getByTestId('jetton-symbol')).toHaveText(symbol);
  // the start of its symbol (no symbol is exactly that): a list of links to the jettons' pages
  const prefix = symbol.slice(0, -1);
  const begins = masters.filter(
    (x) =>
      lower(x.jetton_content.symbol).startsWith(lower(prefix)) ||
      lower(x.jetton_content.name).startsWith(lower(prefix)),
  );
  expect(masters.some((x) => lower(x.jetton_content.symbol) === lower(prefix))).toBe(false);
  await search(page, prefix);
  const choices = page.getByTestId('jetton-choice');
  await expect(choices).toHaveCount(Math.min(begins.length, 10));
  const link = choices.filter({ hasText: symbol }).first();
  await expect(link).toHaveAttribute('href', `/jetton/${encodeURIComponent(m.address)}`);
  await link.click();
  await expect.poll(() => decodeURIComponent(page.url())).toContain(`/jetton/${m.address}`);
  await expect(page.getByTestId('jetton-symbol')).toHaveText(symbol);
});

test('against an API without jetton/search (TON Center), the box says quietly it cannot search by symbol', async ({
  page,
}) => {
  await page.route(/\/api\/v3\/jetton\/search/, (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"Not Found"}' }),
  );
  await page.goto('/');
  await search(page, 'USDT');
  await expect(page.getByTestId('search-unoffered')).toContainText('This API cannot search jettons by symbol');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});
