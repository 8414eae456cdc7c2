// The service as `npm start` runs it, with live production on: a fresh ledger (seed 11, a short
// history) in a directory of its own, a masterchain block every few seconds, streaming on. The
// specs that watch the explorer move start it; the other specs keep the still fixture ledger.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LiveServer {
  origin: string;
  close: () => Promise<void>;
}

export async function startLiveServer(port: number, env: Record<string, string> = {}): Promise<LiveServer> {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-live-'));
  const child: ChildProcess = spawn('node_modules/.bin/tsx', ['src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LEDGER_DB: join(dir, 'ledger.db'),
      LEDGER_SEED: '11',
      LEDGER_TXS: '300',
      LEDGER_LIVE: 'on',
      // These specs watch pages move with the ledger, not the time budget (too-heavy.spec.ts and the
      // admission tests hold that). Live traffic puts big traces (a 15 × 15 fan-out) among the newest,
      // and the home page's 20 newest then weigh up to ~4 MB: with the whole suite and the producer
      // on two cores that took 4.3 s, past the default 3 s budget, and the home page showed its 504.
      API_QUERY_TIMEOUT_MS: '20000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (b: Buffer) => {
      log += b.toString();
      if (log.includes('explorer and API at')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the live server exited (${code}):\n${log}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
