// A contract test suite as a developer's project runs it, for bench/sandbox-suite.ts: SUITE_TESTS
// tests (default 12), each on a fresh @ton/sandbox chain as a jest `beforeEach` makes one: deploy a
// thrower and a forwarder, a transfer between treasuries, a call that fails and bounces, a fan-out
// of 3 × 2 that deploys its children. Sandbox's UI is on when SANDBOX_UI_ENABLED=true (then it
// sends each run to SANDBOX_WEBSOCKET_ADDR with verbose VM logs, as `blueprint test --ui` does).
// SUITE_SALT sets the tests' clocks apart from another suite's; SUITE_VM_LOGS (`vm_logs`, `none`) the
// VM logs a test asks for after the chain is made with the UI on (whose default is `vm_logs_verbose`).
// Prints the suite's time in ms on stdout, the contracts' compile time left out.
import WebSocket from 'ws';
import { toNano } from '@ton/core';
import { Blockchain } from '@ton/sandbox';
import { compileContracts } from '../../src/ledger/contracts/compile';
import { Forwarder, MetaMap, Thrower } from '../../src/sandbox/test-support/contracts';

const TESTS = Number(process.env.SUITE_TESTS ?? 12);
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
let current = '';
// sandbox names each run's test from jest's global `expect`: the same here, one name per test
(globalThis as { expect?: unknown }).expect = {
  getState: () => ({ testId: undefined, currentTestName: current, testPath: import.meta.filename }),
};

const code = await compileContracts();
const t0 = performance.now();
for (let i = 0; i < TESTS; i++) {
  current = `suite test ${i}`;
  const chain = await Blockchain.create({ meta: new MetaMap() });
  // a clock of each test's own (SUITE_SALT apart between suites): no two runs are the same run, which
  // a receiver would store once
  chain.now = 1_800_000_000 + Number(process.env.SUITE_SALT ?? 0) * 10_000 + i * 100;
  // the UI sets verbose VM logs (every instruction, its stack); a suite may ask for less after
  if (process.env.SUITE_VM_LOGS && process.env.SANDBOX_UI_ENABLED === 'true')
    chain.verbosity = { ...chain.verbosity, vmLogs: process.env.SUITE_VM_LOGS as 'none' };
  const deployer = await chain.treasury('deployer');
  const other = await chain.treasury('other');
  const thrower = chain.openContract(Thrower.fromCode(code.thrower));
  const forwarder = chain.openContract(Forwarder.fromCode(code.forwarder, BigInt(i + 1)));
  await thrower.sendDeploy(deployer.getSender(), toNano('1'));
  await deployer.send({ to: other.address, value: toNano('2'), bounce: false });
  const failed = await thrower.sendThrow(deployer.getSender(), toNano('0.5'), 77);
  const fan = await forwarder.sendFan(deployer.getSender(), toNano('5'), 3, 2);
  // what a test asserts: the bounce came back, the fan-out reached every child
  if (failed.transactions.length !== 3)
    throw new Error(`the failing call ran ${failed.transactions.length} transactions`);
  if (fan.transactions.length !== 14) throw new Error(`the fan-out ran ${fan.transactions.length} transactions`);
}
const ms = performance.now() - t0;
// sandbox sends without waiting: the last frames' sockets finish before the process exits
await new Promise((resolve) => setTimeout(resolve, 300));
console.log(JSON.stringify({ ms: Math.round(ms) }));
