// A contract test suite with sandbox's UI on and the receiver running, against the same suite with
// the UI off: `npm run bench -- sandbox-suite`. Target (issue 23): ≤ 1.2× the suite's time with
// the UI off. The suite (bench/tools/suite-test.ts, SUITE_TESTS tests) runs as its own process, in
// each of two ways (SUITE_WAYS, default both):
// - `script`: bench/tools/sandbox-suite-tests.ts, timed from inside: the test bodies alone;
// - `jest`: `npx jest` over bench/tools/jest-suite/, timed from the command's start to its exit, as a
//   developer sees a run (jest's start, the TypeScript transform, the tests, the sockets closing); the
//   UI on as `blueprint test --ui` turns it on: sandbox's jest setup file on the command line (one
//   socket a test file);
// and in three modes, alternating, SUITE_ROUNDS rounds (default 3):
// - off: the UI off;
// - receiver: the UI on (`SANDBOX_UI_ENABLED=true`, verbose VM logs) sending to a running
//   `npm run sandbox` (its own process, a fresh ledger), as `blueprint test --ui` would;
// - sink: the UI on, sending to a WebSocket server that reads and drops every frame: sandbox's own
//   cost of the UI (verbose logs, serializing the frames), so the receiver's share can be told apart.
// For the receiver it also reports when every test's runs were stored after the suite ended.
// Prints one JSON line a way with medians, ratios and the load average.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import { median } from './bench-ledger';
import { compileContracts } from '../src/ledger/contracts/compile';
import { startReceiverProcess } from '../src/sandbox/test-support/receiver-process';

const ROUNDS = Number(process.env.SUITE_ROUNDS ?? 3);
const TESTS = Number(process.env.SUITE_TESTS ?? 12);
const WAYS = (process.env.SUITE_WAYS ?? 'script,jest').split(',') as Way[];
const TARGET_RATIO = 1.2;
type Way = 'script' | 'jest';
const JEST_PROJECT = 'bench/tools/jest-suite';

/** A child process's exit, its stdout; throws when it failed. */
async function run(cmd: string, args: string[], opts: { env: NodeJS.ProcessEnv; cwd?: string }): Promise<string> {
  const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${code}):\n${out}${err}`);
  return out;
}

/**
 * The suite's time, one way (its own process: spawned, never waited for synchronously, as the sink
 * lives here): the script's own measure of its tests, or jest's whole run from start to exit.
 */
let suites = 0;
async function runSuite(way: Way, env: Record<string, string>): Promise<number> {
  suites += 1;
  const all = { ...process.env, SUITE_TESTS: String(TESTS), SUITE_SALT: String(suites), ...codeEnv, ...env };
  if (way === 'script') {
    const out = await run(process.execPath, ['--import', 'tsx', 'bench/tools/sandbox-suite-tests.ts'], { env: all });
    return (JSON.parse(out.trim().split('\n').pop()!) as { ms: number }).ms;
  }
  // SANDBOX_UI_ENABLED stays set (the suite reads it for SUITE_VM_LOGS): with the setup file's socket
  // given, sandbox sends on that socket alone, as under `blueprint test --ui`
  const ui = env.SANDBOX_UI_ENABLED === 'true';
  const args = ['jest', '--ci', ...(ui ? ['--setupFilesAfterEnv', '@ton/sandbox/dist/jest/uiSetup'] : [])];
  const t0 = performance.now();
  await run('npx', args, { env: all, cwd: JEST_PROJECT });
  return Math.round(performance.now() - t0);
}

/** The runs the receiver lists for the suite's tests (its file, by the way it ran), summed. */
async function storedRuns(api: string, way: Way): Promise<number> {
  const body = (await (await fetch(`${api}/api/sandbox/tests`)).json()) as {
    files: { path: string | null; tests: { runs: number }[] }[];
  };
  const name = way === 'script' ? 'sandbox-suite-tests.ts' : 'suite.spec.ts';
  const file = body.files.find((f) => f.path?.endsWith(name));
  return file ? file.tests.reduce((n, t) => n + t.runs, 0) : 0;
}

const compiled = await compileContracts();
const codeEnv = {
  THROWER_CODE: compiled.thrower.toBoc().toString('base64'),
  FORWARDER_CODE: compiled.forwarder.toBoc().toString('base64'),
};
const sink = new WebSocketServer({ host: '127.0.0.1', port: 0 });
await new Promise((resolve) => sink.once('listening', resolve));
let sunk = 0;
sink.on('connection', (ws) => ws.on('message', () => (sunk += 1)));
const sinkAddr = `ws://127.0.0.1:${(sink.address() as { port: number }).port}`;
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-bench-suite-'));
const recv = await startReceiverProcess({ LEDGER_DB: join(dir, 'sandbox.db') });
try {
  for (const way of WAYS) await measure(way);
} finally {
  await recv.stop();
  sink.close();
  rmSync(dir, { recursive: true, force: true });
}

