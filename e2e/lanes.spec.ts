import { expect, test, type Locator } from '@playwright/test';
import { allTraces, hex, txsOf, type Trace, type Tx } from './fixture-api';

// The shard swimlanes of a trace, checked against the blocks the API reports for each transaction:
// the trace is chosen by computing, from the API, one whose transactions ran in two shards or more.

const laneOf = (tx: Tx) => `${tx.block_ref.workchain}:${tx.block_ref.shard}`;
const blockOf = (tx: Tx) => `${laneOf(tx)}:${tx.block_ref.seqno}`;

function crossShardTrace(traces: Trace[]): Trace {
  const found = traces
    .filter((t) => new Set(txsOf(t).map(laneOf)).size >= 2)
    .sort((a, b) => txsOf(a).length - txsOf(b).length)
    .find((t) => txsOf(t).length >= 3);
  if (!found) throw new Error('the fixture ledger has no trace with transactions in two shards');
  return found;
}

/** The message edges of the trace, from the API: the receiver of each message some transaction of the trace sent. */
function messageEdges(trace: Trace): Array<{ from: Tx; to: Tx }> {
  const txs = txsOf(trace);
  const sender = new Map(txs.flatMap((t) => t.out_msgs.map((m) => [m.hash, t] as const)));
  return txs.flatMap((to) => {
    const from = to.in_msg ? sender.get(to.in_msg.hash) : undefined;
    return from ? [{ from, to }] : [];
  });
}

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

const within = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) =>
  a.x >= b.x - 0.5 &&
  a.y >= b.y - 0.5 &&
  a.x + a.width <= b.x + b.width + 0.5 &&
  a.y + a.height <= b.y + b.height + 0.5;

test('the shard lanes put each transaction of a cross-shard trace in its lane, masterchain block and shard block, with a table twin', async ({
  page,
  request,
}) => {
  const trace = crossShardTrace(await allTraces(request));
  const txs = txsOf(trace);
  await page.goto(`/trace/${hex(trace.trace_id)}?view=lanes`);
  await expect(page.getByRole('tab', { name: 'lanes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('lane-tx')).toHaveCount(txs.length);
  await expect(page.getByTestId('lane')).toHaveCount(new Set(txs.map(laneOf)).size);
  await expect(page.getByTestId('lane-column')).toHaveCount(new Set(txs.map((t) => t.mc_block_seqno)).size);

  for (const tx of txs) {
    const chip = await box(page.locator(`[data-testid="lane-tx"][data-tx="${tx.hash}"]`));
    const block = await box(
      page.locator(`[data-testid="lane-block"][data-block="${blockOf(tx)}"][data-mc="${tx.mc_block_seqno}"]`),
    );
    const lane = await box(page.locator(`[data-testid="lane"][data-lane="${laneOf(tx)}"]`));
    const column = await box(page.locator(`[data-testid="lane-column"][data-mc="${tx.mc_block_seqno}"]`));
    expect(within(chip, block), `${hex(tx.hash)} in block ${blockOf(tx)}`).toBe(true);
    expect(
      block.y >= lane.y - 0.5 && block.y + block.height <= lane.y + lane.height + 0.5,
      `block ${blockOf(tx)} in lane ${laneOf(tx)}`,
    ).toBe(true);
    expect(
      block.x >= column.x - 0.5 && block.x + block.width <= column.x + column.width + 0.5,
      `block ${blockOf(tx)} in masterchain block ${tx.mc_block_seqno}`,
    ).toBe(true);
  }
  // transactions of one block stack in lt order
  for (const block of new Set(txs.map(blockOf))) {
    const inBlock = txs.filter((t) => blockOf(t) === block).sort((a, b) => (BigInt(a.lt) < BigInt(b.lt) ? -1 : 1));
    const ys = await Promise.all(
      inBlock.map(async (t) => (await box(page.locator(`[data-testid="lane-tx"][data-tx="${t.hash}"]`))).y),
    );
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
  }

  const edges = messageEdges(trace);
  await expect(page.locator('[data-testid="lane-edge"]')).toHaveCount(edges.length);
  await expect(page.locator('[data-testid="lane-edge"][data-cross="true"]')).toHaveCount(
    edges.filter((e) => laneOf(e.from) !== laneOf(e.to)).length,
  );

  // the twin: one row per transaction, naming the same masterchain block and shard block
  const rows = page.getByTestId('lanes-row');
  await expect(rows).toHaveCount(txs.length);
  for (const tx of txs) {
    const row = rows.filter({ has: page.locator(`a[href="/tx/${hex(tx.hash)}"]`) });
    await expect(row.getByTestId('lanes-row-mc')).toHaveText(String(tx.mc_block_seqno));
    await expect(row.getByTestId('lanes-row-block')).toHaveText(blockOf(tx));
  }

  // each transaction is a link the keyboard reaches; following it selects the transaction here
  const first = page.locator(`[data-testid="lane-tx"][data-tx="${txs[0]!.hash}"]`);
  await first.focus();
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`tx=${hex(txs[0]!.hash)}`));
  await expect(page).toHaveURL(/view=lanes/);
  await expect(page.getByTestId('tx-panel')).toBeVisible();
});
