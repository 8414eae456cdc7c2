// The setups docs/sandbox.md "Running it" gives, each run for real: plain jest with
// SANDBOX_UI_ENABLED=true, `blueprint test --ui` (sandbox's jest setup file) and vitest, each the real
// tool as a child process over a contracts project in test-support/setups/, sending to the real
// receiver. Each spec writes down what it saw (the test's name and file, each run's transaction
// hashes: setups/observe.ts), and the API must have every run under that test, and nothing more than
// the runs sandbox makes (each treasury's funding is a run of its own).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileContracts } from '../ledger/contracts/compile';
import { getJson, waitForTransactions } from './test-support/api';
import { startReceiverProcess, type ReceiverProcess } from './test-support/receiver-process';

const SETUPS = join(process.cwd(), 'src', 'sandbox', 'test-support', 'setups');

interface Observed {
  name: string;
  path: string;
  hashes: string[];
}
interface ApiTest {
  key: string;
  id: string | null;
  name: string;
  path: string;
  runs: number;
}
interface ApiRun {
  seqno: number;
  transactions: { hash: string }[];
}

const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');
const sorted = (hashes: string[]) => [...hashes].sort();

describe('the setup of each test tool, run for real against the receiver', () => {
  let dir: string;
  let recv: ReceiverProcess;
  let throwerCode: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ledgerscope-setups-'));
    recv = await startReceiverProcess({ LEDGER_DB: join(dir, 'sandbox.db') });
    throwerCode = (await compileContracts()).thrower.toBoc().toString('base64');
  });

  afterAll(async () => {
    await recv?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `npx <args>` in the tool's project as a developer would, and returns what its specs saw. */
  async function runTool(tool: string, args: string[], env: Record<string, string> = {}): Promise<Observed[]> {
    const observedFile = join(dir, `${tool}.jsonl`);
    // this process's own vitest variables would make the vitest run below take itself for a worker
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
    const child = spawn('npx', args, {
      cwd: join(SETUPS, tool),
      env: {
        ...inherited,
        SANDBOX_WEBSOCKET_ADDR: recv.ws,
        SETUPS_OBSERVED: observedFile,
        THROWER_CODE: throwerCode,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, `npx ${args.join(' ')} said:\n${out}`).toBe(0);
    return readFileSync(observedFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Observed);
  }

  /**
   * Every run a spec saw is a run of its test in the API, hash for hash, and each test has exactly
   * `runs` runs (the ones seen plus the treasuries' fundings); the tests are keyed by sandbox's UUID
   * when the tool ran sandbox's jest setup, else by file and name.
   */
  async function expectStored(observed: Observed[], file: string, runs: Record<string, number>, byId: boolean) {
    await waitForTransactions(
      recv.api,
      observed.flatMap((o) => o.hashes),
      () => recv.stderr(),
    );
    const { files } = await getJson<{ files: { path: string; tests: ApiTest[] }[] }>(
      `${recv.api}/api/sandbox/tests?path=${encodeURIComponent(file)}`,
    );
    expect(files.map((f) => f.path)).toEqual([file]);
    const tests = files[0]!.tests;
    expect(Object.fromEntries(tests.map((t) => [t.name, t.runs]))).toEqual(runs);
    for (const test of tests) {
      expect(test.id !== null, test.key).toBe(byId);
      const { runs: stored } = await getJson<{ runs: ApiRun[] }>(
        `${recv.api}/api/sandbox/runs?test=${encodeURIComponent(test.key)}`,
      );
      expect(stored.length).toBe(test.runs);
      const seen = observed.filter((o) => o.name === test.name);
      expect(seen.length).toBeGreaterThan(0);
      for (const o of seen) {
        const want = sorted(o.hashes.map(b64));
        expect(
          stored.filter((r) => JSON.stringify(sorted(r.transactions.map((t) => t.hash))) === JSON.stringify(want)),
          `${test.name}: run ${want.join(',')}`,
        ).toHaveLength(1);
      }
    }
  }

  it('plain jest with SANDBOX_UI_ENABLED=true: every run under its test, by file and name', async () => {
    const file = join(SETUPS, 'jest', 'transfer.spec.ts');
    const observed = await runTool('jest', ['jest'], { SANDBOX_UI_ENABLED: 'true' });
    expect(observed.map((o) => [o.name, o.path, o.hashes.length])).toEqual([['sends a transfer', file, 2]]);
    // two treasuries funded, one transfer
    await expectStored(observed, file, { 'sends a transfer': 3 }, false);
  });

  it('blueprint test --ui: each test of the file under its own UUID, our contract deployed in beforeEach and failing', async () => {
    const file = join(SETUPS, 'blueprint', 'thrower.spec.ts');
    const observed = await runTool('blueprint', ['blueprint', 'test', '--ui']);
    const deploys = 'Thrower deploys';
    const fails = 'Thrower fails a call with the exit code asked for';
    expect(observed.map((o) => [o.name, o.path, o.hashes.length])).toEqual([
      [deploys, file, 2],
      [fails, file, 2],
      [fails, file, 3],
    ]);
    // each test: the deployer funded, the deploy (the same transactions as the first test's, or some
    // of them, when within its second), then the failing call and its bounce
    await expectStored(observed, file, { [deploys]: 2, [fails]: 3 }, true);
  });

  it("vitest with sandbox's jest setup under vitest's globals: every run of the file, the last one too", async () => {
    const file = join(SETUPS, 'vitest', 'transfer.spec.ts');
    const observed = await runTool('vitest', ['vitest', 'run']);
    const name = 'vitest > deploys the thrower and pays a friend';
    expect(observed.map((o) => [o.name, o.path, o.hashes.length])).toEqual([
      [name, file, 2],
      [name, file, 2],
    ]);
    // two treasuries funded, the deploy, the transfer
    await expectStored(observed, file, { [name]: 4 }, true);
  });
});
