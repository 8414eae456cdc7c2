import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { accountsWith, allTraces, hex, skippedBounceTrace, traceWithSize, txsOf, type Trace } from './fixture-api';

// axe-core on every page of the explorer, in both themes: WCAG 2.0/2.1 A and AA plus axe's best
// practices, zero violations. Each page is checked once its data is drawn (what a reader sees), with
// the theme chosen in the settings (stored before the page loads).
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The token contracts the token pages show, found through the API. */
interface Tokens {
  jettonMaster: string;
  collection: string;
  item: string;
}

function pagesOf(
  traces: Trace[],
  { jettonMaster, collection, item }: Tokens,
): Array<{ name: string; path: string; ready: (page: Page) => Promise<void> }> {
  const trace = traceWithSize(traces, 3, 12);
  const tx = txsOf(trace).find((t) => t.in_msg?.source)!;
  const skipping = skippedBounceTrace(traces);
  const b = tx.block_ref;
  return [
    { name: 'home', path: '/', ready: (p) => expect(p.locator('tbody tr a[href^="/trace/"]').first()).toBeVisible() },
    {
      name: 'traces',
      path: '/traces',
      ready: (p) => expect(p.locator('tbody tr a[href^="/trace/"]').first()).toBeVisible(),
    },
    {
      name: 'trace graph',
      path: `/trace/${hex(trace.trace_id)}?tx=${hex(tx.hash)}`,
      ready: (p) => expect(p.getByTestId('trace-node')).toHaveCount(txsOf(trace).length),
    },
    {
      // what the page first shows: the graph as a still picture, React Flow not yet mounted
      name: 'trace graph as a still picture',
      path: `/trace/${hex(trace.trace_id)}`,
      ready: async (p) => {
        await expect(p.getByTestId('trace-picture-node').first()).toBeVisible();
        await expect(p.locator('.react-flow')).toHaveCount(0);
      },
    },
    {
      name: 'trace table',
      path: `/trace/${hex(trace.trace_id)}?view=table`,
      ready: (p) => expect(p.locator('table tbody tr').first()).toBeVisible(),
    },
    {
      name: 'trace lanes',
      path: `/trace/${hex(trace.trace_id)}?view=lanes`,
      ready: (p) => expect(p.getByTestId('lane-tx')).toHaveCount(txsOf(trace).length),
    },
    {
      // TON's third outcome, skipped, in its own colours: the header's count, the node, the details
      name: 'trace with a skipped transaction',
      path: `/trace/${hex(skipping.trace.trace_id)}?tx=${hex(skipping.skipped[0]!.hash)}`,
      ready: (p) => expect(p.getByTestId('trace-skipped-count')).toBeVisible(),
    },
    {
      name: 'trace lanes with a skipped transaction',
      path: `/trace/${hex(skipping.trace.trace_id)}?view=lanes`,
      ready: (p) => expect(p.locator('[data-testid="lane-tx"][data-outcome="skipped"]').first()).toBeVisible(),
    },
    { name: 'transaction', path: `/tx/${hex(tx.hash)}`, ready: (p) => expect(p.getByTestId('raw-boc')).toBeVisible() },
    {
      name: 'message',
      path: `/msg/${hex(tx.in_msg!.hash)}`,
      ready: (p) => expect(p.getByTestId('receiver-tx')).toBeVisible(),
    },
    {
      name: 'account',
      path: `/account/${tx.account}`,
      ready: (p) => expect(p.locator('tbody tr').first()).toBeVisible(),
    },
    {
      // the Methods panel with a call's result: numbers, an address link, cells with copy buttons
      name: 'account get method',
      path: `/account/${jettonMaster}?method=get_jetton_data`,
      ready: (p) => expect(p.getByTestId('stack-entry')).toHaveCount(5),
    },
    {
      name: 'account tokens',
      path: `/account/${tx.account}?tab=tokens`,
      ready: (p) => expect(p.getByRole('tabpanel').getByRole('table').or(p.getByText('holds no jetton'))).toBeVisible(),
    },
    {
      name: 'jetton',
      path: `/jetton/${jettonMaster}`,
      ready: (p) => expect(p.getByTestId('holder-row').first()).toBeVisible(),
    },
    {
      name: 'nft collection',
      path: `/nft-collection/${collection}`,
      ready: (p) => expect(p.getByTestId('nft-row').first()).toBeVisible(),
    },
    {
      name: 'nft item',
      path: `/nft/${item}`,
      ready: (p) =>
        expect(p.getByTestId('nft-transfer-row').first().or(p.getByText('never changed hands'))).toBeVisible(),
    },
    {
      name: 'masterchain block',
      path: `/mc/${trace.mc_seqno_end}`,
      ready: (p) => expect(p.getByTestId('tx-row').first()).toBeVisible(),
    },
    {
      name: 'shard block',
      path: `/block/${b.workchain}/${b.shard}/${b.seqno}`,
      ready: (p) => expect(p.getByTestId('tx-row').first()).toBeVisible(),
    },
    {
      name: 'messages',
      path: `/messages?msg_hash=${hex(tx.in_msg!.hash)}`,
      ready: (p) => expect(p.getByTestId('tx-row').first()).toBeVisible(),
    },
    {
      name: 'home under another API (banner)',
      path: `/?api=${encodeURIComponent(`http://localhost:${process.env.E2E_PORT ?? 8181}`)}`,
      ready: (p) => expect(p.getByTestId('source-banner')).toBeVisible(),
    },
    {
      name: 'home with a refused ?api= (banner)',
      path: `/?api=${encodeURIComponent('//evil.example')}`,
      ready: (p) => expect(p.getByTestId('refused-api')).toBeVisible(),
    },
    {
      name: 'not found',
      path: '/mc/999999999',
      ready: (p) => expect(p.getByText('Not found: masterchain block 999999999')).toBeVisible(),
    },
  ];
}

const PAGE_NAMES = [
  'home',
  'traces',
  'trace graph',
  'trace graph as a still picture',
  'trace table',
  'trace lanes',
  'trace with a skipped transaction',
  'trace lanes with a skipped transaction',
  'transaction',
  'message',
  'account',
  'account get method',
  'account tokens',
  'jetton',
  'nft collection',
  'nft item',
  'masterchain block',
  'shard block',
  'messages',
  'home under another API (banner)',
  'home with a refused ?api= (banner)',
  'not found',
];

for (const theme of ['light', 'dark'] as const) {
  for (const name of PAGE_NAMES) {
    test(`${name}: no axe-core violation (WCAG 2 A/AA, best practices) in the ${theme} theme`, async ({
      page,
      request,
    }) => {
      const tokens: Tokens = {
        jettonMaster: (await accountsWith(request, 'jetton_master'))[0]!,
        collection: (await accountsWith(request, 'nft_collection'))[0]!,
        item: (await accountsWith(request, 'nft_item'))[0]!,
      };
      const p = pagesOf(await allTraces(request), tokens).find((x) => x.name === name)!;
      await page.addInitScript((t) => localStorage.setItem('ledgerscope.theme', t), theme);
      await page.goto(p.path);
      await p.ready(page);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      const found = result.violations.map(
        (v) =>
          `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
            .slice(0, 3)
            .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`)
            .join(' | ')}`,
      );
      expect(found, found.join('\n')).toEqual([]);
    });
  }
}

test('the accessibility checks cover every page the explorer has', async ({ request }) => {
  expect(pagesOf(await allTraces(request), { jettonMaster: '', collection: '', item: '' }).map((p) => p.name)).toEqual(
    PAGE_NAMES,
  );
});
