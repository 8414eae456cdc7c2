// The bench's contract test suite as a script, for bench/sandbox-suite.ts: SUITE_TESTS tests
// (default 12, each suite-test.ts), timed from inside (the test bodies alone; jest-suite/ is the
// same suite under jest, timed as a developer sees it). Sandbox's UI is on when SANDBOX_UI_ENABLED=true (then it
// sends each run to SANDBOX_WEBSOCKET_ADDR with verbose VM logs, as `blueprint test --ui` does).
// SUITE_SALT sets the tests' clocks apart from another suite's; SUITE_VM_LOGS (`vm_logs`, `none`) the
// VM logs a test asks for after the chain is made with the UI on (whose default is `vm_logs_verbose`).
// Prints the suite's time in ms on stdout, the contracts' compile time left out.
import WebSocket from 'ws';
import { compileContracts } from '../../src/ledger/contracts/compile';
import { suiteTest } from './suite-test';

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
  await suiteTest(i, code);
}
const ms = performance.now() - t0;
// sandbox sends without waiting: the last frames' sockets finish before the process exits
await new Promise((resolve) => setTimeout(resolve, 300));
console.log(JSON.stringify({ ms: Math.round(ms) }));
