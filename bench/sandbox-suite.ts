// A contract test suite with sandbox's UI on and the receiver running, against the same suite with
// the UI off: `npm run bench -- sandbox-suite`. Target (issue 23): ≤ 1.2× the suite's time with
// the UI off. The suite (bench/tools/sandbox-suite-tests.ts, SUITE_TESTS tests) runs as its own
// process in three ways, alternating, SUITE_ROUNDS rounds (default 3):
// - off: the UI off, as `npx jest` runs it;
// - receiver: the UI on (`SANDBOX_UI_ENABLED=true`, verbose VM logs) sending to a running
//   `npm run sandbox` (its own process, a fresh ledger), as `blueprint test --ui` would;
// - sink: the UI on, sending to a WebSocket server that reads and drops every frame: sandbox's own
//   cost of the UI (verbose logs, serializing the frames), so the receiver's share can be told apart.
// For the receiver it also reports when every test's runs were stored after the suite ended.
// Prints one JSON line with medians, ratios and the load average.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import { median } from './bench-ledger';
import { startReceiverProcess } from '../src/sandbox/test-support/receiver-process';

const ROUNDS = Number(process.env.SUITE_ROUNDS ?? 3);
const TESTS = Number(process.env.SUITE_TESTS ?? 12);
const TARGET_RATIO = 1.2;

/** The suite's time as it measures it (its own process: spawned, never waited for synchronously, as the sink lives here). */
let suites = 0;
async function runSuite(env: Record<string, string>): Promise<number> {
  suites += 1;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/tools/sandbox-suite-tests.ts'], {
    env: { ...process.env, SUITE_TESTS: String(TESTS), SUITE_SALT: String(suites), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the suite failed (${code})`);
  return (JSON.parse(out.trim().split('\n').pop()!) as { ms: number }).ms;
}

/** The runs the receiver lists for the suite's tests, summed. */
async function storedRuns(api: string): Promise<number> {
  const body = (await (await fetch(`${api}/api/sandbox/tests`)).json()) as {
    files: { path: string | null; tests: { runs: number }[] }[];
  };
  const file = body.files.find((f) => f.path?.endsWith('sandbox-suite-tests.ts'));
  return file ? file.tests.reduce((n, t) => n + t.runs, 0) : 0;
}

const sink = new WebSocketServer({ host: '127.0.0.1', port: 0 });
await new Promise((resolve) => sink.once('listening', resolve));
let sunk = 0;
sink.on('connection', (ws) => ws.on('message', () => (sunk += 1)));
const sinkAddr = `ws://127.0.0.1:${(sink.address() as { port: number }).port}`;
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-bench-suite-'));
const recv = await startReceiverProcess({ LEDGER_DB: join(dir, 'sandbox.db') });
const times: Record<'off' | 'receiver' | 'sink', number[]> = { off: [], receiver: [], sink: [] };
const storedAfter: number[] = [];
let stored = 0;
const loadBefore = loadavg()[0]!;
try {
  // unmeasured: the contracts' compile cache and the page cache warmed, and the frames one suite
  // sends counted (each a run the receiver lists)
  await runSuite({ SANDBOX_UI_ENABLED: 'true', SANDBOX_WEBSOCKET_ADDR: sinkAddr });
  const runsPerSuite = sunk;
  if (runsPerSuite === 0) throw new Error('the suite sent no frame with the UI on');
  for (let r = 0; r < ROUNDS; r++) {
    // the order turns each round, so that drift in the machine's load favours none
    const order = (['off', 'receiver', 'sink'] as const).map((_, i, a) => a[(i + r) % a.length]!);
    for (const mode of order) {
      if (mode === 'off') times.off.push(await runSuite({}));
      if (mode === 'sink')
        times.sink.push(await runSuite({ SANDBOX_UI_ENABLED: 'true', SANDBOX_WEBSOCKET_ADDR: sinkAddr }));
      if (mode !== 'receiver') continue;
      const before = await storedRuns(recv.api);
      times.receiver.push(await runSuite({ SANDBOX_UI_ENABLED: 'true', SANDBOX_WEBSOCKET_ADDR: recv.ws }));
      const ended = performance.now();
      // live: every run of the suite listed by the receiver, timed from the suite's end
      let now = before;
      for (let i = 0; i < 1200 && now - before < runsPerSuite; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        now = await storedRuns(recv.api);
      }
      if (now - before !== runsPerSuite) throw new Error(`the receiver listed ${now - before} of ${runsPerSuite} runs`);
      storedAfter.push(performance.now() - ended);
      stored += now - before;
    }
  }
} finally {
  await recv.stop();
  sink.close();
  rmSync(dir, { recursive: true, force: true });
}
const m = { off: median(times.off), receiver: median(times.receiver), sink: median(times.sink) };
console.log(
  JSON.stringify({
    bench: 'sandbox-suite',
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
