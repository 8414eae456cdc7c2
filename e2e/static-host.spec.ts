import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { allTraces, hex, traceWithSize, txsOf } from './fixture-api';
import { wakeGraph } from './trace-graph';
import { startPlainStaticHost } from './plain-static-host';

// The built explorer (`npm run build`, dist/web) copied to a plain static host on one origin, its
// config.json naming the API on another origin: the deployment of docs/deploy.md. Every page is
// opened by deep link, as a shared link would open it.
const port = Number(process.env.E2E_PORT ?? 8181);
const API = `http://127.0.0.1:${port}`;

let host: Awaited<ReturnType<typeof startPlainStaticHost>>;
let dir: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ledgerscope-static-'));
  cpSync(resolve('dist/web'), dir, { recursive: true });
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ apiBase: API }));
  host = await startPlainStaticHost(dir);
});

test.afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the built explorer on a plain static host reads the API on another origin, every page by deep link', async ({
  page,
  request,
}) => {
  expect(new URL(host.origin).origin).not.toBe(new URL(API).origin);
  const apiOrigins = new Set<string>();
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiOrigins.add(new URL(r.url()).origin);
  });
  const traces = await allTraces(request);
  const trace = traceWithSize(traces, 3, 12);
  const tx = txsOf(trace).find((t) => t.in_msg?.source)!;
  const at = (path: string) => `${host.origin}${path}`;

  const pages: Array<[string, () => Promise<void>]> = [
    ['/', () => expect(page.locator('tbody tr a[href^="/trace/"]').first()).toBeVisible()],
    ['/traces', () => expect(page.locator('tbody tr a[href^="/trace/"]').first()).toBeVisible()],
    [
      `/trace/${hex(trace.trace_id)}`,
      async () => {
        await wakeGraph(page);
        await expect(page.getByTestId('trace-node')).toHaveCount(txsOf(trace).length);
      },
    ],
    [`/tx/${hex(tx.hash)}`, () => expect(page.getByTestId('raw-boc')).toBeVisible()],
    [`/msg/${hex(tx.in_msg!.hash)}`, () => expect(page.getByTestId('receiver-tx')).toBeVisible()],
    [`/account/${tx.account}`, () => expect(page.getByTestId('address-raw')).toContainText(tx.account)],
    [`/mc/${trace.mc_seqno_end}`, () => expect(page.getByTestId('tx-row').first()).toBeVisible()],
    [
      `/block/${tx.block_ref.workchain}/${tx.block_ref.shard}/${tx.block_ref.seqno}`,
      () => expect(page.getByTestId('tx-row').first()).toBeVisible(),
    ],
    [`/messages?msg_hash=${hex(tx.in_msg!.hash)}`, () => expect(page.getByTestId('tx-row').first()).toBeVisible()],
  ];
  for (const [path, shown] of pages) {
    await page.goto(at(path));
    await shown();
    // the deployment's own API is not "another source": no banner
    await expect(page.getByTestId('source-banner')).toHaveCount(0);
  }
  expect([...apiOrigins]).toEqual([API]);
  // the static host served the page and its files, never an API call
  expect(host.requests.filter((p) => p.startsWith('/api/'))).toEqual([]);
  expect(host.requests).toContain('/config.json');
});
