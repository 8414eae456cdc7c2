import { expect, test, type Page } from '@playwright/test';
import {
  allTraces,
  skippedBounceTrace,
  depthOf,
  failedComputeTrace,
  hex,
  traceWithAction,
  traceWithSize,
  txsOf,
  type Trace,
} from './fixture-api';
import { wakeGraph } from './trace-graph';

test('the graph draws one node per transaction; a click puts ?tx= in the URL and opens the details; reload keeps it', async ({
  page,
  request,
}) => {
  const trace = traceWithSize(await allTraces(request), 4, 15);
  await page.goto(`/trace/${hex(trace.trace_id)}`);
  await wakeGraph(page);
  const nodes = page.getByTestId('trace-node');
  await expect(nodes).toHaveCount(txsOf(trace).length);
  await nodes.nth(2).click();
  await expect(page).toHaveURL(/[?&]tx=[0-9a-f]{64}/);
  const selected = new URL(page.url()).searchParams.get('tx')!;
  expect(txsOf(trace).map((t) => hex(t.hash))).toContain(selected);
  await expect(page.getByTestId('tx-panel')).toContainText(selected.slice(0, 16));
  await page.reload();
  await expect(page.getByTestId('tx-panel')).toContainText(selected.slice(0, 16));
  // keyboard: j moves to the next transaction in tree order, k back
  await page.keyboard.press('j');
  await expect(page).not.toHaveURL(new RegExp(`tx=${selected}`));
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`tx=${selected}`));
  // the accessible twin lists the same transactions
  await page.getByRole('tab', { name: 'table' }).click();
  await expect(page.getByTestId('trace-row')).toHaveCount(txsOf(trace).length);
  await page.screenshot({ path: 'e2e-artifacts/screenshots/trace-selected-table.png', fullPage: true });
});

test('the trace of a bounce off an undeployed account: skipped, not failed; bounced edge drawn and labelled', async ({
  page,
  request,
}) => {
  const { trace, skipped } = skippedBounceTrace(await allTraces(request));
  await page.goto(`/trace/${hex(trace.trace_id)}`);
  // the still picture draws the bounce as the graph does
  await expect(
    page
      .getByTestId('trace-picture')
      .getByText(/↩ Bounce/)
      .first(),
  ).toBeVisible();
  await wakeGraph(page);
  await expect(page.getByTestId('trace-node')).toHaveCount(txsOf(trace).length);
  await expect(page.getByText(/↩ Bounce/).first()).toBeVisible();
  // TON's third outcome: no compute phase ran (no code at the destination). Counted and drawn as
  // skipped, and no failure: no banner, no failed count, no red node.
  await expect(page.getByTestId('trace-skipped-count')).toHaveText(`⊘ ${skipped.length} skipped`);
  await expect(page.getByTestId('trace-failed-count')).toHaveCount(0);
  await expect(page.getByTestId('failure-banner')).toHaveCount(0);
  await expect(page.locator('[data-testid="trace-node"][data-failed]')).toHaveCount(0);
  const node = page.locator('[data-testid="trace-node"][data-outcome="skipped"]');
  await expect(node).toHaveCount(skipped.length);
  await expect(node.first()).toContainText(`⊘ skipped (${skipped[0]!.description.compute_ph!.reason})`);
  await node.first().click();
  await expect(page.getByTestId('tx-panel')).toContainText('⊘ skipped');
  await expect(page.getByTestId('tx-panel')).toContainText('nothing ran');
  await page.getByRole('tab', { name: 'table' }).click();
  await expect(page.locator('[data-testid="trace-row"] [data-outcome="skipped"]')).toHaveCount(skipped.length);
  await page.screenshot({ path: 'e2e-artifacts/screenshots/trace-bounce.png', fullPage: true });
  await page.goto(`/tx/${hex(skipped[0]!.hash)}`);
  await expect(page.getByTestId('tx-status')).toContainText('⊘ Skipped');
  await expect(page.getByTestId('tx-status')).not.toContainText('Failed');
});

test('the trace of a failed compute phase names the exit code and its meaning', async ({ page, request }) => {
  const { trace, tx } = failedComputeTrace(await allTraces(request));
  await page.goto(`/trace/${hex(trace.trace_id)}`);
  const banner = page.getByTestId('failure-banner');
  await expect(banner).toContainText(`exit code ${tx.description.compute_ph!.exit_code}`);
  await page.screenshot({ path: 'e2e-artifacts/screenshots/trace-failed-compute.png', fullPage: true });
  await page.goto(`/tx/${hex(tx.hash)}`);
  await expect(page.getByTestId('exit-code')).toContainText(`Exit code ${tx.description.compute_ph!.exit_code}`);
  await expect(page.getByTestId('tx-status')).toContainText('Failed');
});

