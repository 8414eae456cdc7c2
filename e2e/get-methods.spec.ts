import { Address, Cell } from '@ton/core';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { accountsWith } from './fixture-api';

// The account page's Methods panel: get methods run through the API's v2 runGetMethod, checked
// against what the contracts' data cells hold (read here with @ton/core, not by the TVM) and the
// API's walletStates, never against figures written into the spec.

/** An account's current data cell, from v2 getAddressInformation. */
async function dataOf(request: APIRequestContext, address: string): Promise<Cell> {
  const r = await request.get(`/api/v2/getAddressInformation?address=${address}`);
  expect(r.ok()).toBe(true);
  const { result } = (await r.json()) as { result: { data: string; state: string } };
  expect(result.state).toBe('active');
  return Cell.fromBoc(Buffer.from(result.data, 'base64'))[0]!;
}

const raw = (a: Address) =>
  a
    .toRawString()
    .toUpperCase()
    .replace(/^(-?\d+):/, '$1:');

/**
 * An active wallet and its seqno, read from its data cell (v4 r2: seqno:uint32 first; v5 r1: one
 * signature-allowed bit, then seqno:uint32) and checked against the API's walletStates.
 */
async function aWallet(request: APIRequestContext): Promise<{ address: string; seqno: number }> {
  const v5 = new Set(await accountsWith(request, 'wallet_v5r1'));
  const wallets = [...(await accountsWith(request, 'wallet_v4r2')), ...v5];
  const r = await request.get(`/api/v3/walletStates?${wallets.map((w) => `address=${w}`).join('&')}`);
  expect(r.ok()).toBe(true);
  const states = ((await r.json()) as { wallets: { address: string; status: string; seqno?: number }[] }).wallets;
  // the busiest one: a seqno past 0 says the number shown is the wallet's, not a default
  const w = states.filter((s) => s.status === 'active' && s.seqno !== undefined).sort((a, b) => b.seqno! - a.seqno!)[0];
  if (!w) throw new Error('the fixture ledger has no active wallet');
  const data = (await dataOf(request, w.address)).beginParse();
  if (v5.has(w.address)) data.skip(1);
  const seqno = data.loadUint(32);
  expect(seqno).toBe(w.seqno);
  expect(seqno).toBeGreaterThan(0);
  return { address: w.address, seqno };
}

test('the Methods panel runs seqno on a wallet, and the link it leaves reproduces the call', async ({
  page,
  request,
}) => {
  const wallet = await aWallet(request);
  await page.goto(`/account/${wallet.address}`);
  const panel = page.getByRole('region', { name: 'Methods' });
  await panel.getByRole('group', { name: 'Known get methods' }).getByRole('button', { name: 'seqno' }).click();
  const result = panel.getByRole('region', { name: 'Result of seqno()' });
  await expect(result.getByTestId('method-exit-code')).toHaveAttribute('data-code', '0');
  await expect(result.getByTestId('stack-num')).toHaveAttribute('data-value', String(wallet.seqno));
  await expect(result.getByTestId('stack-num')).toContainText(`0x${wallet.seqno.toString(16)}`);
  await expect(result.getByTestId('method-gas')).toHaveText(/^[1-9]\d*$/);
  await expect(page).toHaveURL(/[?&]method=seqno\b/);

  // the URL the call left, opened afresh, runs it again
  const link = page.url();
  const fresh = await page.context().newPage();
  await fresh.goto(link);
  await expect(fresh.getByRole('region', { name: 'Result of seqno()' }).getByTestId('stack-num')).toHaveAttribute(
    'data-value',
    String(wallet.seqno),
  );
  await expect(fresh.getByLabel('Method', { exact: true })).toHaveValue('seqno');
  await fresh.close();
});

