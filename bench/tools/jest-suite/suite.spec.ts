// The bench's contract test suite under jest, as a developer's project runs it (`npx jest`, the UI
// on with SANDBOX_UI_ENABLED=true): bench/sandbox-suite.ts times the whole command. The contracts'
// code comes compiled (THROWER_CODE, FORWARDER_CODE), as a project's build holds it.
import { it } from '@jest/globals';
import { Cell } from '@ton/core';
import { suiteTest } from '../suite-test';

const code = {
  thrower: Cell.fromBase64(process.env.THROWER_CODE!),
  forwarder: Cell.fromBase64(process.env.FORWARDER_CODE!),
};

for (let i = 0; i < Number(process.env.SUITE_TESTS ?? 12); i++) it(`suite test ${i}`, () => suiteTest(i, code));
