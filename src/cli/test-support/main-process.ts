// `npm start`'s entry point (src/main.ts) as a child process, for the tests of roles, replicas and
// configuration: started with an environment of the test's choosing, its stderr collected.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface MainProcess {
  readonly child: ChildProcess;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** The API's base URL, once it listens (`api` and `all` roles). */
  base: string | null;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<number | null>;
}

export function runMain(env: Record<string, string>): MainProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(process.cwd(), 'src', 'main.ts')], {
    // a generous time budget: these tests check answers, and a loaded test machine is slow
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LEDGER_LIVE: 'off',
      API_QUERY_TIMEOUT_MS: '60000',
      API_WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const p: MainProcess = {
    child,
    stderr: () => err,
    base: null,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  return p;
}

/** Waits until stderr matches `pattern` (failing with the output when the process exits first or time runs out). */
export async function waitForLine(p: MainProcess, pattern: RegExp, timeoutMs = 240_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = pattern.exec(p.stderr());
    if (m) return m;
    if (p.child.exitCode !== null)
      throw new Error(`process exited (${p.child.exitCode}) before ${pattern}:\n${p.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${p.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts an API-serving process and waits until it listens. */
export async function startServing(env: Record<string, string>): Promise<MainProcess> {
  const p = runMain(env);
  const m = await waitForLine(p, /explorer and API at (http:\/\/[\d.]+:\d+)\//);
  p.base = m[1]!;
  return p;
}
