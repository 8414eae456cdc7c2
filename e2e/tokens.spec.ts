import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { allTraces, hex, traceWithAction, txsOf } from './fixture-api';

// The account, jetton and NFT pages on the fixture ledger: every figure expected here is read from
// the API in the test (the jetton's decimals too), never pinned.

const href = (kind: string, raw: string) => `/${kind}/${encodeURIComponent(raw)}`;

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const r = await request.get(`/api/v3/${path}`);
  if (!r.ok()) throw new Error(`${path}: ${r.status()} ${await r.text()}`);
  return (await r.json()) as T;
}

interface Master {
  address: string;
  total_supply: string;
  jetton_content: Record<string, string>;
}
interface Wallet {
  address: string;
  balance: string;
  owner: string;
  jetton: string;
}
interface Item {
  address: string;
  index: string;
  owner_address: string;
  on_sale: boolean;
  sale_contract_address?: string;
  real_owner?: string;
}

/** The ledger's jetton master, with its symbol and decimals as its content holds them. */
async function theJetton(request: APIRequestContext) {
  const { jetton_masters } = await api<{ jetton_masters: Master[] }>(request, 'jetton/masters?limit=1');
  const master = jetton_masters[0]!;
  return { master, symbol: master.jetton_content.symbol!, decimals: Number(master.jetton_content.decimals) };
}

