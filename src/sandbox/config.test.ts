// `npm run sandbox`'s settings: defaults, values read, bad values refused by name; a ledger the
// producer made is refused, the file left as it was.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite/open-sqlite-store';
import { syntheticBatches } from '../store/test-support/synthetic-ledger';
import { DEFAULT_SANDBOX_PORT, readSandboxConfig } from './config';
import { runReceiver, startReceiverProcess } from './test-support/receiver-process';

describe('npm run sandbox: configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-sandbox-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults: the receiver on localhost:7743, frames up to 64 MB, the ledger data/sandbox.db', () => {
    const c = readSandboxConfig({});
    expect(c.wsPort).toBe(DEFAULT_SANDBOX_PORT);
    expect(c.wsPort).toBe(7743);
    expect(c.wsHost).toBe('localhost');
    expect(c.maxFrameBytes).toBe(64 * 1024 * 1024);
    expect(c.service.dbPath).toBe('data/sandbox.db');
    expect(c.service.live).toBe(false);
    expect(c.readers).toBe(Math.max(0, Math.min(availableParallelism() - 2, 3)));
    expect(readSandboxConfig({ SANDBOX_READERS: '0' }).readers).toBe(0);
    expect(c.nice).toBe(10);
    expect(readSandboxConfig({ SANDBOX_NICE: '0' }).nice).toBe(0);
  });

  it('reads its variables and the service’s', () => {
    const c = readSandboxConfig({
      SANDBOX_WEBSOCKET_PORT: '9000',
      SANDBOX_WEBSOCKET_HOST: '0.0.0.0',
      SANDBOX_MAX_FRAME_MB: '3',
      LEDGER_DB: '/tmp/x.db',
      PORT: '8181',
    });
    expect([c.wsPort, c.wsHost, c.maxFrameBytes, c.service.dbPath, c.service.port]).toEqual([
      9000,
      '0.0.0.0',
      3 * 1024 * 1024,
      '/tmp/x.db',
      8181,
    ]);
  });

  it('refuses a bad value by name, and a PostgreSQL ledger', () => {
    expect(() => readSandboxConfig({ SANDBOX_WEBSOCKET_PORT: 'abc' })).toThrow(/SANDBOX_WEBSOCKET_PORT must be/);
    expect(() => readSandboxConfig({ SANDBOX_WEBSOCKET_PORT: '70000' })).toThrow(/SANDBOX_WEBSOCKET_PORT must be/);
    expect(() => readSandboxConfig({ SANDBOX_MAX_FRAME_MB: '0' })).toThrow(/SANDBOX_MAX_FRAME_MB must be/);
    expect(() => readSandboxConfig({ SANDBOX_NICE: '20' })).toThrow(/SANDBOX_NICE must be/);
    expect(() => readSandboxConfig({ LEDGER_DB: 'postgres://u:p@h/db' })).toThrow(/a sandbox ledger is a SQLite file/);
  });

  it('runs below the test suite’s priority (SANDBOX_NICE), or at its parent’s with 0', async () => {
    const niced = await startReceiverProcess({ LEDGER_DB: join(dir, 'niced.db') });
    const plain = await startReceiverProcess({ LEDGER_DB: join(dir, 'plain.db'), SANDBOX_NICE: '0' });
    try {
      expect(getPriority(niced.child.pid!)).toBe(10);
      expect(getPriority(plain.child.pid!)).toBe(getPriority(process.pid));
    } finally {
      await Promise.all([niced.stop(), plain.stop()]);
    }
  });

  it('refuses a ledger the producer made, touching nothing', async () => {
    const path = join(dir, 'produced.db');
    const store = openSqliteStore(path);
    for (const batch of syntheticBatches({ batches: 1, txPerBatch: 5 })) await store.writer!.writeBatch(batch);
    store.close();
    const before = readFileSync(path);
    const p = runReceiver({ LEDGER_DB: path });
    expect(await p.exited).toBe(1);
    expect(p.stderr()).toMatch(/holds a ledger the producer made, not sandbox runs/);
    expect(readFileSync(path).equals(before)).toBe(true);
  });
});
