// `npm run sandbox -- --import <folder>` over Acton trace bundles written here in the shape Acton's
// documentation gives (`<test>_trace.json`, `contracts/<name>.json`), from real @ton/sandbox runs of
// our thrower: every transaction stored and found through the API, bad bundles refused with the
// cause while the receiver goes on, and a bundle written later picked up by the watch.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beginCell, fromNano, internal, SendMode, storeMessageRelaxed, toNano, type MessageRelaxed } from '@ton/core';
import { Blockchain, type SandboxContract, type SendMessageResult, type TreasuryContract } from '@ton/sandbox';
import { compileContracts } from '../ledger/contracts/compile';
import { toRaw } from '../ton/address';
import { describeExitCode } from '../ton/exit-codes';
import { checkAgainstSchemas } from '../server/test-support/test-server';
import { actonTrace, refusedExternal, writeActonBundle } from './test-support/acton-trace';
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

/** One trace of a bundle from a real run of `send`: the deployer's and the thrower's states saved. */
const trace = (name: string, send: () => Promise<SendMessageResult>) =>
  actonTrace(chain, [deployer.address, thrower.address], name, send, (raw) =>
    raw === toRaw(thrower.address) ? 'Thrower' : null,
  );

function writeBundle(test: string, ts: { json: unknown }[], more: Record<string, unknown> = {}) {
  const uri = 'file:///project/tests/thrower.test.tolk';
  const wallets = { [deployer.address.toString()]: 'deployer' };
  writeActonBundle(traces, { name: test, uri, wallets, contracts: ['Thrower'] }, ts, more);
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

  it('imports failed message attempts and executor actions: a run of no transaction under its test, a refused send marked', async () => {
    // a real refused external message: the thrower has no recv_external, so the emulator runs it,
    // the contract never accepts it, and no transaction is made (sandbox throws what Acton saves)
    const failure = await refusedExternal(chain, thrower.address);
    expect(failure.exitCode).toBeTypeOf('number');
    const attempt = {
      name: 'external-refused',
      transactions: [],
      failed_messages: [
        {
          error: failure.error,
          vm_log_diff: failure.vmLogs,
          vm_exit_code: failure.exitCode,
          executor_logs: failure.blockchainLogs,
        },
      ],
    };

    // a real refused send: the deployer's two messages in one action list, the second worth more than
    // it holds, so its action phase takes the first and fails on the second with 37 (neither is sent)
    const balance = (await chain.getContract(deployer.address)).balance;
    const sent: MessageRelaxed[] = [
      internal({ to: thrower.address, value: toNano('0.1') }),
      internal({ to: thrower.address, value: balance + toNano('1') }),
    ];
    const overspend = await trace('overspend', () => deployer.sendMessages(sent, SendMode.PAY_GAS_SEPARATELY));
    expect(overspend.txs).toHaveLength(1);
    const spender = overspend.txs[0]!;
    expect(spender.description.type === 'generic' && spender.description.actionPhase?.resultCode).toBe(37);
    // Acton reads these from the executor's log at a level sandbox does not log at: written here in
    // Acton's shape from the transaction's own figures (the source position by hand: no Tolk here)
    const messageHash = (m: MessageRelaxed) =>
      beginCell().store(storeMessageRelaxed(m)).endCell().hash().toString('hex');
    const left = balance - spender.totalFees.coins;
    const remaining = left - toNano('0.1');
    const location = { file: 'contracts/deployer.tolk', line: 12, column: 5, end_line: 12, end_column: 31, length: 26 };
    const actions = [
      { type: 'send_message', hash: messageHash(sent[0]!).toUpperCase(), remaining_balance: left.toString() },
      {
        type: 'send_message',
        hash: messageHash(sent[1]!).toUpperCase(),
        remaining_balance: remaining.toString(),
        location,
        failure_reason: {
          type: 'not_enough_grams_to_send',
          remaining_balance: remaining.toString(),
          required: (balance + toNano('1')).toString(),
        },
        failure_code: 37,
      },
    ];
    const withActions = {
      ...overspend.json,
      transactions: overspend.json.transactions.map((t) => ({ ...t, executor_actions: actions })),
    };
    writeBundle('acton-failures', [{ json: attempt }, { json: withActions }], { skipped_traces_count: 2 });
    await waitForLine(recv, /Acton bundle .*acton-failures_trace\.json: 2 of 2 traces stored \(2 hidden by the test\)/);

    // the run of no transaction is a run of its test, newest first after the refused send
    const tests = await getJson<{ files: { tests: { key: string; name: string; runs: number }[] }[] }>(
      `${recv.api}/api/sandbox/tests`,
    );
    checkAgainstSchemas('/api/sandbox/tests', 200, tests);
    const test = tests.files.flatMap((f) => f.tests).find((t) => t.name === 'acton-failures');
    expect(test).toMatchObject({ runs: 2 });
    const runsPath = `/api/sandbox/runs?test=${encodeURIComponent(test!.key)}`;
    const runs = await getJson<Record<string, any>>(recv.api + runsPath); // eslint-disable-line @typescript-eslint/no-explicit-any -- checked against its schema next
    checkAgainstSchemas(runsPath, 200, runs);
    expect(runs.runs).toHaveLength(2);
    const [spent, attempted] = runs.runs;
    expect(attempted).toMatchObject({
      transactions: [],
      traces: [],
      failed: 0,
      acton: { trace_name: 'external-refused', treasury_deploy: false, hidden_traces: 2 },
      failed_messages: [
        {
          error: failure.error,
          exit_code: failure.exitCode,
          vm_log: failure.vmLogs,
          blockchain_log: failure.blockchainLogs ?? null,
          missing_libraries: [],
        },
      ],
    });
    expect(attempted.failed_messages[0].exit).toEqual(describeExitCode(failure.exitCode!));
    expect(spent).toMatchObject({
      failed: 1,
      failed_messages: [],
      acton: { trace_name: 'overspend', hidden_traces: 0 },
      transactions: [{ hash: spender.hash().toString('base64'), action: { result_code: 37 } }],
    });

    // its blocks are there, empty: the run's seqno names no block it did not make
    const blocks = await getJson<{ blocks: { workchain: number; seqno: number; tx_count: number }[] }>(
      `${recv.api}/api/v3/blocks?mc_seqno=${attempted.seqno}`,
    );
    expect(blocks.blocks.map((b) => [b.workchain, b.seqno, b.tx_count]).sort()).toEqual([
      [-1, attempted.seqno, 0],
      [0, attempted.seqno, 0],
    ]);

    // the refused send's transaction: its executor actions, the refused one marked, in words
    const txPath = `/api/sandbox/transaction?hash=${hex(spender.hash())}`;
    const tx = await getJson<Record<string, any>>(recv.api + txPath); // eslint-disable-line @typescript-eslint/no-explicit-any -- checked against its schema next
    checkAgainstSchemas(txPath, 200, tx);
    expect(tx.executor_actions).toEqual([
      expect.objectContaining({ type: 'send_message', failed: false, failure_code: null, reason: null, at: null }),
      expect.objectContaining({
        type: 'send_message',
        failed: true,
        failure_code: 37,
        failure: expect.objectContaining({ name: 'not enough TON' }),
        reason: `not enough balance: remaining ${fromNano(remaining)} TON, required ${fromNano(balance + toNano('1'))} TON`,
        at: 'contracts/deployer.tolk:12:5',
        location,
        message_hash: Buffer.from(messageHash(sent[1]!), 'hex').toString('base64'),
        remaining_balance: remaining.toString(),
      }),
    ]);
  });

  it('refuses a trace of neither transactions nor failed messages, and a malformed executor action, saying why', async () => {
    writeFileSync(
      join(traces, 'empty-trace_trace.json'),
      JSON.stringify({ name: 'empty', traces: [{ name: 'nothing', transactions: [] }] }),
    );
    await waitForLine(
      recv,
      /Acton bundle .*empty-trace_trace\.json refused: not an Acton trace bundle: traces\.0: a trace of no transactions and no failed messages/,
    );
    writeFileSync(
      join(traces, 'bad-action_trace.json'),
      JSON.stringify({
        name: 'bad-action',
        traces: [
          { transactions: [], failed_messages: [{ error: 'x' }], name: 'a' },
          {
            transactions: [
              {
                raw_transaction: 'AA==',
                executor_actions: [{ type: 'send_message', hash: 'nope', remaining_balance: '1' }],
              },
            ],
          },
        ],
      }),
    );
    await waitForLine(
      recv,
      /Acton bundle .*bad-action_trace\.json refused: not an Acton trace bundle: traces\.1\.transactions\.0\.executor_actions\.0\.hash: a hex hash/,
    );
    const tests = await getJson<{ files: { tests: { name: string }[] }[] }>(`${recv.api}/api/sandbox/tests`);
    const names = tests.files.flatMap((f) => f.tests.map((t) => t.name));
    expect(names).not.toContain('empty');
    expect(names).not.toContain('bad-action');
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