/** An amount in `decimals` places as a reader reads it: grouped thousands, at most 6 fraction digits, no trailing zeros. */
function inDecimals(amount: string, decimals: number): string {
  const v = BigInt(amount);
  const scale = 10n ** BigInt(decimals);
  const whole = (v / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (v % scale).toString().padStart(decimals, '0').slice(0, Math.min(decimals, 6)).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

test('an account page: its balance is the API’s, its tokens in their decimals and symbol, never TON', async ({
  page,
  request,
}) => {
  const { master, symbol, decimals } = await theJetton(request);
  const { jetton_wallets: top } = await api<{ jetton_wallets: Wallet[] }>(
    request,
    `jetton/wallets?jetton_address=${master.address}&sort=desc&limit=1`,
  );
  const owner = top[0]!.owner;
  const info = await api<{ balance: string }>(request, `addressInformation?address=${owner}`);
  const { jetton_wallets: held } = await api<{ jetton_wallets: Wallet[] }>(
    request,
    `jetton/wallets?owner_address=${owner}&limit=11`,
  );

  const wallet = await api<{ seqno: number; wallet_type: string }>(request, `walletInformation?address=${owner}`);

  await page.goto(href('account', owner));
  await expect(page.getByTestId('summary-balance')).toHaveAttribute('title', `${info.balance} nanoton`);
  await expect(page.getByTestId('wallet-type')).toHaveText(wallet.wallet_type);
  await expect(page.getByTestId('wallet-seqno')).toHaveText(String(wallet.seqno));

  await page.getByRole('tab', { name: 'Tokens' }).click();
  await expect(page).toHaveURL(/[?&]tab=tokens/);
  const rows = page.getByTestId('token-row');
  await expect(rows).toHaveCount(Math.min(held.length, 10));
  for (const [i, w] of held.slice(0, 10).entries()) {
    const amount = rows.nth(i).getByTestId('token-balance');
    await expect(amount).toHaveText(`${inDecimals(w.balance, decimals)} ${symbol}`);
    await expect(amount).not.toContainText('TON');
    await expect(rows.nth(i).getByTestId('token-jetton').getByRole('link')).toHaveAttribute(
      'href',
      href('jetton', w.jetton),
    );
  }
  await page.screenshot({ path: 'e2e-artifacts/screenshots/account-tokens.png', fullPage: true });

  // the tab is in the URL: a fresh visit opens it
  await page.goto(`${href('account', owner)}?tab=tokens`);
  await expect(page.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows).toHaveCount(Math.min(held.length, 10));
});

test('a jetton page: its supply in its decimals, its holders by balance, largest first', async ({ page, request }) => {
  const { master, symbol, decimals } = await theJetton(request);
  const { jetton_wallets: holders } = await api<{ jetton_wallets: Wallet[] }>(
    request,
    `jetton/wallets?jetton_address=${master.address}&sort=desc&exclude_zero_balance=true&limit=10`,
  );

  await page.goto(href('jetton', master.address));
  await expect(page.getByTestId('jetton-supply')).toHaveText(`${inDecimals(master.total_supply, decimals)} ${symbol}`);
  await expect(page.getByTestId('jetton-symbol')).toHaveText(symbol);
  const rows = page.getByTestId('holder-row');
  await expect(rows).toHaveCount(holders.length);
  const shown: bigint[] = [];
  for (const [i, w] of holders.entries()) {
    const balance = rows.nth(i).getByTestId('holder-balance');
    await expect(balance).toHaveText(`${inDecimals(w.balance, decimals)} ${symbol}`);
    await expect(rows.nth(i).getByTestId('holder-owner').getByRole('link')).toHaveAttribute(
      'href',
      href('account', w.owner),
    );
    shown.push(BigInt((await balance.getAttribute('title'))!.split(' ')[0]!));
  }
  expect(shown).toEqual([...shown].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  await page.screenshot({ path: 'e2e-artifacts/screenshots/jetton.png', fullPage: true });

  // the account page of the master links here
  await page.goto(href('account', master.address));
  await expect(page.getByTestId('token-page-link')).toHaveAttribute('href', href('jetton', master.address));
});

test('an NFT on sale shows its seller as its owner and says it is on sale', async ({ page, request }) => {
  const { nft_items } = await api<{ nft_items: Item[] }>(request, 'nft/items?limit=1000');
  const item = nft_items.find((i) => i.on_sale)!;
  const seller = item.real_owner!;
  const sale = item.sale_contract_address!;
  expect(sale).not.toBe(seller);

  await page.goto(href('nft', item.address));
  const owner = page.getByTestId('item-owner');
  await expect(owner.getByRole('link')).toHaveAttribute('href', href('account', seller));
  await expect(owner.locator(`a[href="${href('account', sale)}"]`)).toHaveCount(0);
  await expect(page.getByTestId('item-sale')).toContainText('sale contract');
  await expect(page.getByTestId('item-sale').getByRole('link')).toHaveAttribute('href', href('account', sale));
  await expect(page.getByTestId('item-index')).toHaveText(item.index);
  await page.screenshot({ path: 'e2e-artifacts/screenshots/nft-on-sale.png', fullPage: true });

  // the seller's NFTs: the item is listed among its items on sale
  await page.goto(`${href('account', seller)}?tab=nfts`);
  const onSale = page
    .getByTestId('on-sale-row')
    .filter({ has: page.locator(`a[href="${href('nft', item.address)}"]`) });
  await expect(onSale).toHaveCount(1);
  await expect(onSale.getByTestId('on-sale')).toHaveText('on sale');
  await expect(onSale.getByTestId('nft-owner').getByRole('link')).toHaveAttribute('href', href('account', seller));
});

test('a collection page: its next index and its items by index, paged', async ({ page, request }) => {
  const { nft_collections } = await api<{ nft_collections: Array<{ address: string; next_item_index: string }> }>(
    request,
    'nft/collections?limit=1',
  );
  const collection = nft_collections[0]!;
  const { nft_items } = await api<{ nft_items: Item[] }>(
    request,
    `nft/items?collection_address=${collection.address}&limit=11`,
  );

  await page.goto(href('nft-collection', collection.address));
  await expect(page.getByTestId('collection-next-index')).toHaveText(collection.next_item_index);
  const rows = page.getByTestId('nft-row');
  await expect(rows).toHaveCount(Math.min(nft_items.length, 10));
  for (const [i, item] of nft_items.slice(0, 10).entries())
    await expect(rows.nth(i).getByTestId('nft-item').getByRole('link')).toHaveAttribute(
      'href',
      href('nft', item.address),
    );
  await expect(page.getByRole('button', { name: 'Next →' })).toBeEnabled({ enabled: nft_items.length > 10 });
  await page.screenshot({ path: 'e2e-artifacts/screenshots/nft-collection.png', fullPage: true });
});

test('an API without the jetton lists: the tab says so calmly, no error and no Retry', async ({ page, request }) => {
  const { master } = await theJetton(request);
  // the endpoints answer 404 for their path, as an API that does not offer them does
  await page.route(/\/api\/v3\/jetton\//, (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"no such endpoint"}' }),
  );
  await page.goto(`${href('jetton', master.address)}`);
  await expect(page.getByText('This API does not offer jetton lists')).toBeVisible();
  await expect(page.getByText('This API does not offer jetton holders')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

/** On a trace's table, the address links of `raw` open `kind`'s page (never the account page); the first is clicked. */
async function tokenLinkOpens(page: Page, traceId: string, kind: string, raw: string) {
  await page.goto(`/trace/${hex(traceId)}?view=table`);
  const links = page.locator(`a[data-testid="token-link"][href="${href(kind, raw)}"]`);
  await expect(links.first()).toBeVisible();
  await expect(page.locator(`a[href="${href('account', raw)}"]`)).toHaveCount(0);
  await links.first().click();
  await expect.poll(() => decodeURIComponent(page.url())).toContain(`/${kind}/${raw}`);
}

test('across the explorer, a plain address link to a jetton master opens its jetton page, which links to its account', async ({
  page,
  request,
}) => {
  const { master } = await theJetton(request);
  const trace = traceWithAction(await allTraces(request), 'jetton_mint');
  expect(txsOf(trace).some((t) => t.account === master.address)).toBe(true);
  await tokenLinkOpens(page, trace.trace_id, 'jetton', master.address);
  await expect(page.getByTestId('jetton-supply')).toBeVisible();
  // the account page stays one link away
  await page.getByTestId('account-page-link').click();
  await expect.poll(() => decodeURIComponent(page.url())).toContain(`/account/${master.address}`);
});

test('a plain address link to an NFT item or collection opens its token page', async ({ page, request }) => {
  const traces = await allTraces(request);
  const transfer = traceWithAction(traces, 'nft_transfer');
  const { nft_items } = await api<{ nft_items: { address: string; collection_address: string }[] }>(
    request,
    `nft/items?address=${txsOf(transfer)
      .map((t) => t.account)
      .join(',')}`,
  );
  const item = nft_items[0]!;
  await tokenLinkOpens(page, transfer.trace_id, 'nft', item.address);
  await expect(page.getByTestId('account-page-link')).toBeVisible();
  const mint = traceWithAction(traces, 'nft_mint');
  expect(txsOf(mint).some((t) => t.account === item.collection_address)).toBe(true);
  await tokenLinkOpens(page, mint.trace_id, 'nft-collection', item.collection_address);
  await expect(page.getByTestId('account-page-link')).toBeVisible();
});

test('a jetton wallet’s account page shows its jetton, owner and balance in the jetton’s decimals', async ({
  page,
  request,
}) => {
  const { master, symbol, decimals } = await theJetton(request);
  const { jetton_wallets } = await api<{ jetton_wallets: Wallet[] }>(
    request,
    `jetton/wallets?jetton_address=${master.address}&sort=desc&limit=1`,
  );
  const w = jetton_wallets[0]!;
  await page.goto(href('account', w.address));
  await expect(page.getByTestId('jetton-wallet-master')).toHaveAttribute('href', href('jetton', master.address));
  await expect(page.getByTestId('jetton-wallet-balance')).toHaveText(`${inDecimals(w.balance, decimals)} ${symbol}`);
  await expect(page.getByTestId('account-contract').locator(`a[href="${href('account', w.owner)}"]`)).toHaveCount(1);
});

test('the title and address show before any answer; each area waits for its own', async ({ page, request }) => {
  const { master } = await theJetton(request);
  const held: Array<() => Promise<void>> = [];
  let released = false;
  await page.route(/\/api\//, (route) => (released ? route.continue() : void held.push(() => route.continue())));
  for (const [path, title, areas] of [
    [href('jetton', master.address), 'Jetton', 2],
    [href('account', master.address), 'Account', 4],
  ] as const) {
    released = false;
    await page.goto(path);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByTestId('address-raw')).toContainText(master.address);
    // the master's details, its holders (on the account page: state, contract, traces, methods)
    await expect(page.getByRole('main').getByRole('status')).toHaveCount(areas);
    released = true;
    await Promise.all(held.splice(0).map((go) => go()));
    await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
  }
  await expect(page.getByTestId('token-page-link')).toHaveAttribute('href', href('jetton', master.address));
});
