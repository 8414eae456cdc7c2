import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { testLedgerPath } from '../ledger/test-support/test-ledger';
import { openSqliteStore } from '../store/sqlite/open-sqlite-store';
import { createServer } from './app';
import { checkAgainstSchemas } from './test-support/test-server';

describe('graceful shutdown', () => {
  it('on SIGTERM stops accepting, finishes the request in flight, closes the store, exits 0; logs one JSON line per request', async () => {
    const path = await testLedgerPath();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/test-support/serve-for-shutdown.ts', path], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    const port = await new Promise<number>((resolve, reject) => {
      child.stderr.setEncoding('utf8').on('data', (c: string) => {
        stderr += c;
        const m = /listening (\d+)/.exec(stderr);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/v3/traces?limit=1`)).status).toBe(200);

    const inFlight = fetch(`${base}/api/v3/traces?limit=3`, { headers: { 'x-test-hold': '800' } });
    while (!stderr.includes('holding a request')) await new Promise((r) => child.stderr.once('data', r));
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { traces: unknown[] };
    checkAgainstSchemas('/api/v3/traces', 200, body);
    expect(body.traces).toHaveLength(3);
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    expect(stderr).toMatch(/SIGTERM: finishing requests in flight/);
    expect(stderr).toMatch(/store closed/);
    await expect(fetch(`${base}/api/v3/traces?limit=1`)).rejects.toThrow();

    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    for (const l of lines) {
      expect(l).toMatchObject({ method: 'GET', path: '/api/v3/traces', status: 200 });
      expect(typeof l.ms).toBe('number');
      expect(typeof l.time).toBe('string');
    }
    // the query string (which may carry an api_key) is not logged
    expect(stdout).not.toMatch(/limit=/);
  }, 60_000);
});

describe('store unavailable', () => {
  it('answers 503 in the dialect envelope, without internals, once the store is closed', async () => {
    const path = await testLedgerPath();
    const store = openSqliteStore(path, { readonly: true });
    const app = await createServer({ location: path });
    const seqno = (await store.reader.latestMasterchainSeqno())!;
    store.close();
    expect((await app.inject(`/api/v3/masterchainBlockShardState?seqno=${seqno}`)).statusCode).toBe(200);
    await app.ledgerReaders.close();
    for (const url of [
      '/api/v3/traces?limit=5',
      `/api/v3/masterchainBlockShardState?seqno=${seqno - 1}`,
      '/api/v2/getBlockTransactionsExt?workchain=-1&shard=-9223372036854775808&seqno=1',
    ]) {
      const r = await app.inject(url);
      expect(r.statusCode, url).toBe(503);
      const body = r.json() as Record<string, unknown>;
      checkAgainstSchemas(url, 503, body);
      expect(String(body.error)).toMatch(/store is unavailable/);
      expect(r.body).not.toMatch(/TypeError|database connection|\.ts/);
    }
    await app.close();
  });
});