async function measure(way: Way) {
  const times: Record<'off' | 'receiver' | 'sink', number[]> = { off: [], receiver: [], sink: [] };
  const storedAfter: number[] = [];
  let stored = 0;
  const loadBefore = loadavg()[0]!;
  // unmeasured: the contracts' compile cache, jest's transform cache and the page cache warmed, and
  // the frames one suite sends counted (each a run the receiver lists)
  sunk = 0;
  await runSuite(way, { SANDBOX_UI_ENABLED: 'true', SANDBOX_WEBSOCKET_ADDR: sinkAddr });
  const runsPerSuite = sunk;
  if (runsPerSuite === 0) throw new Error('the suite sent no frame with the UI on');
  for (let r = 0; r < ROUNDS; r++) {
    // the order turns each round, so that drift in the machine's load favours none
    const order = (['off', 'receiver', 'sink'] as const).map((_, i, a) => a[(i + r) % a.length]!);
    for (const mode of order) {
      if (mode === 'off') times.off.push(await runSuite(way, {}));
      if (mode === 'sink')
        times.sink.push(await runSuite(way, { SANDBOX_UI_ENABLED: 'true', SANDBOX_WEBSOCKET_ADDR: sinkAddr }));
      if (mode !== 'receiver') continue;
      const before = await storedRuns(recv.api, way);
      times.receiver.push(await runSuite(way, { SANDBOX_UI_ENABLED: 'true', SANDBOX_WEBSOCKET_ADDR: recv.ws }));
      const ended = performance.now();
      // live: every run of the suite listed by the receiver, timed from the suite's end
      let now = before;
      for (let i = 0; i < 1200 && now - before < runsPerSuite; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        now = await storedRuns(recv.api, way);
      }
      if (now - before !== runsPerSuite) throw new Error(`the receiver listed ${now - before} of ${runsPerSuite} runs`);
      storedAfter.push(performance.now() - ended);
      stored += now - before;
    }
  }
  const m = { off: median(times.off), receiver: median(times.receiver), sink: median(times.sink) };
  console.log(
    JSON.stringify({
      bench: 'sandbox-suite',
      way,
      timed: way === 'script' ? 'the test bodies, from inside' : '`npx jest`, from start to exit',
      tests: TESTS,
      rounds: ROUNDS,
      receiver_runs_stored: stored,
      suite_ms: m,
      suite_runs_ms: times,
      receiver_over_off: +(m.receiver / m.off).toFixed(2),
      sink_over_off: +(m.sink / m.off).toFixed(2),
      receiver_over_sink: +(m.receiver / m.sink).toFixed(2),
      stored_after_suite_ms: Math.round(median(storedAfter)),
      target_ratio: TARGET_RATIO,
      load_avg_1m: [loadBefore, loadavg()[0]!].map((l) => Math.round(l * 100) / 100),
    }),
  );
}
