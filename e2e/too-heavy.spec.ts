import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { allTraces, hex, txsOf } from './fixture-api';

// The API stops a query at its time budget (API_QUERY_TIMEOUT_MS) with a 504. Whatever page asked,
// the reader is told that the query was too heavy for the server's budget, in the server's words,
// and offered a Retry. One answer of the page's first request is made a 504 as the server words it;
// the Retry then reaches the real server.
test("a 504 says the query was too heavy for the server's budget, and Retry asks again", async ({ page }) => {
  let asked = 0;
  await page.route(/\/api\/v3\/traces\?/, async (route) => {
    asked += 1;
    if (asked > 1) return route.continue();
    return route.fulfill({
      status: 504,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ error: 'query exceeded its time budget of 3000 ms' }),
    });
  });
  await page.goto('/');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("The query was too heavy for the server's time budget (504)");
  await expect(alert).toContainText('query exceeded its time budget of 3000 ms');
  // not asked again behind the reader's back: the same heavy query would meet the same budget
  expect(asked).toBe(1);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Latest traces' })).toBeVisible();
  await expect(page.locator('tbody tr a[href^="/trace/"]').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(asked).toBeGreaterThanOrEqual(2);
});

// The real thing: a second server on the same fixture ledger whose time budget (1 ms) no trace of a
// thousand transactions can meet, read through a link's ?api=. Its own 504, in its own words.
test.describe('against a server whose budget the query cannot meet', () => {
  const port = Number(process.env.E2E_PORT ?? 8181) + 2;
  const tight = `http://127.0.0.1:${port}`;
  let child: ChildProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    child = spawn('node_modules/.bin/tsx', ['e2e/serve-fixture-ledger.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', E2E_QUERY_TIMEOUT_MS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (b: Buffer) => {
        log += b.toString();
        if (log.includes('served at')) resolve();
      });
      child.stderr!.on('data', (b: Buffer) => (log += b.toString()));
      child.on('exit', (code) => reject(new Error(`the server with a 1 ms budget exited (${code}):\n${log}`)));
    });
  });
  test.afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  });

  test('the trace page of a thousand transactions says the query was too heavy, and Retry asks again', async ({
    page,
    request,
  }) => {
    const big = (await allTraces(request)).sort((a, b) => txsOf(b).length - txsOf(a).length)[0]!;
    const answers: number[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(`${tight}/api/v3/traces?`)) answers.push(r.status());
    });
    await page.goto(`/trace/${hex(big.trace_id)}?api=${encodeURIComponent(tight)}`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText("The query was too heavy for the server's time budget (504)");
    await expect(alert).toContainText('query exceeded its time budget of 1 ms');
    expect(answers).toEqual([504]);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => answers.length).toBe(2);
    expect(answers).toEqual([504, 504]);
    await expect(page.getByRole('alert')).toContainText('(504)');
  });
});
