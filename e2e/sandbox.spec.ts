import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { toNano, type Cell } from '@ton/core';
import { Blockchain, type BlockchainTransaction, type SandboxContract, type TreasuryContract } from '@ton/sandbox';
import { compileContracts } from '../src/ledger/contracts/compile';
import { refusedExternal } from '../src/sandbox/test-support/acton-trace';
import { sendFrame, waitForTransactions } from '../src/sandbox/test-support/api';
import { MetaMap, Thrower } from '../src/sandbox/test-support/contracts';
import { Vault, compileVault } from '../src/sandbox/test-support/tolk-vault';
import { startReceiverProcess, type ReceiverProcess } from '../src/sandbox/test-support/receiver-process';
import { formatInt } from '../src/web/lib/format';

// The explorer of `npm run sandbox` while a test process sends it runs: this spec is the test
// process (real @ton/sandbox, its UI on) and the reader at once. Its own server, on a fresh ledger;
// what the page must show is read from sandbox's own results, never pinned.

(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
// sandbox names a run's test from jest's global `expect`; Playwright's has no getState, so this
// process gives one naming the test it is running
const testName = 'e2e: the thrower fails';
let currentTest = testName;
(globalThis as { expect?: unknown }).expect = {
  getState: () => ({ testId: undefined, currentTestName: currentTest, testPath: import.meta.filename }),
};

let dir: string;
let recv: ReceiverProcess;
let chain: Blockchain;
let deployer: SandboxContract<TreasuryContract>;
let thrower: SandboxContract<Thrower>;

const hex = (b: Buffer) => b.toString('hex');
const frames = (txs: BlockchainTransaction[]) => txs.map((t) => hex(t.hash()));

/** The thrower's transaction of a run (the one that failed with the exit code asked for). */
const throwerTx = (txs: BlockchainTransaction[]) =>
  txs.find((t) => t.address.toString(16) === hex(thrower.address.hash))!;

let failing: BlockchainTransaction;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'ledgerscope-e2e-sandbox-'));
  recv = await startReceiverProcess({ LEDGER_DB: join(dir, 'sandbox.db') });
  process.env.SANDBOX_WEBSOCKET_ADDR = recv.ws;
  const code = await compileContracts();
  chain = await Blockchain.create({ uiOptions: { enabled: true }, meta: new MetaMap() });
  chain.recordStorage = true;
  deployer = await chain.treasury('deployer');
  thrower = chain.openContract(Thrower.fromCode(code.thrower));
  const deployed = await thrower.sendDeploy(deployer.getSender(), toNano('1'));
  // the failing call the deep links look at (each test may run in a worker of its own, with this hook)
  const thrown = await thrower.sendThrow(deployer.getSender(), toNano('0.5'), 77);
  failing = throwerTx(thrown.transactions);
  await waitForTransactions(recv.api, frames([...deployed.transactions, ...thrown.transactions]), () => recv.stderr());
});

