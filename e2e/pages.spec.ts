import { expect, test } from '@playwright/test';
import { allTraces, hex, traceWithSize, txsOf } from './fixture-api';
import { wakeGraph } from './trace-graph';

const shot = (name: string) => ({ path: `e2e-artifacts/screenshots/${name}.png`, fullPage: true });

test('every page opens by deep link', async ({ page, request }) => {
  const traces = await allTraces(request);
  const trace = traceWithSize(traces, 3, 12);
  const tx = txsOf(trace).find((t) => t.in_msg?.source)!;
  const msgHash = tx.in_msg!.hash;

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest traces' })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  // the chain's head, as masterchainInfo says it (the fixture ledger is still), linked to its page
  const head = (await (await request.get('/api/v3/masterchainInfo')).json()) as { last: { seqno: number } };
  await expect(page.getByTestId('latest-mc')).toHaveText(String(head.last.seqno));
  await expect(page.getByTestId('latest-mc')).toHaveAttribute('href', `/mc/${head.last.seqno}`);
  await page.screenshot(shot('home'));

  await page.goto(`/mc/${trace.mc_seqno_end}`);
  await expect(page.getByRole('heading', { name: `Masterchain block ${trace.mc_seqno_end}` })).toBeVisible();
  await expect(page.getByTestId('tx-row').first()).toBeVisible();
  await page.screenshot(shot('mc-block'));

  const b = tx.block_ref;
  await page.goto(`/block/${b.workchain}/${b.shard}/${b.seqno}`);
  await expect(page.getByRole('heading', { name: /Block/ })).toContainText(`${b.workchain}:${b.shard}:${b.seqno}`);
  await expect(page.getByTestId('tx-row').first()).toBeVisible();
  await page.screenshot(shot('shard-block'));

  await page.goto(`/tx/${hex(tx.hash)}`);
  await expect(page.getByRole('heading', { name: 'Transaction', exact: true })).toBeVisible();
  await expect(page.getByText(hex(tx.hash)).first()).toBeVisible();
  await expect(page.getByTestId('raw-boc')).toBeVisible();
  await page.screenshot(shot('transaction'));

  await page.goto(`/msg/${hex(msgHash)}`);
  await expect(page.getByRole('heading', { name: 'Message' }).first()).toBeVisible();
  await expect(page.getByTestId('receiver-tx')).toBeVisible();
  await page.screenshot(shot('message'));

  await page.goto(`/trace/${hex(trace.trace_id)}`);
  await wakeGraph(page);
  await expect(page.getByTestId('trace-node')).toHaveCount(txsOf(trace).length);
  await page.screenshot(shot('trace'));

  await page.goto(`/account/${tx.account}`);
  await expect(page.getByTestId('address-raw')).toContainText(tx.account);
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await page.screenshot(shot('account'));

  await page.goto(`/traces?mc_seqno=${trace.mc_seqno_end}`);
  await expect(page.getByRole('link', { name: new RegExp(hex(trace.trace_id).slice(0, 6)) })).toBeVisible();
  await page.screenshot(shot('traces-filter'));

  const op = traces.flatMap(txsOf).find((t) => t.in_msg?.source && t.in_msg.hash)!;
  await page.goto(`/messages?msg_hash=${hex(op.in_msg!.hash)}`);
  await expect(page.getByTestId('tx-row').first()).toBeVisible();
  await page.screenshot(shot('messages'));
});

