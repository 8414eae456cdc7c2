// `npm run sandbox -- --import <folder>` over Acton trace bundles written here in the shape Acton's
// documentation gives (`<test>_trace.json`, `contracts/<name>.json`), from real @ton/sandbox runs of
// our thrower: every transaction stored and found through the API, bad bundles refused with the
// cause while the receiver goes on, and a bundle written later picked up by the watch.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Address, beginCell, storeShardAccount, toNano } from '@ton/core';
import {
  Blockchain,
  type BlockchainTransaction,
  type SandboxContract,
  type SendMessageResult,
  type TreasuryContract,
} from '@ton/sandbox';
import { compileContracts } from '../ledger/contracts/compile';
import { toRaw } from '../ton/address';
import { checkAgainstSchemas } from '../server/test-support/test-server';
import { getJson, waitForTransactions } from './test-support/api';
import { THROWER_ABI } from './test-support/abi';
import { Thrower } from './test-support/contracts';
import { runReceiver, startReceiverProcess, waitForLine, type ReceiverProcess } from './test-support/receiver-process';

const hex = (b: Buffer) => b.toString('hex');

let dir: string;
let traces: string;
let recv: ReceiverProcess;
let chain: Blockchain;
let deployer: SandboxContract<TreasuryContract>;
let thrower: SandboxContract<Thrower>;

/** The account's ShardAccount now, base64, as Acton saves it. */
async function shardAccount(a: Address): Promise<string> {
  const sc = await chain.getContract(a);
  return beginCell().store(storeShardAccount(sc.account)).endCell().toBoc().toString('base64');
}

/** One trace of a bundle from a real run: each transaction's BOC as it ran, links, logs, states. */
async function trace(name: string, send: () => Promise<SendMessageResult>) {
  const parties = [deployer.address, thrower.address];
  const before = new Map(await Promise.all(parties.map(async (a) => [toRaw(a), await shardAccount(a)] as const)));
  const txs = (await send()).transactions;
  const after = new Map(await Promise.all(parties.map(async (a) => [toRaw(a), await shardAccount(a)] as const)));
  const account = (t: BlockchainTransaction) =>
    toRaw(new Address(0, Buffer.from(t.address.toString(16).padStart(64, '0'), 'hex')));
  const first = (a: string) => txs.findIndex((t) => account(t) === a);
  const last = (a: string) => txs.findLastIndex((t) => account(t) === a);
  return {
    txs,
    json: {
      name,
      transactions: txs.map((t, i) => ({
        lt: t.lt.toString(),
        raw_transaction: t.raw.toBoc().toString('base64'),
        parent_transaction: t.parent ? t.parent.lt.toString() : null,
        child_transactions: t.children.map((c) => c.lt.toString()),
        ...(first(account(t)) === i ? { shard_account_before: before.get(account(t)) } : {}),
        ...(last(account(t)) === i ? { shard_account: after.get(account(t)) } : {}),
        vm_log_diff: t.vmLogs,
        executor_logs: t.blockchainLogs,
        executor_actions: [],
        dest_contract_info: account(t) === toRaw(thrower.address) ? 'Thrower' : null,
      })),
    },
  };
}

function writeBundle(test: string, ts: { json: unknown }[]) {
  const bundle = {
    name: test,
    pos: { uri: 'file:///project/tests/thrower.test.tolk', row: 1, column: 1 },
    contracts: ['Thrower'],
    wallets: { [deployer.address.toString()]: 'deployer' },
    traces: ts.map((t) => t.json),
  };
  writeFileSync(join(traces, `${test}_trace.json`), JSON.stringify(bundle, null, 2));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ledgerscope-acton-'));
  traces = join(dir, 'build', 'traces');
  mkdirSync(join(traces, 'contracts'), { recursive: true });
  const code = await compileContracts();
  chain = await Blockchain.create();
  chain.recordStorage = true;
  deployer = await chain.treasury('deployer');
  thrower = chain.openContract(Thrower.fromCode(code.thrower));
  writeFileSync(
    join(traces, 'contracts', 'Thrower.json'),
    JSON.stringify({
      name: 'Thrower',
      code_boc64: code.thrower.toBoc().toString('base64'),
      source_map: null,
      abi: THROWER_ABI,
      compiler_abi: null,
    }),
  );
});

