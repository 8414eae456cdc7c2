// What a fixture's spec saw, for setups.test.ts to look up through the API: the test's name and file
// as its tool reports them (sandbox names each run from the same `expect.getState()`), and the hashes
// of the run's transactions, one JSON line a run appended to the file SETUPS_OBSERVED.
import { appendFileSync } from 'node:fs';
import type { BlockchainTransaction } from '@ton/sandbox';

type State = { currentTestName?: string; testPath?: string };

export function observe(transactions: BlockchainTransaction[]): void {
  const { currentTestName, testPath } = (globalThis as unknown as { expect: { getState(): State } }).expect.getState();
  const hashes = transactions.map((t) => t.hash().toString('hex'));
  appendFileSync(
    process.env.SETUPS_OBSERVED!,
    `${JSON.stringify({ name: currentTestName, path: testPath, hashes })}\n`,
  );
}
