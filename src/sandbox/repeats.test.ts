// Blueprint's own template: every test makes a new Blockchain and deploys the contract in
// `beforeEach`. A new Blockchain starts its lt again and sandbox's clock is wall-clock seconds, so
// two tests within one second make bit-for-bit the same transactions, and two tests a second apart
// on the funding but not on the deploy make some of them the same. Each test below is such a test
// (its own Blockchain, its clock pinned rather than left to timing), sending to the real receiver;
// every run must be stored under its own test with all its transactions, each found by its hash,
// and its trace viewable, the ledger keeping one record a transaction hash.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { toNano, type Cell } from '@ton/core';
import { Blockchain, type BlockchainTransaction } from '@ton/sandbox';
import { serializeTransactions } from '@ton/sandbox/dist/ui/protocol';
import { compileContracts } from '../ledger/contracts/compile';
import { checkAgainstSchemas } from '../server/test-support/test-server';
import { sendFrame, waitForTransactions } from './test-support/api';
import { MetaMap, Thrower } from './test-support/contracts';
import { startReceiverProcess, type ReceiverProcess } from './test-support/receiver-process';

(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
(globalThis as { expect?: unknown }).expect ??= expect;

const hex = (b: Buffer) => b.toString('hex');
const b64 = (b: Buffer) => b.toString('base64');
const b64hex = (s: string) => Buffer.from(s, 'base64').toString('hex');

let dir: string;
let recv: ReceiverProcess;
let code: Cell;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, each checked against its schema first
async function get(path: string): Promise<any> {
  const res = await fetch(recv.api + path);
  const body = (await res.json()) as unknown;
  checkAgainstSchemas(path, res.status, body);
  expect(res.status, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

/**
 * One test of the template: a new Blockchain, the deployer funded at `fundedAt`, the thrower
 * deployed at `deployedAt` (the `beforeEach`), then a call it fails, bouncing (the test): its runs.
 */
async function templateTest(fundedAt: number, deployedAt: number): Promise<BlockchainTransaction[][]> {
  const chain = await Blockchain.create({ uiOptions: { enabled: true }, meta: new MetaMap() });
  chain.now = fundedAt;
  const deployer = await chain.treasury('deployer');
  chain.now = deployedAt;
  const thrower = chain.openContract(Thrower.fromCode(code));
  const deploy = (await thrower.sendDeploy(deployer.getSender(), toNano('1'))).transactions;
  expect(deploy).toHaveLength(2);
  const fails = (await thrower.sendThrow(deployer.getSender(), toNano('0.5'), 77)).transactions;
  expect(fails).toHaveLength(3);
  return [deploy, fails];
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ledgerscope-repeats-'));
  recv = await startReceiverProcess({ LEDGER_DB: join(dir, 'sandbox.db') });
  process.env.SANDBOX_WEBSOCKET_ADDR = recv.ws;
  code = (await compileContracts()).thrower;
});

afterAll(async () => {
  await recv?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('tests that deploy the same contract in beforeEach, each on a new Blockchain', () => {
  const now = Math.floor(Date.now() / 1000);
  /** Each test's runs after the funding (the deploy, the failing call), by the test's name. */
  const tests = new Map<string, BlockchainTransaction[][]>();

  it('first deploys', async () => {
    tests.set('first deploys', await templateTest(now, now));
  });

  it('second deploys in the same second', async () => {
    tests.set('second deploys in the same second', await templateTest(now, now));
  });

  it('third was funded a second earlier', async () => {
    tests.set('third was funded a second earlier', await templateTest(now - 1, now));
  });

  it('makes the same transactions, or some of them: a deployer funded otherwise is another sender of the same messages', () => {
    const [first, second, third] = [...tests.values()];
    const hashes = (runs: BlockchainTransaction[][]) => runs.map((r) => r.map((t) => hex(t.hash())));
    // the same second, the same lts: the very same transactions
    expect(hashes(second!)).toEqual(hashes(first!));
    // funded a second earlier: the deployer's transactions name other previous transactions, so they
    // are other transactions; the messages they send are the same bytes, and so are the thrower's
    // transactions; the bounce back to the deployer is another transaction again
    const [[root1, deploy1], [call1, throw1, bounce1]] = first!;
    const [[root3, deploy3], [call3, throw3, bounce3]] = third!;
    expect(root3!.prevTransactionHash).not.toBe(root1!.prevTransactionHash);
    expect(hex(root3!.hash())).not.toBe(hex(root1!.hash()));
    expect(hex(root3!.outMessages.get(0)!.body.hash())).toBe(hex(root1!.outMessages.get(0)!.body.hash()));
    expect(hex(deploy3!.hash())).toBe(hex(deploy1!.hash()));
    expect(hex(call3!.hash())).not.toBe(hex(call1!.hash()));
    expect(hex(throw3!.hash())).toBe(hex(throw1!.hash()));
    expect(hex(bounce3!.hash())).not.toBe(hex(bounce1!.hash()));
  });

  it('keeps every run under its own test, with all its transactions, each in a viewable trace', async () => {
    await waitForTransactions(
      recv.api,
      [...tests.values()].flat(2).map((t) => hex(t.hash())),
      () => recv.stderr(),
    );
    expect(recv.stderr()).not.toMatch(/refused/);
    // the second test: its runs stored naming the traces the first test's stored
    expect(recv.stderr().match(/: 0 transactions, 0 traces, 1 already in the ledger\n/g)).toHaveLength(3);
    // the third: the deployer's new transaction written, the deploy repeated; then the call and the
    // bounce written, each a trace (the bounce's parent, the failing call, repeated between them)
    expect(recv.stderr()).toMatch(/: 1 transactions, 1 traces, 1 transactions of other runs' traces repeated\n/);
    expect(recv.stderr()).toMatch(/: 2 transactions, 2 traces, 1 transactions of other runs' traces repeated\n/);
    const { files } = await get(`/api/sandbox/tests?path=${encodeURIComponent(import.meta.filename)}`);
    expect(files).toHaveLength(1);
    for (const [name, sentRuns] of tests) {
      const test = files[0].tests.find((t: { name: string }) => t.name.endsWith(name));
      expect(test, `${name} in ${JSON.stringify(files)}`).toBeDefined();
      // the deployer's funding, the deploy, the failing call
      expect(test.runs).toBe(3);
      const { runs } = await get(`/api/sandbox/runs?test=${encodeURIComponent(test.key)}`);
      for (const sent of sentRuns) {
        const want = sent.map((t) => b64(t.hash())).sort();
        const run = runs.find(
          (r: { transactions: { hash: string }[] }) =>
            JSON.stringify(r.transactions.map((t) => t.hash).sort()) === JSON.stringify(want),
        );
        expect(run, `${name}: ${JSON.stringify(runs)}`).toBeDefined();
        const inRun = new Map<string, { trace_id: string; parent_lt: string | null }>(
          run.transactions.map((x: { hash: string; trace_id: string; parent_lt: string | null }) => [x.hash, x]),
        );
        // the run's traces hold its transactions: the root's among them
        const traceIds = run.traces.map((t: { trace_id: string }) => t.trace_id);
        const root = sent.find((t) => !t.parent)!;
        expect(traceIds).toContain(inRun.get(b64(root.hash()))!.trace_id);
        for (const t of sent) {
          // each transaction's parent in this run: sandbox's, though another run stored it first
          const x = inRun.get(b64(t.hash()))!;
          expect(x.parent_lt, `${name}: parent of ${hex(t.hash())}`).toBe(t.parent ? t.parent.lt.toString() : null);
          // one record a hash, found by its hash, in the trace the run names for it, that trace viewable
          const { transactions } = await get(`/api/v3/transactions?hash=${hex(t.hash())}`);
          expect(transactions).toHaveLength(1);
          expect(transactions[0].trace_id).toBe(x.trace_id);
          const { traces } = await get(`/api/v3/traces?trace_id=${b64hex(x.trace_id)}`);
          expect(traces).toHaveLength(1);
          expect(Object.keys(traces[0].transactions)).toContain(b64(t.hash()));
          // its inbound message: found with its sender in this run, and itself, by the message's hash
          if (t.parent) {
            const msg = transactions[0].in_msg.hash;
            const { transactions: ends } = await get(`/api/v3/transactionsByMessage?msg_hash=${b64hex(msg)}`);
            const found = ends.map((e: { hash: string }) => e.hash);
            expect(found).toContain(b64(t.hash()));
            expect(found).toContain(b64(t.parent.hash()));
          }
        }
        // each trace the run wrote: a tree of its transactions from its first, sandbox's links among them
        for (const id of traceIds) {
          const { traces } = await get(`/api/v3/traces?trace_id=${b64hex(id)}`);
          const members = sent.filter((t) => inRun.get(b64(t.hash()))!.trace_id === id);
          expect(traces[0].trace_info.transactions).toBe(members.length);
          const byHash = new Map(members.map((t) => [b64(t.hash()), t]));
          const walk = (node: { tx_hash: string; children: { tx_hash: string }[] }): number => {
            const t = byHash.get(node.tx_hash)!;
            expect(t, `${name}: trace node ${node.tx_hash}`).toBeDefined();
            expect(node.children.map((c) => c.tx_hash)).toEqual(
              t.children.filter((c) => byHash.has(b64(c.hash()))).map((c) => b64(c.hash())),
            );
            return 1 + node.children.reduce((n, c) => n + walk(c as typeof node), 0);
          };
          expect(walk(traces[0].trace)).toBe(members.length);
        }
      }
    }
    // the third test's repeated transactions: in the first test's traces
    const [[root1, deploy1], [call1, throw1]] = tests.get('first deploys')!;
    const [[, deploy3], [, throw3]] = tests.get('third was funded a second earlier')!;
    for (const [t, first] of [
      [deploy3!, root1!],
      [throw3!, call1!],
    ] as const) {
      const { traces } = await get(`/api/v3/traces?tx_hash=${hex(t.hash())}`);
      expect(b64hex(traces[0].trace_id)).toBe(hex(first.hash()));
    }
    expect(hex(deploy3!.hash())).toBe(hex(deploy1!.hash()));
    expect(hex(throw3!.hash())).toBe(hex(throw1!.hash()));
  });

  it('refuses a frame that contradicts the ledger: a stored transaction under another parent', async () => {
    const [[root, deploy]] = tests.get('third was funded a second earlier')!;
    const serialized = serializeTransactions([root!, deploy!]);
    // the deploy, which the ledger holds as the receiver of the deployer's message, said to be a child of lt 1
    const transactions = [serialized.transactions[0]!, { ...serialized.transactions[1]!, parentId: '1' }];
    const frame = { $: 'test-data', testName: 'a contradiction', transactions: JSON.stringify({ transactions }) };
    const answer = await sendFrame(recv.ws, JSON.stringify(frame));
    expect(answer.stored).toBe(false);
    expect(answer.reason).toMatch(/sandbox names lt 1 as its parent/);
  });
});