afterAll(async () => {
  await recv?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('Acton trace bundles', () => {
  let deploy: Awaited<ReturnType<typeof trace>>;
  let thrown: Awaited<ReturnType<typeof trace>>;

  it('imports a folder of bundles at start: every transaction stored, under its test, with names and ABI', async () => {
    deploy = await trace('deploy-thrower', () => thrower.sendDeploy(deployer.getSender(), toNano('1')));
    thrown = await trace('throw-77', () => thrower.sendThrow(deployer.getSender(), toNano('0.5'), 77));
    writeBundle('thrower-fails', [deploy, thrown]);
    recv = await startReceiverProcess({ LEDGER_DB: join(dir, 'sandbox.db') }, ['--import', traces]);
    const all = [...deploy.txs, ...thrown.txs].map((t) => hex(t.hash()));
    await waitForTransactions(recv.api, all, () => recv.stderr());
    await waitForLine(recv, /Acton bundle .*thrower-fails_trace\.json: 2 of 2 traces stored/);

    const tests = await getJson<{ files: { path: string; tests: { key: string; name: string; runs: number }[] }[] }>(
      `${recv.api}/api/sandbox/tests`,
    );
    checkAgainstSchemas('/api/sandbox/tests', 200, tests);
    expect(tests.files).toEqual([
      expect.objectContaining({
        path: 'file:///project/tests/thrower.test.tolk',
        tests: [expect.objectContaining({ name: 'thrower-fails', runs: 2 })],
      }),
    ]);
    const key = tests.files[0]!.tests[0]!.key;
    const names = await getJson<{ names: Record<string, unknown> }>(
      `${recv.api}/api/sandbox/names?test=${encodeURIComponent(key)}`,
    );
    expect(names.names[toRaw(deployer.address)]).toMatchObject({ treasury_seed: 'deployer' });
    expect(names.names[toRaw(thrower.address)]).toMatchObject({ wrapper_name: 'Thrower', has_abi: true });

    // the failing call: its outcome, its VM log, its storage and body read by the contract file's ABI
    const failing = thrown.txs.find((t) => t.address.toString(16) === hex(thrower.address.hash))!;
    const path = `/api/sandbox/transaction?hash=${hex(failing.hash())}`;
    const tx = await getJson<Record<string, any>>(recv.api + path); // eslint-disable-line @typescript-eslint/no-explicit-any -- checked against its schema next
    checkAgainstSchemas(path, 200, tx);
    expect(tx.transaction).toMatchObject({ failed: true, compute: { exit_code: 77 } });
    expect(tx.vm_log.bytes).toBe(Buffer.byteLength(failing.vmLogs));
    expect(tx.blockchain_log).toBe(failing.blockchainLogs || null);
    expect(tx.children_lts).toEqual(failing.children.map((c) => c.lt.toString()));
    expect(Buffer.from(tx.storage.after.boc, 'base64').equals(failing.newStorage!.toBoc())).toBe(true);
    expect(tx.abi_decoded.storage.after.fields).toEqual([{ path: 'marker', type: 'uint32', kind: 'int', value: '7' }]);
    expect(tx.abi_decoded.messages[0].decoded.fields[1]).toEqual({
      path: 'exitCode',
      type: 'uint16',
      kind: 'int',
      value: '77',
    });
  });

  it('refuses a bundle that does not read, saying why, and goes on', async () => {
    writeFileSync(join(traces, 'garbage_trace.json'), 'not json at all');
    await waitForLine(recv, /Acton bundle .*garbage_trace\.json refused: not JSON/);
    writeFileSync(
      join(traces, 'bad-boc_trace.json'),
      JSON.stringify({ name: 'bad', traces: [{ transactions: [{ raw_transaction: 'not base64!' }] }] }),
    );
    await waitForLine(
      recv,
      /Acton bundle .*bad-boc_trace\.json refused: not an Acton trace bundle: traces\.0\.transactions\.0\.raw_transaction: a base64 BOC/,
    );
    const notATransaction = beginCell().storeUint(5, 8).endCell().toBoc().toString('base64');
    writeFileSync(
      join(traces, 'not-tx_trace.json'),
      JSON.stringify({ name: 'not-tx', traces: [{ transactions: [{ raw_transaction: notATransaction }] }] }),
    );
    await waitForLine(
      recv,
      /Acton bundle .*not-tx_trace\.json refused: traces\.0\.transactions\.0\.raw_transaction: not a Transaction/,
    );
    expect(recv.child.exitCode).toBeNull();
    expect((await fetch(`${recv.api}/api/sandbox/tests`)).status).toBe(200);
  });

  it('picks up a bundle written to the folder later', async () => {
    const again = await trace('throw-78', () => thrower.sendThrow(deployer.getSender(), toNano('0.5'), 78));
    writeBundle('thrower-fails-again', [again]);
    await waitForTransactions(
      recv.api,
      again.txs.map((t) => hex(t.hash())),
      () => recv.stderr(),
    );
    await waitForLine(recv, /Acton bundle .*thrower-fails-again_trace\.json: 1 of 1 traces stored/);
  });

  it('says what is wrong with --import and exits, nothing listening', async () => {
    const missing = runReceiver({ LEDGER_DB: join(dir, 'other.db') }, ['--import', join(dir, 'nowhere')]);
    expect(await missing.exited).toBe(1);
    expect(missing.stderr()).toMatch(/ledgerscope: --import .*nowhere: not a folder/);
    const bare = runReceiver({ LEDGER_DB: join(dir, 'other.db') }, ['--import']);
    expect(await bare.exited).toBe(1);
    expect(bare.stderr()).toMatch(/ledgerscope: --import needs a folder/);
  });
});