test.afterAll(async () => {
  await recv?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a new run appears in the Tests view without a reload, with its outcome and its names', async ({ page }) => {
  // the home page of a sandbox ledger says where its tests are, and the header links them
  await page.goto(`${recv.api}/`);
  await expect(page.getByRole('link', { name: 'This ledger holds sandbox test runs: see the Tests' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tests' }).click();
  await expect(page).toHaveURL(/\/tests/);
  await expect(page.getByTestId('test-title')).toHaveText(testName);
  const runs = page.getByTestId('run');
  // the treasury's funding, the deploy and the failing call
  await expect(runs).toHaveCount(3);
  await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));

  const sent = await thrower.sendThrow(deployer.getSender(), toNano('0.5'), 78);
  const failedCount = sent.transactions.filter(
    (t) =>
      t.description.type === 'generic' &&
      t.description.computePhase.type === 'vm' &&
      !t.description.computePhase.success,
  ).length;
  await expect(runs).toHaveCount(4, { timeout: 30_000 });
  const newest = runs.first();
  await expect(newest.getByTestId('run-outcome')).toHaveText(`✕ ${failedCount} of ${sent.transactions.length} failed`);
  const failedRow = newest.locator('[data-testid="run-tx"][data-failed="true"]');
  await expect(failedRow.getByTestId('tx-outcome')).toContainText('exit 78: contract error');
  // names: the treasury's seed and the wrapper's class, on the run's addresses
  await expect(newest.getByTestId('run-name').filter({ hasText: 'deployer' }).first()).toBeVisible();
  await expect(failedRow.getByTestId('run-name')).toHaveText('Thrower');
  expect(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);
  // the run's own link: the run alone, by its seqno in the URL
  const seqno = await newest.getAttribute('data-seqno');
  await newest.getByTestId('run-link').click();
  await expect(page).toHaveURL(new RegExp(`run=${seqno}`));
  await expect(runs).toHaveCount(1);
  await expect(runs.first()).toHaveAttribute('data-seqno', seqno!);
});

test("a transaction's VM log by deep link: every instruction, the failing one marked, searchable", async ({ page }) => {
  const lines = failing.vmLogs.split('\n').map((l) => l.trim());
  const executed = lines.filter((l) => l.startsWith('execute ')).map((l) => l.slice('execute '.length));
  await page.goto(`${recv.api}/sandbox-tx/${hex(failing.hash())}?tab=vm`);
  await expect(page.getByTestId('sandbox-tx-outcome')).toContainText('exit 77');
  await expect(page.getByTestId('vm-summary')).toContainText(`${formatInt(executed.length)} instructions`);
  const steps = page.getByTestId('vm-step');
  await expect(steps.first()).toContainText(executed[0]!);
  const failedStep = page.locator('[data-testid="vm-step"][data-failed="true"]');
  await expect(failedStep).toContainText('THROW');
  await expect(failedStep).toContainText('terminating vm with exit code 77');
  // a step by deep link: the last instruction, marked as the current one
  const last = executed.length - 1;
  await page.goto(`${recv.api}/sandbox-tx/${hex(failing.hash())}?tab=vm&step=${last}`);
  const current = page.locator('[data-testid="vm-step"][aria-current="true"]');
  await expect(current).toHaveAttribute('data-index', String(last));
  await expect(current).toContainText(executed[last]!);
  // a search over the whole log
  await page.getByTestId('vm-search').fill('THROW');
  await page.getByRole('search', { name: 'Search the VM log' }).getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('vm-matches')).toContainText(/\d+ matching step/);
  await expect(page).toHaveURL(/q=THROW/);
});

test("a transaction's storage before and after by deep link, by the ABI and raw, its body by the ABI, and its trace graph with names", async ({
  page,
}) => {
  await page.goto(`${recv.api}/sandbox-tx/${hex(failing.hash())}?tab=storage`);
  const before = failing.oldStorage as Cell;
  const after = failing.newStorage as Cell;
  // the thrower's wrapper carries a Tact ABI: its storage is shown by field, the raw cells a click away
  const marker = before.beginParse().preloadUint(32);
  for (const side of ['before', 'after']) {
    const field = page.getByTestId(`abi-storage-${side}`).locator('[data-testid="abi-field"][data-path="marker"]');
    await expect(field).toContainText('uint32');
    await expect(field).toContainText(String(marker));
  }
  await page.getByTestId('storage-raw-link').click();
  await expect(page).toHaveURL(/view=raw/);
  await expect(page.getByTestId('storage-summary')).toHaveText(
    before.hash().equals(after.hash())
      ? 'The transaction left the data as it was.'
      : 'The transaction changed the data: changed cells are marked.',
  );
  await expect(page.getByTestId('storage-before').getByTestId('storage-cell').first()).toContainText(
    `${before.bits.length} bits`,
  );
  await expect(page.getByTestId('storage-after').getByTestId('storage-cell').first()).toContainText(
    `${after.bits.length} bits`,
  );
  // the inbound body by the ABI's message type: the exit code the test asked for
  await page.goto(`${recv.api}/sandbox-tx/${hex(failing.hash())}?tab=bodies`);
  const exitCode = page.getByTestId('abi-body-in').locator('[data-testid="abi-field"][data-path="exitCode"]');
  await expect(page.getByTestId('abi-body-in')).toContainText('ThrowExit');
  await expect(exitCode).toContainText('uint16');
  await expect(exitCode).toContainText('77');
  // and on the transaction page, under the inbound message's own decoding
  await page.goto(`${recv.api}/tx/${hex(failing.hash())}`);
  const inbound = page.getByTestId('message-card').first().getByTestId('abi-body');
  await expect(inbound.locator('[data-testid="abi-field"][data-path="exitCode"]')).toContainText('77');
  // the trace graph of the failing run: the thrower's node carries its wrapper's name
  const root = hex(failing.parent!.hash());
  await page.goto(`${recv.api}/trace/${root}`);
  await expect(page.getByText(/· Thrower/).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/· deployer/).first()).toBeVisible();
  // the failing transaction selected on the trace page: what its test's ABIs read, in its details
  await page.goto(`${recv.api}/trace/${root}?tx=${hex(failing.hash())}`);
  const details = page.getByRole('complementary', { name: 'Selected transaction' });
  await expect(
    details.getByTestId('abi-body-in').locator('[data-testid="abi-field"][data-path="exitCode"]'),
  ).toContainText('77');
  await expect(
    details.getByTestId('abi-storage-before').locator('[data-testid="abi-field"][data-path="marker"]'),
  ).toContainText(String(marker));
  await details.getByTestId('trace-sandbox-tx-link').click();
  await expect(page).toHaveURL(new RegExp(`/sandbox-tx/${hex(failing.hash())}`, 'i'));
  await expect(page.getByTestId('sandbox-tx-outcome')).toBeVisible();
});

