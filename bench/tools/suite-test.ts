// One test of the bench's contract test suite (bench/sandbox-suite.ts), as a developer's project
// writes one: a fresh @ton/sandbox chain (as a jest `beforeEach` makes it), two treasuries, a
// deploy, a transfer, a call that fails and bounces, a fan-out of 3 × 2 that deploys its children.
// Run by the suite as a script (sandbox-suite-tests.ts) and as a jest spec (jest-suite/).
import { toNano, type Cell } from '@ton/core';
import { Blockchain } from '@ton/sandbox';
import { Forwarder, MetaMap, Thrower } from '../../src/sandbox/test-support/contracts';

export async function suiteTest(i: number, code: { thrower: Cell; forwarder: Cell }): Promise<void> {
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