test('export JSON and SVG download the trace', async ({ page, request }) => {
  const trace = traceWithSize(await allTraces(request), 2, 10);
  await page.goto(`/trace/${hex(trace.trace_id)}`);
  await expect(page.getByTestId('trace-picture-node').first()).toBeVisible();
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  const body = JSON.parse(await (await import('node:fs/promises')).readFile((await json.path())!, 'utf8'));
  expect(body.traces[0].traceId).toBe(trace.trace_id);
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export SVG' }).click(),
  ]);
  const text = await (await import('node:fs/promises')).readFile((await svg.path())!, 'utf8');
  expect(text.startsWith('<svg')).toBe(true);
  expect((text.match(/<rect [^>]*rx="8"/g) ?? []).length).toBeGreaterThanOrEqual(txsOf(trace).length);
});

/** The graph's zoom as React Flow renders it, and the boxes of its canvas and of its transaction nodes. */
async function graphOnScreen(page: Page) {
  await wakeGraph(page);
  await expect(page.getByTestId('trace-node').first()).toBeVisible();
  const transform = await page.locator('.react-flow__viewport').evaluate((el) => (el as HTMLElement).style.transform);
  const zoom = Number(/scale\(([\d.]+)\)/.exec(transform)?.[1]);
  const canvas = (await page.getByTestId('trace-graph').boundingBox())!;
  const nodes = await page
    .getByTestId('trace-node')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  const inCanvas = (b: DOMRect) =>
    b.left >= canvas.x &&
    b.top >= canvas.y &&
    b.right <= canvas.x + canvas.width &&
    b.bottom <= canvas.y + canvas.height;
  return { zoom, nodes, inCanvas };
}

