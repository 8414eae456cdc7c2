// `npm run sandbox`'s entry (src/sandbox/main.ts) as a child process, for the tests: started with an
// environment of the test's choosing, its stderr collected, its two addresses read from its log.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface ReceiverProcess {
  readonly child: ChildProcess;
  stderr(): string;
  /** The API's base URL and the receiver's ws:// URL, once both listen. */
  api: string;
  ws: string;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

export function runReceiver(env: Record<string, string>, args: string[] = []): Omit<ReceiverProcess, 'api' | 'ws'> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(process.cwd(), 'src', 'sandbox', 'main.ts'), ...args],
    {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        SANDBOX_WEBSOCKET_HOST: '127.0.0.1',
        SANDBOX_WEBSOCKET_PORT: '0',
        API_WORKERS: '1',
        API_LIGHT_WORKERS: '0',
        API_QUERY_TIMEOUT_MS: '60000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    stderr: () => err,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Waits until stderr matches `pattern` (failing with the output when the process exits first or time runs out). */
export async function waitForLine(
  p: { stderr(): string; child: ChildProcess },
  pattern: RegExp,
  timeoutMs = 120_000,
): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = pattern.exec(p.stderr());
    if (m) return m;
    if (p.child.exitCode !== null)
      throw new Error(`process exited (${p.child.exitCode}) before ${pattern}:\n${p.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${p.stderr()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts the receiver and the API (with `npm run sandbox`'s arguments) and waits until both listen. */
export async function startReceiverProcess(env: Record<string, string>, args: string[] = []): Promise<ReceiverProcess> {
  const p = runReceiver(env, args);
  const api = (await waitForLine(p, /explorer and API at (http:\/\/[\d.]+:\d+)\//))[1]!;
  const ws = (await waitForLine(p, /receiving sandbox test runs at (ws:\/\/[\d.]+:\d+)/))[1]!;
  return { ...p, api, ws };
}
