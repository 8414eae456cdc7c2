// Decoded message bodies and balance changes, on the pages of a jetton transfer of the fixture
// ledger (found through the API, never by a pinned hash).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { allTraces, hex, txsOf, type Trace } from './fixture-api';

type JettonAction = { type: string; success: boolean; details: Record<string, string> };
// TON Center writes a jetton master's decimals as a decimal string in the entry's `extra`.
type Meta = Record<string, { token_info: { type: string; symbol: string | null; extra?: { decimals?: string } }[] }>;

async function jettonTransfer(
  request: APIRequestContext,
): Promise<{ trace: Trace; action: JettonAction; symbol: string; decimals: number }> {
  const traces = await allTraces(request);
  for (const trace of traces) {
    const action = (trace.actions as JettonAction[] | undefined)?.find(
      (a) => a.type === 'jetton_transfer' && a.success && a.details.sender !== a.details.receiver,
    );
    if (!action) continue;
    const r = await request.get(`/api/v3/traces?trace_id=${encodeURIComponent(trace.trace_id)}`);
    const meta = ((await r.json()) as { metadata: Meta }).metadata;
    const master = meta[action.details.asset!]!.token_info.find((t) => t.type === 'jetton_masters')!;
    const decimals = Number(master.extra!.decimals!);
    expect(Number.isInteger(decimals), `the master's decimals (${master.extra?.decimals})`).toBe(true);
    return { trace, action, symbol: master.symbol!, decimals };
  }
  throw new Error('the fixture ledger has no successful jetton transfer between two owners');
}

/** An account link's href, as the router encodes it (the colon of a raw address escaped). */
const accountHref = (raw: string) => `/account/${encodeURIComponent(raw)}`;

/** The amount as the explorer prints it: grouped whole part, the fraction without trailing zeros. */
function tokenText(amount: string, decimals: number, symbol: string): string {
  const v = BigInt(amount);
  const scale = 10n ** BigInt(decimals);
  const fraction = (v % scale).toString().padStart(decimals, '0').slice(0, Math.min(decimals, 6)).replace(/0+$/, '');
  return `${(v / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? '.' + fraction : ''} ${symbol}`;
}

test('the transaction page of a jetton transfer shows its decoded fields, the raw body one click away', async ({
  page,
  request,
}) => {
  const { trace, action, symbol, decimals } = await jettonTransfer(request);
  const found = txsOf(trace).find((t) => t.account === action.details.sender_jetton_wallet && t.in_msg?.source)!;
  const tx = {
    ...found,
    in_msg_body: (found.in_msg as unknown as { message_content: { body: string } }).message_content.body,
  };
  await page.goto(`/tx/${hex(tx.hash)}`);
  const inbound = page.getByTestId('message-card').first();
  const decoded = inbound.locator('[data-testid="decoded-body"][data-type="jetton_transfer"]').first();
  await expect(decoded).toBeVisible();
  await expect(decoded.locator('[data-field="amount"]').first()).toHaveText(
    tokenText(action.details.amount!, decimals, symbol),
  );
  await expect(decoded.locator('[data-field="query_id"]').first()).toHaveText(action.details.query_id!);
  // the destination is the receiving owner, linked to its account page
  await expect(decoded.locator('[data-field="destination"] a').first()).toHaveAttribute(
    'href',
    accountHref(action.details.receiver!),
  );
  // the raw BOC stays one click away
  const raw = inbound.locator('details', { hasText: 'Raw body (BOC, base64)' });
  await raw.getByText('Raw body (BOC, base64)').click();
  await expect(raw.locator('pre')).toHaveText(tx.in_msg_body!);
  // the outbound internal_transfer is decoded too
  await expect(
    page.locator('[data-testid="decoded-body"][data-type="jetton_internal_transfer"]').first(),
  ).toBeVisible();
  await page.screenshot({ path: 'e2e-artifacts/screenshots/tx-decoded.png', fullPage: true });
});

test('the trace page of a jetton transfer shows who gained and lost what, and who paid fees; the export carries it', async ({
  page,
  request,
}) => {
  const { trace, action, symbol, decimals } = await jettonTransfer(request);
  const api = (await (
    await request.get(`/api/v3/balanceChanges?trace_id=${encodeURIComponent(trace.trace_id)}`)
  ).json()) as {
    changes: Record<string, number>;
    fees: Record<string, number>;
  };
  await page.goto(`/trace/${hex(trace.trace_id)}`);
  const panel = page.getByTestId('balance-changes');
  await expect(panel).toBeVisible();
  const jetton = panel.getByTestId('jetton-change');
  await expect(jetton).toHaveCount(2);
  await expect(panel.getByTestId('jetton-changes')).toContainText(symbol);
  const amount = tokenText(action.details.amount!, decimals, symbol);
  await expect(
    jetton.filter({ has: page.locator(`a[href="${accountHref(action.details.receiver!)}"]`) }),
  ).toContainText(`+${amount}`);
  await expect(jetton.filter({ has: page.locator(`a[href="${accountHref(action.details.sender!)}"]`) })).toContainText(
    `-${amount}`,
  );
  // one row per account that had a transaction, each with its fees
  await expect(panel.getByTestId('balance-row')).toHaveCount(Math.min(12, Object.keys(api.changes).length));
  await page.screenshot({ path: 'e2e-artifacts/screenshots/trace-balances.png', fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(file!, 'utf8'))) as {
    balanceChanges: { jettons: Record<string, Record<string, string>> };
  };
  expect(exported.balanceChanges.jettons[action.details.asset!]).toEqual({
    [action.details.sender!]: `-${action.details.amount}`,
    [action.details.receiver!]: action.details.amount,
  });
});

test('the account page shows the account’s TON change in each of its traces', async ({ page, request }) => {
  const { action } = await jettonTransfer(request);
  const owner = action.details.sender!;
  const r = await request.get(`/api/v3/traces?account=${owner}&limit=10`);
  const first = ((await r.json()) as { traces: Trace[] }).traces[0]!;
  const change = (await (
    await request.get(`/api/v3/balanceChanges?trace_id=${encodeURIComponent(first.trace_id)}`)
  ).json()) as { changes: Record<string, number> };
  await page.goto(`/account/${owner}`);
  const cell = page.getByTestId('account-trace-change').first();
  await expect(cell).toBeVisible();
  const nano = BigInt(change.changes[owner]!);
  await expect(cell.locator('span').first()).toHaveAttribute('title', `${nano} nanoton`);
});
