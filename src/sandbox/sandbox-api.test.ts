// The /api/sandbox operations against real @ton/sandbox runs: a test of this file deploys our
// thrower, makes it fail (exit code 77, the message bounces) and fans a forwarder out, with the UI
// on, against a running `npm run sandbox`; the API's tests, runs, names, transactions, VM logs and
// storage are then checked against what sandbox returned to the test itself. Every answer is held
// to its operation's schema. Expected figures come from sandbox's own objects, never pinned.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { toNano, type Address } from '@ton/core';
import { Blockchain, type BlockchainTransaction } from '@ton/sandbox';
import { compileContracts } from '../ledger/contracts/compile';
import { toRaw } from '../ton/address';
import { describeExitCode } from '../ton/exit-codes';
import { checkAgainstSchemas } from '../server/test-support/test-server';
import { LedgerClient } from '../api/client';
import { waitForTransactions } from './test-support/api';
import { THROWER_ABI } from './test-support/abi';
import { Forwarder, MetaMap, Thrower } from './test-support/contracts';
import { startReceiverProcess, type ReceiverProcess } from './test-support/receiver-process';

(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
(globalThis as { expect?: unknown }).expect ??= expect;

const hex = (b: Buffer) => b.toString('hex');
const equal = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const b64 = (b: Buffer) => b.toString('base64');

let dir: string;
let recv: ReceiverProcess;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, each checked against its schema first
async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(recv.api + path);
  const body = (await res.json()) as unknown;
  checkAgainstSchemas(path, res.status, body);
  return { status: res.status, body };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ledgerscope-sandbox-api-'));
  recv = await startReceiverProcess({ LEDGER_DB: join(dir, 'sandbox.db') });
  process.env.SANDBOX_WEBSOCKET_ADDR = recv.ws;
});