test('every page is reached by navigation, and back/forward restore it', async ({ page }) => {
  await page.goto('/');
  await page.locator('tbody tr a[href^="/trace/"]').first().click();
  await expect(page).toHaveURL(/\/trace\//);
  await wakeGraph(page);
  await expect(page.getByTestId('trace-node').first()).toBeVisible();
  await page.getByTestId('trace-node').first().click();
  await expect(page).toHaveURL(/[?&]tx=/);
  await page.getByTestId('tx-panel-link').click();
  await expect(page).toHaveURL(/\/tx\//);
  await page
    .getByRole('link', { name: /^-?\d+:-?\d+:\d+$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/block\//);
  await page.goBack();
  await expect(page).toHaveURL(/\/tx\//);
  await page.getByRole('link', { name: /^\d+$/ }).first().click();
  await expect(page).toHaveURL(/\/mc\/\d+/);
  await page.getByTestId('block-link').first().click();
  await expect(page).toHaveURL(/\/block\//);
  await page.getByRole('link', { name: 'Traces', exact: true }).click();
  await expect(page).toHaveURL(/\/traces/);
  await page.getByRole('link', { name: 'Messages', exact: true }).click();
  await expect(page).toHaveURL(/\/messages/);
  await page.goBack();
  await expect(page).toHaveURL(/\/traces/);
  await page.goForward();
  await expect(page).toHaveURL(/\/messages/);
});

test('not-found and bad input say what was looked for', async ({ page }) => {
  await page.goto('/mc/999999');
  await expect(page.getByText('Not found: masterchain block 999999')).toBeVisible();
  await page.goto(`/tx/${'ab'.repeat(32)}`);
  await expect(page.getByText(`Not found: transaction ${'ab'.repeat(32)}`)).toBeVisible();
  await page.goto('/account/nonsense');
  await expect(page.getByText('Not found: account nonsense')).toBeVisible();
});

test('a malformed path parameter is refused at the route, saying what it should be, without asking the API', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => void (r.url().includes('/api/') && asked.push(r.url())));
  await page.goto('/tx/nothash');
  await expect(page.getByRole('heading', { name: 'Not found: transaction nothash' })).toBeVisible();
  await expect(page.getByText('A transaction hash is 64 hex digits or 44 base64 characters.')).toBeVisible();
  await page.goto('/mc/-3');
  await expect(page.getByText('A masterchain seqno is a non-negative integer below 2^32.')).toBeVisible();
  await page.goto('/block/5/abc/1');
  await expect(page.getByRole('heading', { name: 'Not found: block 5:abc:1' })).toBeVisible();
  await expect(
    page.getByText('A block id is workchain (-1 or 0), shard (signed 64-bit decimal) and seqno.'),
  ).toBeVisible();
  expect(asked).toEqual([]);
});

test('a filter the API refuses is told apart from a failure, and the form stays to fix it', async ({ page }) => {
  await page.goto('/traces?start_lt=notanumber');
  await expect(page.getByRole('alert')).toContainText('The API refused the request (422)');
  await expect(page.getByRole('alert')).toContainText('start_lt');
  await expect(page.getByRole('form', { name: 'Trace filters' })).toBeVisible();
});

test('an unreachable API is said as such, with a retry', async ({ page }) => {
  await page.goto('/?api=http://127.0.0.1:9');
  await expect(page.getByText('The API is unreachable')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('the shard block page names each inbound message and result as the v3 record of the same transaction does', async ({
  page,
  request,
}) => {
  type V3Msg = {
    bounced: boolean | null;
    source: string | null;
    opcode: number | null;
    message_content?: { decoded?: { comment?: string } | null };
  };
  const traces = await allTraces(request);
  const all = traces.flatMap(txsOf).filter((t) => t.block_ref.workchain === 0);
  // v2 pages a block 40 rows at a time: keep the transactions on their block's first page
  async function onFirstPage(tx: (typeof all)[number]) {
    const b = tx.block_ref;
    const r = await request.get(
      `/api/v2/getBlockTransactionsExt?workchain=${b.workchain}&shard=${b.shard}&seqno=${b.seqno}&count=40`,
    );
    const body = (await r.json()) as {
      result: { transactions: Array<{ transaction_id: { hash: string }; in_msg?: unknown }> };
    };
    return body.result.transactions.some((t) => t.transaction_id.hash === tx.hash);
  }
  async function pick(what: string, ok: (m: V3Msg, tx: (typeof all)[number]) => boolean) {
    for (const tx of all) if (tx.in_msg && ok(tx.in_msg as unknown as V3Msg, tx) && (await onFirstPage(tx))) return tx;
    throw new Error(`the fixture ledger has no basechain transaction with ${what}`);
  }
  const commented = await pick('a commented inbound', (m) => !!m.message_content?.decoded?.comment);
  const bounced = await pick('a bounced inbound', (m) => m.bounced === true);
  const threw = await pick(
    'a failed compute phase',
    (_m, tx) => tx.description.compute_ph?.skipped === false && tx.description.compute_ph.success === false,
  );

  const rowOf = async (tx: (typeof all)[number]) => {
    const b = tx.block_ref;
    await page.goto(`/block/${b.workchain}/${b.shard}/${b.seqno}`);
    await expect(page.locator('caption')).toContainText('by account address, then lt');
    const h = hex(tx.hash);
    return page.getByTestId('tx-row').filter({ has: page.locator(`a[href*="/tx/${h}"]`) });
  };

  const comment = (commented.in_msg as unknown as V3Msg).message_content!.decoded!.comment!;
  let row = await rowOf(commented);
  await expect(row.getByTestId('tx-inbound')).toContainText(comment.length > 24 ? comment.slice(0, 23) : comment);
  await expect(row.getByTestId('tx-inbound')).toContainText('TON');
  await expect(row.getByTestId('tx-result')).toHaveText(commented.description.aborted ? /✕/ : '✓');
  await page.screenshot(shot('shard-block-inbound'));

  row = await rowOf(bounced);
  await expect(row.getByTestId('tx-inbound')).toContainText('Bounce');

  row = await rowOf(threw);
  await expect(row.getByTestId('tx-result')).toContainText(`✕ exit code ${threw.description.compute_ph!.exit_code}`);
});