async function openTrace(page: Page, trace: Trace) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/trace/${hex(trace.trace_id)}`);
}

/** Each node's box, relative to its frame: where the reader sees it, wherever the page is scrolled. */
async function nodeBoxes(page: Page, frame: string, node: string) {
  const f = (await page.getByTestId(frame).boundingBox())!;
  const boxes = await page
    .getByTestId(node)
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  return { frame: f, nodes: boxes.map((b) => ({ x: b.x - f.x, y: b.y - f.y, w: b.width, h: b.height })) };
}

type Box = { x: number; y: number; w: number; h: number };

/** The interactive graph's nodes where the picture drew them, within a pixel (both in layout order). */
function expectSamePlaces(live: Box[], still: Box[]) {
  expect(live).toHaveLength(still.length);
  live.forEach((b, i) => {
    const s = still[i]!;
    for (const k of ['x', 'y', 'w', 'h'] as const)
      expect(Math.abs(b[k] - s[k]), `node ${i} ${k}`).toBeLessThanOrEqual(1);
  });
}

test('the graph opens as a still picture, React Flow unmounted, and the interactive graph draws the same nodes in the same places once pointed at', async ({
  page,
  request,
}) => {
  const trace = traceWithAction(await allTraces(request), 'jetton_mint');
  await openTrace(page, trace);
  // a trace this small opens whole: every transaction in the picture
  await expect(page.getByTestId('trace-picture-node')).toHaveCount(txsOf(trace).length);
  // the browser idle twice over (the chunk may be fetched then) and still no React Flow on the page
  for (let i = 0; i < 2; i++)
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 5000 })));
  await expect(page.locator('.react-flow')).toHaveCount(0);
  const still = await nodeBoxes(page, 'trace-picture', 'trace-picture-node');
  await page.screenshot({ path: 'e2e-artifacts/screenshots/trace-picture.png' });
  await wakeGraph(page);
  await expect(page.getByTestId('trace-node')).toHaveCount(txsOf(trace).length);
  const live = await nodeBoxes(page, 'trace-graph', 'trace-node');
  // the same frame, and each node where the picture drew it (both in layout order)
  expect(Math.abs(live.frame.width - still.frame.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(live.frame.height - still.frame.height)).toBeLessThanOrEqual(1);
  expectSamePlaces(live.nodes, still.nodes);
});

test('a trace too deep to open whole: the picture shows the part of it the interactive graph opens on', async ({
  page,
  request,
}) => {
  const deep = (await allTraces(request)).find((t) => depthOf(t.trace) >= 10);
  if (!deep) throw new Error('the fixture ledger has no trace 10 transactions deep');
  await openTrace(page, deep);
  await expect(page.getByTestId('trace-picture-node').first()).toBeVisible();
  // the picture draws only what its view shows: fewer nodes than the trace has
  expect(await page.getByTestId('trace-picture-node').count()).toBeLessThan(txsOf(deep).length);
  const still = await nodeBoxes(page, 'trace-picture', 'trace-picture-node');
  await wakeGraph(page);
  await expect(page.getByTestId('trace-node').first()).toBeVisible();
  const live = await nodeBoxes(page, 'trace-graph', 'trace-node');
  // React Flow mounts the nodes off screen too (under 150 it draws them all): those in the frame
  const inFrame = (f: { width: number; height: number }) => (b: Box) =>
    b.x + b.w > 0 && b.x < f.width && b.y + b.h > 0 && b.y < f.height;
  const shown = live.nodes.filter(inFrame(live.frame));
  expect(shown.length).toBeGreaterThan(0);
  expectSamePlaces(shown, still.nodes);
});

test('a click on the still picture selects the transaction, and a focus by keyboard brings the graph in', async ({
  page,
  request,
}) => {
  const trace = traceWithSize(await allTraces(request), 4, 15);
  await page.goto(`/trace/${hex(trace.trace_id)}`);
  await page.getByTestId('trace-picture-node').nth(1).click();
  await expect(page).toHaveURL(/[?&]tx=[0-9a-f]{64}/);
  await expect(page.getByTestId('tx-panel')).toBeVisible();
  await expect(page.getByTestId('trace-node').first()).toBeVisible();
  // by keyboard: the picture is a stop of its own, and focusing it is reaching for the graph
  await page.goto(`/trace/${hex(trace.trace_id)}`);
  await page.getByTestId('trace-picture').focus();
  await expect(page.locator('.react-flow')).toBeVisible();
});

test("a jetton mint opens whole at a readable zoom, with no details column taking the graph's width", async ({
  page,
  request,
}) => {
  const trace = traceWithAction(await allTraces(request), 'jetton_mint');
  await openTrace(page, trace);
  const { zoom, nodes, inCanvas } = await graphOnScreen(page);
  expect(zoom).toBeGreaterThanOrEqual(0.8);
  expect(nodes).toHaveLength(txsOf(trace).length);
  // 200 px nodes (trace-layout.ts) drawn at least 160 px wide: their 12 px titles at least ~10 px
  for (const b of nodes) expect(b.width).toBeGreaterThanOrEqual(0.8 * 200 - 1);
  expect(nodes.every(inCanvas)).toBe(true);
  // all of it is on screen: no minimap covering a corner of it
  await expect(page.locator('.react-flow__minimap')).toHaveCount(0);
  // selecting a node in full view does not move the graph under the pointer
  const viewport = page.locator('.react-flow__viewport');
  const before = await viewport.evaluate((el) => (el as HTMLElement).style.transform);
  await page.getByTestId('trace-node').first().click();
  await expect(page).toHaveURL(/[?&]tx=/);
  expect(await viewport.evaluate((el) => (el as HTMLElement).style.transform)).toBe(before);
  // the details float over the graph only while a transaction is selected, and Esc closes them
  await page.getByTestId('trace-node').last().click();
  await expect(page.getByTestId('tx-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tx-panel')).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]tx=/);
  await page.screenshot({ path: 'e2e-artifacts/screenshots/trace-jetton-mint.png' });
});

test('a trace too deep to fit opens readable at its root instead of zoomed out to the whole', async ({
  page,
  request,
}) => {
  const traces = await allTraces(request);
  const deep = traces.find((t) => depthOf(t.trace) >= 10);
  if (!deep) throw new Error('the fixture ledger has no trace 10 transactions deep');
  await openTrace(page, deep);
  const { zoom, nodes, inCanvas } = await graphOnScreen(page);
  expect(zoom).toBeGreaterThanOrEqual(0.8);
  // nodes are in tree order, the root first
  expect(inCanvas(nodes[0]!)).toBe(true);
  expect(nodes.every(inCanvas)).toBe(false);
  // the rest is off screen: the minimap shows where
  await expect(page.locator('.react-flow__minimap')).toBeVisible();
});

test('the dark theme chosen in the settings reaches the graph: its controls and background turn dark too', async ({
  page,
  request,
}) => {
  const trace = traceWithSize(await allTraces(request), 4, 15);
  await page.goto(`/trace/${hex(trace.trace_id)}`);
  await wakeGraph(page);
  await expect(page.getByTestId('trace-node').first()).toBeVisible();
  const flow = page.locator('.react-flow');
  await page.getByRole('button', { name: /settings/i }).click();
  await page.getByRole('radio', { name: 'dark', exact: true }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(flow).toHaveClass(/\bdark\b/);
  await page.getByRole('radio', { name: 'light', exact: true }).check();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(flow).toHaveClass(/\blight\b/);
});