afterAll(async () => {
  await recv?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('/api/sandbox over real sandbox runs', () => {
  /** Each message run the test made (one frame each), oldest first. */
  const runs: BlockchainTransaction[][] = [];
  let deployerAddress: Address;
  let throwTx: BlockchainTransaction;
  let testKey: string;
  const testName = 'a deploy, a failing call that bounces and a fan-out';

  it(testName, async () => {
    const code = await compileContracts();
    const chain = await Blockchain.create({ uiOptions: { enabled: true }, meta: new MetaMap() });
    chain.recordStorage = true;
    const deployer = await chain.treasury('deployer');
    deployerAddress = deployer.address;
    // the treasury's funding is a run of its own, of one transaction: sandbox says so by its balance
    expect((await chain.getContract(deployer.address)).balance).toBeGreaterThan(0n);
    const thrower = chain.openContract(Thrower.fromCode(code.thrower));
    const forwarder = chain.openContract(Forwarder.fromCode(code.forwarder, 5n));
    runs.push((await thrower.sendDeploy(deployer.getSender(), toNano('1'))).transactions);
    runs.push((await thrower.sendThrow(deployer.getSender(), toNano('0.5'), 77)).transactions);
    runs.push((await forwarder.sendFan(deployer.getSender(), toNano('3'), 2, 1)).transactions);
    throwTx = runs[1]!.find((t) => t.address.toString(16) === hex(thrower.address.hash))!;
    expect(throwTx.description.type === 'generic' && throwTx.description.computePhase.type === 'vm').toBe(true);
    await waitForTransactions(
      recv.api,
      runs.flat().map((t) => hex(t.hash())),
      () => recv.stderr(),
    );
  });

  it('lists the test under its file, with its runs', async () => {
    const { status, body } = await get('/api/sandbox/tests');
    expect(status).toBe(200);
    const file = body.files.find((f: { path: string | null }) => f.path?.endsWith('sandbox-api.test.ts'));
    expect(file, JSON.stringify(body)).toBeDefined();
    const test = file.tests.find((t: { name: string | null }) => t.name?.endsWith(testName));
    expect(test, JSON.stringify(file)).toBeDefined();
    // the treasury's funding and the three sends
    expect(test.runs).toBe(runs.length + 1);
    expect(test.last_seqno).toBe(body.latest_seqno);
    testKey = test.key;
    // the same test by its file
    const byPath = await get(`/api/sandbox/tests?path=${encodeURIComponent(file.path)}`);
    expect(byPath.body.files.map((f: { path: string }) => f.path)).toEqual([file.path]);
  });

  it("gives the test's runs newest first, each transaction's outcome and gas as sandbox ran it", async () => {
    const { status, body } = await get(`/api/sandbox/runs?test=${encodeURIComponent(testKey)}`);
    expect(status).toBe(200);
    expect(body.runs.length).toBe(runs.length + 1);
    const seqnos = body.runs.map((r: { seqno: number }) => r.seqno);
    expect(seqnos).toEqual([...seqnos].sort((a, b) => b - a));
    // each send is a run of its own: sandbox opens a connection a frame and does not wait, so the
    // runs are numbered in the order their frames arrived, not always the order sent
    const hashesOf = (txs: { hash: string }[]) => txs.map((t) => t.hash).sort();
    const newest = runs.map((sent) => {
      const want = sent.map((t) => b64(t.hash())).sort();
      return body.runs.find((r: { transactions: { hash: string }[] }) => equal(hashesOf(r.transactions), want));
    });
    runs.forEach((sent, i) => {
      const run = newest[i];
      expect(run, `run ${i} of the test`).toBeDefined();
      let gas = 0n;
      let failed = 0;
      for (const t of sent) {
        const got = run.transactions.find((x: { hash: string }) => x.hash === b64(t.hash()));
        expect(got.lt).toBe(t.lt.toString());
        expect(got.parent_lt).toBe(t.parent ? t.parent.lt.toString() : null);
        const d = t.description;
        if (d.type !== 'generic') throw new Error(`sandbox ran a ${d.type} transaction`);
        const c = d.computePhase;
        if (c.type === 'skipped') {
          expect(got.compute).toEqual({ skipped: true, reason: c.reason.replace('-', '_') });
        } else {
          expect(got.compute.success).toBe(c.success);
          expect(got.compute.exit_code).toBe(c.exitCode);
          expect(got.compute.exit).toEqual(describeExitCode(c.exitCode));
          expect(BigInt(got.compute.gas_used)).toBe(c.gasUsed);
          gas += c.gasUsed;
        }
        const isFailed = (c.type === 'vm' && !c.success) || d.actionPhase?.success === false;
        expect(got.failed).toBe(isFailed);
        if (isFailed) failed++;
        expect(BigInt(got.total_fees)).toBe(t.totalFees.coins);
      }
      expect(BigInt(run.gas_used)).toBe(gas);
      expect(run.failed).toBe(failed);
      expect(run.traces.map((x: { trace_id: string }) => x.trace_id)).toEqual([
        b64(sent.find((t) => !t.parent)!.hash()),
      ]);
    });
    // the failing call: exit code 77, the contract's own, and its bounce received by the deployer
    const failing = newest[1].transactions.find((t: { hash: string }) => t.hash === b64(throwTx.hash()));
    expect(failing).toMatchObject({ failed: true, compute: { skipped: false, success: false, exit_code: 77 } });
    expect(failing.compute.exit.name).toBe('contract error');
    expect(newest[1].transactions.some((t: { in_msg_bounced: boolean }) => t.in_msg_bounced)).toBe(true);

    // one run by its seqno is the same run
    const one = await get(`/api/sandbox/runs?seqno=${newest[1].seqno}`);
    expect(one.body.runs).toEqual([newest[1]]);
    expect(one.body.test.key).toBe(testKey);
    // a page of one, the second newest
    const page = await get(`/api/sandbox/runs?test=${encodeURIComponent(testKey)}&limit=1&offset=1`);
    expect(page.body.runs.map((r: { seqno: number }) => r.seqno)).toEqual([seqnos[1]]);
  });

  it('names the addresses of the test: wrapper names and treasury seeds, by test, run or trace', async () => {
    const code = await compileContracts();
    const thrower = Thrower.fromCode(code.thrower).address;
    const forwarder = Forwarder.fromCode(code.forwarder, 5n).address;
    const byTest = await get(`/api/sandbox/names?test=${encodeURIComponent(testKey)}`);
    expect(byTest.body.test_key).toBe(testKey);
    const names = byTest.body.names;
    expect(names[toRaw(deployerAddress)]).toMatchObject({ treasury_seed: 'deployer' });
    expect(names[toRaw(thrower)]).toMatchObject({ wrapper_name: 'Thrower', treasury_seed: null });
    expect(names[toRaw(forwarder)]).toMatchObject({ wrapper_name: 'Forwarder' });
    const root = runs[2]!.find((t) => !t.parent)!;
    const byTrace = await get(`/api/sandbox/names?trace_id=${hex(root.hash())}`);
    expect(byTrace.body).toEqual(byTest.body);
    const runsAnswer = await get(`/api/sandbox/runs?test=${encodeURIComponent(testKey)}&limit=1`);
    expect(runsAnswer.body.names).toEqual(names);
  });

  it("gives a transaction's logs, links and storage before and after as sandbox sent them", async () => {
    const { status, body } = await get(`/api/sandbox/transaction?hash=${hex(throwTx.hash())}`);
    expect(status).toBe(200);
    expect(body.transaction.hash).toBe(b64(throwTx.hash()));
    expect(body.test_key).toBe(testKey);
    expect(body.trace_id).toBe(b64(runs[1]!.find((t) => !t.parent)!.hash()));
    expect(body.children_lts).toEqual(throwTx.children.map((c) => c.lt.toString()));
    expect(body.blockchain_log).toBe(throwTx.blockchainLogs || null);
    expect(body.debug_log).toBe(throwTx.debugLogs || null);
    const lines = throwTx.vmLogs.split('\n').filter((l) => l.trim() !== '');
    expect(body.vm_log).toMatchObject({ lines: lines.length, bytes: Buffer.byteLength(throwTx.vmLogs) });
    expect(body.vm_log.steps).toBe(lines.filter((l) => l.trim().startsWith('execute ')).length);
    expect(body.storage.before.hash).toBe(b64(throwTx.oldStorage!.hash()));
    expect(body.storage.after.hash).toBe(b64(throwTx.newStorage!.hash()));
    expect(Buffer.from(body.storage.before.boc, 'base64').equals(throwTx.oldStorage!.toBoc())).toBe(true);
    expect(body.name).toMatchObject({ wrapper_name: 'Thrower' });
  });

  it('decodes the storage and the bodies by the Tact ABI sandbox sent with each wrapper', async () => {
    const code = await compileContracts();
    const thrower = Thrower.fromCode(code.thrower);
    const { body } = await get(`/api/sandbox/transaction?hash=${hex(throwTx.hash())}`);
    expect(body.name).toMatchObject({ wrapper_name: 'Thrower', has_abi: true });
    expect(body.abi).toEqual(JSON.parse(JSON.stringify(THROWER_ABI)));
    // the thrower's data, one uint32 as the contract was deployed with, before and after the failure
    const marker = thrower.init!.data.beginParse().preloadUint(32).toString();
    const storage = {
      type: 'Thrower$Data',
      layout: 'fields (Tact 1.6, contract parameters)',
      fields: [{ path: 'marker', type: 'uint32', kind: 'int', value: marker }],
    };
    expect(body.abi_decoded.storage).toEqual({ before: storage, after: storage });
    // its inbound body, read by its own ABI: the exit code the test asked for
    const inBody = throwTx.inMessage!.body.beginParse();
    inBody.skip(32);
    expect(body.abi_decoded.messages).toEqual([
      {
        direction: 'in',
        index: 0,
        hash: expect.any(String),
        abi_of: toRaw(thrower.address),
        decoded: {
          type: 'ThrowExit',
          layout: null,
          fields: [
            { path: 'queryId', type: 'uint64', kind: 'int', value: inBody.loadUintBig(64).toString() },
            { path: 'exitCode', type: 'uint16', kind: 'int', value: '77' },
          ],
        },
      },
    ]);
    // the fan-out: the forwarder's out messages are its own type, read by its ABI, depth one less
    const root = runs[2]!.find((t) => t.parent === undefined || t.parent === null)!;
    const fwd = runs[2]!.find((t) => t.parent?.hash().equals(root.hash()))!;
    const fan = await get(`/api/sandbox/transaction?hash=${hex(fwd.hash())}`);
    const out = fan.body.abi_decoded.messages.filter((m: { direction: string }) => m.direction === 'out');
    expect(out.length).toBe(fwd.outMessagesCount);
    expect(out.length).toBe(2);
    for (const m of out) {
      expect(m.abi_of).toBe(toRaw(Forwarder.fromCode(code.forwarder, 5n).address));
      expect(m.decoded.type).toBe('ForwardFan');
      expect(m.decoded.fields.map((f: { path: string; value: string }) => [f.path, f.value])).toEqual([
        ['queryId', '0'],
        ['width', '2'],
        ['depth', '0'],
      ]);
    }
    // the deployer's wallet has no ABI: nothing of its storage is read
    const deployerTx = runs[2]!.find((t) => t.address.toString(16) === hex(deployerAddress.hash))!;
    const plain = await get(`/api/sandbox/transaction?hash=${hex(deployerTx.hash())}`);
    expect(plain.body.abi_decoded.storage).toEqual({ before: null, after: null });
  });

  it('serves the VM log in pages of steps, the failing instruction marked, searchable', async () => {
    const lines = throwTx.vmLogs.split('\n').map((l) => l.trim());
    const executed = lines.filter((l) => l.startsWith('execute ')).map((l) => l.slice('execute '.length));
    const gasLeft = lines.filter((l) => l.startsWith('gas remaining: ')).map((l) => Number(l.slice(15)));
    const first = await get(`/api/sandbox/vmLog?hash=${hex(throwTx.hash())}&limit=5`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ has_log: true, total_steps: executed.length, offset: 0, exit_code: 77 });
    expect(first.body.steps.map((s: { instruction: string }) => s.instruction)).toEqual(executed.slice(0, 5));
    expect(first.body.steps.map((s: { gas_remaining: number }) => s.gas_remaining)).toEqual(gasLeft.slice(0, 5));
    for (const s of first.body.steps.slice(1)) expect(s.stack).toMatch(/^\[.*\]$/);
    // the failing step: the THROWANY that raised 77
    const failed = first.body.failed_step as number;
    const at = await get(`/api/sandbox/vmLog?hash=${hex(throwTx.hash())}&offset=${failed}&limit=1`);
    expect(at.body.steps[0].index).toBe(failed);
    expect(at.body.steps[0].instruction).toMatch(/THROW/);
    expect(at.body.steps[0].notes.join('\n')).toMatch(/terminating vm with exit code 77/);
    // the last page is short
    const last = await get(`/api/sandbox/vmLog?hash=${hex(throwTx.hash())}&offset=${executed.length - 2}`);
    expect(last.body.steps.length).toBe(2);
    // a search lists every step matching, the failing one among them
    const found = await get(`/api/sandbox/vmLog?hash=${hex(throwTx.hash())}&q=throw&limit=1`);
    const expected = executed.map((e, i) => [e, i] as const).filter(([e]) => /throw/i.test(e));
    expect(found.body.matches.total).toBeGreaterThanOrEqual(expected.length);
    expect(found.body.matches.steps).toEqual(expect.arrayContaining(expected.map(([, i]) => i)));
    expect(found.body.matches.steps).toContain(failed);
  });

  it("is read by the explorer's client: each answer through its reader, as the API sent it", async () => {
    const c = new LedgerClient({ baseUrl: recv.api });
    const h = hex(throwTx.hash());
    const raw = async (path: string) => (await get(path)).body;
    expect(await c.getSandboxTests({})).toEqual(await raw('/api/sandbox/tests'));
    expect(await c.getSandboxRuns({ test: testKey })).toEqual(
      await raw(`/api/sandbox/runs?test=${encodeURIComponent(testKey)}`),
    );
    expect(await c.getSandboxNames({ test: testKey })).toEqual(
      (await raw(`/api/sandbox/names?test=${encodeURIComponent(testKey)}`)).names,
    );
    expect(await c.getSandboxTransaction({ hash: h })).toEqual(await raw(`/api/sandbox/transaction?hash=${h}`));
    expect(await c.getSandboxVmLog({ hash: h, q: 'THROW', limit: 3 })).toEqual(
      await raw(`/api/sandbox/vmLog?hash=${h}&q=THROW&limit=3`),
    );
    await expect(c.getSandboxRuns({ test: 'id:nobody' })).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      message: 'no test has the key "id:nobody"',
    });
  });

  it('refuses bad parameters with a 422 naming them, and says what it does not have with a 404', async () => {
    const h = hex(throwTx.hash());
    const bad: [string, RegExp][] = [
      ['/api/sandbox/runs', /test, seqno: give exactly one/],
      [`/api/sandbox/runs?test=x&seqno=1`, /test, seqno: give exactly one/],
      ['/api/sandbox/runs?test=', /parameter test must not be empty/],
      ['/api/sandbox/runs?seqno=-1', /parameter seqno/],
      ['/api/sandbox/vmLog?hash=zz', /parameter hash/],
      [`/api/sandbox/vmLog?hash=${h}&limit=0`, /parameter limit/],
      [`/api/sandbox/vmLog?hash=${h}&q=`, /parameter q must not be empty/],
      [`/api/sandbox/transaction?hash=${h}&extra=1`, /unknown parameter "extra"/],
      ['/api/sandbox/names?test=a&seqno=1', /test, seqno, trace_id: give exactly one/],
      ['/api/sandbox/tests?limit=1001', /parameter limit/],
    ];
    for (const [path, message] of bad) {
      const r = await get(path);
      expect(r.status, path).toBe(422);
      expect(r.body.error, path).toMatch(message);
    }
    const missing: [string, RegExp][] = [
      ['/api/sandbox/runs?test=id:nobody', /no test has the key "id:nobody"/],
      ['/api/sandbox/runs?seqno=999999', /no run is stored at seqno 999999/],
      [`/api/sandbox/transaction?hash=${'00'.repeat(32)}`, /no run stored the transaction/],
      [`/api/sandbox/vmLog?hash=${'00'.repeat(32)}`, /no run stored the transaction/],
      [`/api/sandbox/names?trace_id=${'00'.repeat(32)}`, /no run stored the trace/],
    ];
    for (const [path, message] of missing) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.body.error, path).toMatch(message);
    }
  });
});