type Run = { seqno: number; txs: BlockchainTransaction[]; exit: number };

test('two runs of the test side by side: each transaction’s outcome and gas, and the change', async ({ page }) => {
  const first = (await thrower.sendThrow(deployer.getSender(), toNano('0.5'), 77)).transactions;
  const second = (await thrower.sendThrow(deployer.getSender(), toNano('0.5'), 1000)).transactions;
  await waitForTransactions(recv.api, frames([...first, ...second]), () => recv.stderr());
  const seqnoOf = async (t: BlockchainTransaction) =>
    ((await (await fetch(`${recv.api}/api/sandbox/transaction?hash=${hex(t.hash())}`)).json()) as { seqno: number })
      .seqno;
  // Outside jest, sandbox opens a new connection for every frame, so two runs sent one after the
  // other may arrive (and be numbered) in either order: the page shows the lower seqno on the left.
  const [older, newer] = [
    { seqno: await seqnoOf(first[0]!), txs: first, exit: 77 },
    { seqno: await seqnoOf(second[0]!), txs: second, exit: 1000 },
  ].sort((x, y) => x.seqno - y.seqno) as [Run, Run];
  await page.goto(`${recv.api}/tests`);
  // picked on the page: the newer run, then the older; the link names them older first
  await page.locator(`[data-testid="run"][data-seqno="${newer.seqno}"]`).getByTestId('run-compare-pick').click();
  await page.locator(`[data-testid="run"][data-seqno="${older.seqno}"]`).getByTestId('run-compare-pick').click();
  await expect(page).toHaveURL(
    new RegExp(`compare=${older.seqno}%2C${newer.seqno}|compare=${older.seqno},${newer.seqno}`),
  );
  const compare = page.getByTestId('run-compare');
  const byLt = (txs: BlockchainTransaction[]) => [...txs].sort((x, y) => (x.lt < y.lt ? -1 : 1));
  const gas = (t: BlockchainTransaction) =>
    t.description.type === 'generic' && t.description.computePhase.type === 'vm'
      ? t.description.computePhase.gasUsed
      : null;
  const [left, right] = [byLt(older.txs), byLt(newer.txs)];
  const rows = compare.getByTestId('compare-row');
  await expect(rows).toHaveCount(Math.max(left.length, right.length));
  const signed = (d: bigint) => (d > 0n ? `+${formatInt(String(d))}` : d < 0n ? `−${formatInt(String(-d))}` : '0');
  for (let i = 0; i < left.length; i++) {
    const [ga, gb] = [gas(left[i]!), gas(right[i]!)];
    await expect(rows.nth(i).getByTestId('compare-change')).toHaveText(
      ga !== null && gb !== null ? signed(gb - ga) : '',
    );
  }
  // the thrower's row: each side's exit code
  const throwRow = rows.nth(left.indexOf(throwerTx(older.txs)));
  await expect(throwRow.getByTestId('compare-outcome').first()).toContainText(`exit ${older.exit}`);
  await expect(throwRow.getByTestId('compare-outcome').last()).toContainText(`exit ${newer.exit}`);
});

