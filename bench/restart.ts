// Restart to live production: `npm run bench -- restart`. Builds (once, under data/bench/) the
// ledger of seed 42 with 100,000 transactions (RESTART_BENCH_TXS to change it), then starts the
// service on a copy of it, as `npm start` does (tsx src/main.ts, live production on), and times
// from spawn to the first new masterchain block written in the file; three restarts, each on a
// copy left by the previous one stopped by SIGKILL (the crash case) or SIGTERM. Prints one JSON line.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { benchLedgerPath, median } from './bench-ledger';

const root = join(import.meta.dirname, '..');
const txs = Number(process.env.RESTART_BENCH_TXS ?? 100_000);
const source = await benchLedgerPath(42, txs);
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-restart-'));
const path = join(dir, 'ledger.db');
copyFileSync(source, path);
for (const suffix of ['-wal', '-shm']) if (existsSync(source + suffix)) copyFileSync(source + suffix, path + suffix);

const latestMc = (): number => {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return Number(db.prepare('SELECT max(seqno) FROM blocks WHERE workchain = -1').pluck().get());
  } finally {
    db.close();
  }
};

interface Restart {
  seconds_to_next_block: number;
  seconds_to_resumed: number;
  replayed_slots: number;
}

/** Starts the service, waits for its first new masterchain block, then stops it with `signal`. */
async function restart(signal: NodeJS.Signals): Promise<Restart> {
  const before = latestMc();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/main.ts')], {
    cwd: root,
    env: { ...process.env, LEDGER_DB: path, PORT: '0', LEDGER_LIVE: 'on' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let resumedAt = NaN;
  let replayed = 0;
  let log = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    log += chunk;
    const m = /live production resumed at masterchain seqno \d+(?: \((\d+) slots replayed\))?/.exec(log);
    if (m && Number.isNaN(resumedAt)) {
      resumedAt = performance.now();
      replayed = Number(m[1] ?? 0);
    }
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`the service exited before writing a block:\n${log}`);
    if (latestMc() > before) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const seconds = (performance.now() - started) / 1000;
  child.kill(signal);
  await new Promise((r) => (exited ? r(null) : child.once('exit', r)));
  return {
    seconds_to_next_block: +seconds.toFixed(2),
    seconds_to_resumed: +((resumedAt - started) / 1000).toFixed(2),
    replayed_slots: replayed,
  };
}

const runs = [await restart('SIGKILL'), await restart('SIGTERM'), await restart('SIGKILL')];
const db = new Database(path, { readonly: true });
const transactions = Number(db.prepare('SELECT count(*) FROM transactions').pluck().get());
db.close();
rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    bench: 'restart',
    transactions,
    median_seconds_to_next_block: median(runs.map((r) => r.seconds_to_next_block)),
    runs,
  }),
);
