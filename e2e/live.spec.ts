import { expect, test, type Page } from '@playwright/test';
import { hex } from './fixture-api';
import { startLiveServer, type LiveServer } from './live-server';
import { sseParser } from '../src/web/features/live/sse-frames';

// The explorer moving with a live ledger: the real service with live production on (its own
// server, a fresh ledger, a masterchain block every few seconds), streaming on. Nothing is pinned:
// the traces looked at are found on the stream and in the API as the ledger grows.
const port = Number(process.env.E2E_PORT ?? 8181) + 1;
let live: LiveServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  live = await startLiveServer(port);
});
test.afterAll(async () => {
  await live?.close();
});

interface ApiTrace {
  trace_id: string;
  mc_seqno_end: string;
  trace_info: { trace_state: string };
  transactions: Record<string, { account: string; description: { type: string } }>;
  trace: { tx_hash: string };
}

async function traces(query: string): Promise<ApiTrace[]> {
  const r = await fetch(`${live.origin}/api/v3/traces?${query}`);
  if (!r.ok) throw new Error(`traces?${query}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { traces: ApiTrace[] }).traces;
}

const firstRow = (page: Page) => page.locator('tbody tr a[href^="/trace/"]').first();
const status = (page: Page) => page.getByTestId('live-status');

/**
 * Opens the home page and waits for its list. The home page's subscription is read from the list
 * (the masterchain accounts among its traces), so its stream, and the status beside the Live switch,
 * start only once the list has arrived: on a busy machine (the whole suite, a live ledger producing
 * beside it) that answer alone took over 5 s, the default wait of the status checks that follow.
 */
async function openHome(page: Page): Promise<void> {
  await page.goto(`${live.origin}/`);
  await expect(firstRow(page)).toBeVisible({ timeout: 30_000 });
}

/** Marks the document, to tell later that the page was never reloaded. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded === true);

test('the home list receives new traces as they happen, without a reload', async ({ page }) => {
  await openHome(page);
  await expect(status(page)).toHaveText('Live: streaming');
  const before = await firstRow(page).getAttribute('href');
  await mark(page);
  await expect(firstRow(page)).not.toHaveAttribute('href', before!, { timeout: 20_000 });
  // the new first row is a trace the API lists, newer than the one it replaced
  const newId = (await firstRow(page).getAttribute('href'))!.replace('/trace/', '');
  const [now] = await traces(`trace_id=${newId}`);
  const [then] = await traces(`trace_id=${before!.replace('/trace/', '')}`);
  expect(Number(now!.mc_seqno_end)).toBeGreaterThanOrEqual(Number(then!.mc_seqno_end));
  expect(await stillSameDocument(page)).toBe(true);
});

test('the Live control pauses (the list stays as it is while the ledger grows) and resumes, from the keyboard too', async ({
  page,
}) => {
  await openHome(page);
  await expect(status(page)).toHaveText('Live: streaming');
  const toggle = page.getByRole('button', { name: 'Live' });
  await toggle.click();
  await expect(page).toHaveURL(/[?&]live=off/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(status(page)).toHaveText('Live: paused');
  const shown = await firstRow(page).getAttribute('href');
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/')) asked++;
  });
  // the ledger moves on: the API lists a newer trace than the one on top...
  await expect
    .poll(async () => `/trace/${hex((await traces('limit=1'))[0]!.trace_id)}`, { timeout: 20_000 })
    .not.toBe(shown);
  // ...for a block more (a live page would have shown it by now), and the paused page does not move
  const newest = (await traces('limit=1'))[0]!.mc_seqno_end;
  await expect.poll(async () => (await traces('limit=1'))[0]!.mc_seqno_end, { timeout: 20_000 }).not.toBe(newest);
  await expect(firstRow(page)).toHaveAttribute('href', shown!);
  expect(asked).toBe(0);
  // resumed from the keyboard: the list catches up
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/live=off/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(firstRow(page)).not.toHaveAttribute('href', shown!, { timeout: 20_000 });
});

test('against an API without streaming the explorer polls, says so, and still receives new traces', async ({
  page,
}) => {
  // only the streaming request is refused, as a deployment without streaming answers it
  // (TON Center's without a key, or an API without the endpoint); everything else is the real server
  await page.route('**/api/streaming/v2/sse', (r) =>
    r.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"not found"}' }),
  );
  await openHome(page);
  await expect(status(page)).toHaveText('Live: polling every 4 s');
  const before = await firstRow(page).getAttribute('href');
  await mark(page);
  await expect(firstRow(page)).not.toHaveAttribute('href', before!, { timeout: 20_000 });
  expect(await stillSameDocument(page)).toBe(true);
  await expect(status(page)).toHaveText('Live: polling every 4 s');
});

test('an account page shows its new traces as they happen', async ({ page }) => {
  // the masterchain account that ticks in every block: the one account sure to act within seconds.
  // Told by its tick-tock transaction: other masterchain accounts (a wallet, the elector) show up
  // among the newest traces too, but act only now and then, so the first '-1:' account seen may
  // stay quiet for longer than the wait below.
  const ticking = (await traces('limit=20'))
    .flatMap((t) => Object.values(t.transactions))
    .filter((x) => x.description.type === 'tick_tock')
    .map((x) => x.account);
  expect(ticking.length).toBeGreaterThan(0);
  const account = ticking[0]!;
  expect(account.startsWith('-1:')).toBe(true);
  await page.goto(`${live.origin}/account/${account}`);
  await expect(status(page)).toHaveText('Live: streaming');
  const before = await firstRow(page).getAttribute('href');
  await mark(page);
  await expect(firstRow(page)).not.toHaveAttribute('href', before!, { timeout: 20_000 });
  // the new row is a trace of this account
  const [t] = await traces(`trace_id=${(await firstRow(page).getAttribute('href'))!.replace('/trace/', '')}`);
  expect(Object.values(t!.transactions).some((x) => x.account === account)).toBe(true);
  expect(await stillSameDocument(page)).toBe(true);
});

/** `forward_chain` ("chn1"): the ledger's forwarder passes the value on 20 to 26 times. */
const FORWARD_CHAIN = 0x63686e31;

interface StreamedTx {
  trace_id: string;
  out_msgs?: Array<{ opcode?: number | string | null }>;
}

/**
 * A trace sure to stay in flight for many blocks, caught at its first transaction: a forwarding
 * chain (20 to 26 hops, each hop to another shard waiting for the next masterchain block), told by
 * the `forward_chain` message its wallet sends. Every trace of the traffic starts at one of its
 * wallets (an external message), so the stream is asked for the wallets' transactions: the
 * basechain accounts at the root of the ledger's oldest 100 traces, its initial history, which the
 * seed fixes. What is subscribed is the same however long live production has run (the newest
 * traces' accounts took in a 1,057-transaction fan-out's recipients once it was made: 1,322
 * addresses, over the server's cap of 1,000), and the seed fixes the traffic, so the same chain is
 * the first one every run.
 */
async function chainInFlight(): Promise<string> {
  const oldest = await traces('sort=asc&limit=100');
  const wallets = [
    ...new Set(oldest.map((t) => t.transactions[t.trace.tx_hash]!.account).filter((a) => a.startsWith('0:'))),
  ].sort();
  // the traffic's 24 basechain wallets, or those of them the first 100 traces started from
  expect(wallets.length).toBeGreaterThan(0);
  expect(wallets.length).toBeLessThanOrEqual(24);
  const abort = new AbortController();
  const res = await fetch(`${live.origin}/api/streaming/v2/sse`, {
    method: 'POST',
    body: JSON.stringify({ types: ['transactions'], addresses: wallets, min_finality: 'pending' }),
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  let found: string | null = null;
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const push = sseParser();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        for (const f of push(value)) {
          if (f.event !== 'event') continue;
          for (const tx of (JSON.parse(f.data) as { transactions?: StreamedTx[] }).transactions ?? []) {
            if (found === null && tx.out_msgs?.some((m) => m.opcode != null && Number(m.opcode) === FORWARD_CHAIN))
              found = tx.trace_id;
          }
        }
      }
    } catch {
      // aborted below
    }
  })();
  try {
    await expect
      .poll(() => found, {
        message: 'a forwarding chain started by one of the wallets',
        intervals: [100],
        timeout: 180_000,
      })
      .not.toBeNull();
  } finally {
    abort.abort();
  }
  return found!;
}

test('the page of a trace in flight shows it pending and growing until complete, before and after by deep link', async ({
  page,
}) => {
  test.setTimeout(330_000);
  const id = hex(await chainInFlight());
  await page.goto(`${live.origin}/trace/${id}`);
  await mark(page);
  const pending = page.getByTestId('trace-pending');
  const count = page.getByTestId('trace-tx-count');
  await expect(pending).toBeVisible({ timeout: 15_000 });
  await expect(pending).toContainText(/Pending — \d+ messages? in flight/);
  const n = (s: string | null) => Number(/\d+/.exec(s ?? '')![0]);
  const first = n(await count.textContent());
  // it grows without a reload, and ends complete: the pending state goes, the count is the API's
  await expect(pending).toBeHidden({ timeout: 120_000 });
  const [done] = await traces(`trace_id=${id}`);
  expect(done!.trace_info.trace_state).toBe('complete');
  const total = Object.keys(done!.transactions).length;
  expect(total).toBeGreaterThan(first);
  await expect(count).toHaveText(`${total} transactions`);
  expect(await stillSameDocument(page)).toBe(true);
  // the same link, opened after completion
  await page.goto(`${live.origin}/trace/${id}`);
  await expect(count).toHaveText(`${total} transactions`);
  await expect(pending).toBeHidden();
});