test('get_jetton_data on a jetton master: the total supply its data holds, the admin as a link, cells as BOC', async ({
  page,
  request,
}) => {
  const master = (await accountsWith(request, 'jetton_master'))[0];
  if (!master) throw new Error('the fixture ledger has no jetton master');
  // minter data: total_supply:Coins admin:MsgAddress content:^Cell wallet_code:^Cell
  const s = (await dataOf(request, master)).beginParse();
  const totalSupply = s.loadCoins();
  const admin = s.loadMaybeAddress();

  await page.goto(`/account/${master}`);
  const panel = page.getByRole('region', { name: 'Methods' });
  await panel.getByRole('button', { name: 'get_jetton_data', exact: true }).click();
  const result = panel.getByRole('region', { name: 'Result of get_jetton_data()' });
  await expect(result.getByTestId('method-exit-code')).toHaveAttribute('data-code', '0');
  const entries = result.getByTestId('stack-entry');
  await expect(entries).toHaveCount(5);
  await expect(entries.nth(0)).toContainText('total_supply');
  await expect(entries.nth(0).getByTestId('stack-num')).toHaveAttribute('data-value', totalSupply.toString());
  if (admin) {
    await expect(entries.nth(2).getByTestId('stack-address')).toHaveAttribute('data-raw', raw(admin));
    const link = entries.nth(2).getByRole('link');
    await expect
      .poll(async () => decodeURIComponent((await link.getAttribute('href')) ?? ''))
      .toBe(`/account/${raw(admin)}`);
  }
  // the content and the wallet code: BOCs, each with its copy button
  await expect(entries.nth(3).getByTestId('stack-boc')).toContainText('te6cc');
  await expect(entries.nth(4).getByRole('button', { name: 'Copy cell BOC' })).toBeVisible();
  await page.screenshot({ path: 'e2e-artifacts/screenshots/get-methods-jetton-data.png', fullPage: true });
});

test('a deep link runs get_wallet_address with an address argument: the jetton wallet the ledger holds for that owner', async ({
  page,
  request,
}) => {
  // a jetton wallet's data names its owner and its master: total balance, owner, master, code
  const jettonWallet = (await accountsWith(request, 'jetton_wallet'))[0];
  if (!jettonWallet) throw new Error('the fixture ledger has no jetton wallet');
  const s = (await dataOf(request, jettonWallet)).beginParse();
  s.loadCoins();
  const owner = s.loadAddress();
  const master = s.loadAddress();
  const ownerFriendly = owner.toString({ bounceable: true, urlSafe: true });

  const search = new URLSearchParams({ method: 'get_wallet_address', args: JSON.stringify([ownerFriendly]) });
  await page.goto(`/account/${raw(master)}?${search.toString()}`);
  const result = page.getByRole('region', { name: `Result of get_wallet_address(${ownerFriendly})` });
  await expect(result.getByTestId('method-exit-code')).toHaveAttribute('data-code', '0');
  await expect(result.getByTestId('stack-address')).toHaveAttribute('data-raw', jettonWallet);
  await expect(page.getByLabel(/^owner_address/)).toHaveValue(ownerFriendly);
});

test('a method the contract lacks shows its exit code; a malformed argument is refused before any call', async ({
  page,
  request,
}) => {
  const wallet = await aWallet(request);
  await page.goto(`/account/${wallet.address}?method=no_such_method`);
  const result = page.getByRole('region', { name: 'Result of no_such_method()' });
  await expect(result.getByTestId('method-exit-code')).not.toHaveAttribute('data-code', '0');
  await expect(result.getByTestId('method-exit-code')).toHaveAttribute('data-code', /^-?\d+$/);
  await expect(page.getByRole('alert')).toHaveCount(0);

  const master = (await accountsWith(request, 'jetton_master'))[0]!;
  await page.goto(`/account/${master}`);
  const panel = page.getByRole('region', { name: 'Methods' });
  await panel.getByRole('button', { name: /^get_wallet_address/ }).click();
  const arg = panel.getByLabel(/^owner_address/);
  await arg.fill('12');
  await panel.getByRole('button', { name: 'Run' }).click();
  await expect(arg).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByText('Expected an address, got a number.')).toBeVisible();
  await expect(page).not.toHaveURL(/method=/);
  // any name may be typed, with arguments of its own
  await panel.getByLabel('Method', { exact: true }).fill('get_nft_address_by_index');
  await panel.getByLabel(/^index/).fill('zz');
  await panel.getByRole('button', { name: 'Run' }).click();
  await expect(panel.getByText(/"zz" is neither a number/)).toBeVisible();
});
