import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite/open-sqlite-store';
import { Producer } from './producer/producer';
import { tableDump } from '../store/sqlite/test-support/table-dump';

// A producer stopped by SIGTERM (as the service is stopped) or killed by SIGKILL (a crash) and
// started again must go on from its saved position and make the very ledger an uninterrupted run
// makes, table by table.

interface Run {
  replayed: number;
  lastMc: number;
}

/** Runs resume-child.ts on `path` until it reports masterchain block `stopAt`, then sends `signal`. */
function runUntil(path: string, seed: number, stopAt: number, signal: NodeJS.Signals): Promise<Run> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'test-support', 'resume-child.ts'), path, String(seed), '3'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const run: Run = { replayed: -1, lastMc: -1 };
  let signalled = false;
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        const r = /^resumed (\d+)$/.exec(line);
        if (r) run.replayed = Number(r[1]);
        const m = /^mc (-?\d+)$/.exec(line);
        if (m) run.lastMc = Number(m[1]);
        if (run.lastMc >= stopAt && !signalled) {
          signalled = true;
          child.kill(signal);
        }
      }
    });
    child.on('exit', (code, sig) => {
      if (!signalled) reject(new Error(`the producer exited on its own (code ${code}, signal ${sig})`));
      else if (signal === 'SIGTERM' && code !== 0)
        reject(new Error(`SIGTERM: exit code ${code}, expected a clean stop`));
      else resolve(run);
    });
    child.on('error', reject);
  });
}

describe('a stopped or killed producer resumes exactly', () => {
  it('N blocks, SIGTERM, resume, SIGKILL, resume, SIGTERM: the ledger of one uninterrupted run', async () => {
    const seed = 21;
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-resume-'));
    const path = join(dir, 'interrupted.db');
    const first = await runUntil(path, seed, 8, 'SIGTERM');
    expect(first.lastMc).toBeGreaterThanOrEqual(8);
    // a clean stop finishes the slot in progress: the ledger ends on its saved position
    const second = await runUntil(path, seed, first.lastMc + 4, 'SIGKILL');
    expect(second.replayed).toBe(0);
    const third = await runUntil(path, seed, second.lastMc + 4, 'SIGTERM');
    // a kill loses at most the batch being written; every slot is one batch with its position, so
    // the ledger ends on a saved position and nothing is produced again
    expect(third.replayed).toBe(0);

    const interrupted = openSqliteStore(path);
    const bulk = Number(await interrupted.getMeta('bulk_slots'));
    const live = Number(await interrupted.getMeta('live_slots'));
    expect(bulk).toBe(3);
    expect(await interrupted.reader.latestMasterchainSeqno()).toBeGreaterThanOrEqual(second.lastMc + 4);

    const straight = openSqliteStore(join(dir, 'straight.db'));
    const p = await Producer.start(straight, seed);
    await p.slots(bulk + live, (i) => i >= bulk);
    await p.close();
    expect(tableDump(interrupted.db)).toEqual(tableDump(straight.db));
    interrupted.close();
    straight.close();
  }, 600_000);
});