test("a Tolk contract's storage by its Tolk ABI: a map's entry and a list's item under their field, its own exit code named", async ({
  page,
}) => {
  // a test of its own, so that the thrower's test keeps its runs
  currentTest = 'e2e: the Tolk vault';
  let deposit: BlockchainTransaction;
  let refused: BlockchainTransaction;
  const vault = chain.openContract(Vault.create(await compileVault(), deployer.address));
  try {
    const runs = [
      await vault.sendDeploy(deployer.getSender(), toNano('1')),
      await vault.sendDeposit(deployer.getSender(), toNano('2'), { queryId: 1n, note: null, at: { x: 3, y: 4 } }),
      await vault.sendFreeze((await chain.treasury('stranger')).getSender(), toNano('0.2'), 2n, 1),
    ];
    const ofVault = (txs: BlockchainTransaction[]) =>
      txs.find((t) => t.address.toString(16) === hex(vault.address.hash))!;
    deposit = ofVault(runs[1]!.transactions);
    refused = ofVault(runs[2]!.transactions);
    await waitForTransactions(recv.api, frames(runs.flatMap((r) => r.transactions)), () => recv.stderr());
  } finally {
    currentTest = testName;
  }
  const value = deposit.inMessage!.info.type === 'internal' ? deposit.inMessage!.info.value.coins : -1n;
  await page.goto(`${recv.api}/sandbox-tx/${hex(deposit.hash())}?tab=storage`);
  const after = page.getByTestId('abi-storage-after');
  await expect(after.locator('[data-path="mode"]')).toContainText('Open (0)');
  // a map's entry and a list's item: one level under their field, labelled by their key
  const entry = after.locator('[data-path="history[0]"]');
  await expect(entry).toContainText(value.toString());
  await expect(entry.locator('td').first()).toHaveText('[0]');
  const item = after.locator('[data-path="extra.marks[0]"]');
  await expect(item.locator('td').first()).toHaveText('[0]');
  await expect(item).toContainText('uint8');
  const indent = async (path: string) =>
    after
      .locator(`[data-path="${path}"] td`)
      .first()
      .evaluate((td) => parseFloat(getComputedStyle(td).paddingLeft));
  expect(await indent('extra.marks[0]')).toBeGreaterThan(await indent('extra.marks'));
  // the stranger's freeze: the vault's own exit code, by the name its ABI gives
  await page.goto(`${recv.api}/sandbox-tx/${hex(refused.hash())}`);
  await expect(page.getByTestId('sandbox-tx-outcome')).toContainText('exit 401: ERR_NOT_OWNER');
});

test("a run of a failed message alone shows the message on the run's page, and its block as empty", async ({
  page,
}) => {
  // a real refused external message (the thrower has no recv_external): no transaction, what Acton
  // saves in `failed_messages`, sent as the frame an Acton bundle's trace becomes (acton-bundle.ts)
  const e = await refusedExternal(chain, thrower.address);
  const answer = await sendFrame(
    recv.ws,
    JSON.stringify({
      type: 'test-data',
      testInfo: { name: 'e2e: an external message refused', path: import.meta.filename },
      transactions: { transactions: [] },
      contracts: [],
      failedMessages: [{ error: e.error, vm_log_diff: e.vmLogs, vm_exit_code: e.exitCode }],
      acton: { name: 'external-refused' },
    }),
  );
  expect(answer).toMatchObject({ stored: true });
  await page.goto(`${recv.api}/tests?run=${answer.seqno}`);
  const run = page.locator(`[data-testid="run"][data-seqno="${answer.seqno}"]`);
  await expect(run.getByTestId('run-outcome')).toHaveText('✕ 1 message made no transaction');
  await expect(run.getByTestId('failed-message-error')).toHaveText(`✕ ${e.error}`);
  await expect(run.getByTestId('failed-message-exit')).toContainText(`exit ${e.exitCode}`);
  await expect(run.getByTestId('run-trace-name')).toHaveText('external-refused');
  await expect(run).toContainText('(empty: no transaction ran)');
  await expect(run.getByTestId('run-tx')).toHaveCount(0);
});
