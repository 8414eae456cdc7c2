import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real CLI, in a child process, as `npm run ledger` runs it.
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ledger.ts', ...args], {
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('npm run ledger', () => {
  it('builds a ledger file of at least --txs transactions, printing plain progress lines off a TTY', () => {
    const db = join(dir, 'a.db');
    const r = cli('--db', db, '--seed', '3', '--txs', '80');
    expect(r.stdout).toMatch(
      new RegExp(
        `${db.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+ transactions, \\d+ traces, masterchain seqno \\d+, [\\d.]+ s \\(\\d+ tx/s\\), peak memory \\d+ MB`,
      ),
    );
    expect(r.status).toBe(0);
    const d = new Database(db, { readonly: true });
    const n = d.prepare('SELECT count(*) FROM transactions').pluck().get() as number;
    d.close();
    expect(n).toBeGreaterThanOrEqual(80);
    expect(r.stdout).toContain(`: ${n} transactions`);
    // the progress never counts past its total: up to the target it counts against it, then it
    // says the target is reached and how many blocks in flight it is finishing (down to one), and
    // its last line is the count made
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('generating: '));
    const counting = lines.filter((l) => / ETA /.test(l));
    const finishing = lines.filter((l) => /reached/.test(l));
    expect(lines).toEqual([...counting, ...finishing, lines.at(-1)]);
    for (const l of counting) {
      const [, done, total] = /^generating: (\d+)\/(\d+) transactions · \d+ tx\/s · ETA \d+ s$/.exec(l)!;
      expect(Number(done)).toBeLessThan(Number(total));
    }
    const left = finishing.map((l) =>
      Number(/^generating: \d+ transactions, 80 reached · finishing (\d+) blocks? in flight · \d+ tx\/s$/.exec(l)![1]),
    );
    expect(left.length).toBeGreaterThan(0);
    expect(left).toEqual(Array.from({ length: left.length }, (_, i) => left[0]! - i));
    expect(left.at(-1)).toBe(1);
    expect(lines.at(-1)).toMatch(new RegExp(`^generating: ${n} transactions \\(at least 80 asked\\) · \\d+ tx/s$`));
    // an existing ledger is never overwritten
    const again = cli('--db', db, '--txs', '80');
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('already holds a ledger');
  }, 240_000);

  it.each([
    [[], '--db FILE is required'],
    [['--db', 'x.db', '--txs', '0'], '--txs must be a positive integer, got "0"'],
    [['--db', 'x.db', '--seed', 'abc'], '--seed must be a non-negative integer, got "abc"'],
    [['--db', 'x.db', '--frobnicate'], "Unknown option '--frobnicate'"],
  ])(
    'refuses %j with a message and the usage, exit 2',
    (args, message) => {
      const r = cli(...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stderr).toContain('usage: npm run ledger');
    },
    60_000,
  );
});
