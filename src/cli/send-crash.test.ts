import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completedTraceOf,
  listedWallets,
  postJson,
  receiversOf,
  v4Transfer,
} from '../server/test-support/local-network';
import { runMain, startServing, waitForLine, type MainProcess } from './test-support/main-process';

// Nothing acknowledged is lost: an API process answers a send only once the message is stored, so a
// producer that is down (killed) when it comes, and started again after, still includes it, once.
// The losing order is forced: the producer is killed before the send, so no block can take the
// message before the answer.

let dir: string;
let db: string;
let api: MainProcess;
let producer: MainProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ledgerscope-send-crash-'));
  db = join(dir, 'ledger.db');
  producer = runMain({
    LEDGER_ROLE: 'producer',
    LEDGER_DB: db,
    LEDGER_TXS: '1',
    LEDGER_SEED: '31',
    LEDGER_LIVE: 'on',
    LEDGER_TRAFFIC: 'off',
  });
  await waitForLine(producer, /producer writing/);
  // the budget (3 s) is how long an accepted message may wait for a producer before sends get 503
  api = await startServing({ LEDGER_ROLE: 'api', LEDGER_DB: db, API_QUERY_TIMEOUT_MS: '3000' });
}, 300_000);

afterAll(async () => {
  for (const p of [api, producer]) await p?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a producer killed while a message waits', () => {
  it('includes the message accepted while it was down, once, after it starts again', async () => {
    const wallets = await listedWallets(api.base!);
    const from = wallets.find((w) => w.version === 'v4r2')!;
    // funded by the faucet wallet's first transfer: wait until the producer has made it
    await waitForLine(producer, /producer writing/);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const r = await fetch(`${api.base}/api/v2/getAddressBalance?address=${from.address}`);
      const body = (await r.json()) as { result?: string };
      if (r.status === 200 && BigInt(body.result ?? '0') > 0n) break;
      expect(Date.now() < deadline, 'the wallet is never funded').toBe(true);
      await new Promise((res) => setTimeout(res, 200));
    }
    producer.child.kill('SIGKILL');
    await producer.exited;
    const { boc, cell } = await v4Transfer(from, wallets[1]!.friendly, 0);
    const sent = await postJson(`${api.base}/api/v2/sendBoc`, { boc });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ ok: true, result: { '@type': 'ok' } });
    // stored, not taken: no producer runs
    const sql = new Database(db, { readonly: true });
    const state = () =>
      sql.prepare('SELECT state FROM inbound_messages WHERE hash = ?').pluck().get(cell.hash()) as string | undefined;
    expect(state()).toBe('queued');
    // the same message accepted again before any block: one row, one transaction later
    expect((await postJson(`${api.base}/api/v2/sendBoc`, { boc })).status).toBe(200);
    // past the budget with no producer taking it, a new send is not acknowledged: 503, nothing stored
    await new Promise((res) => setTimeout(res, 3500));
    const other = await v4Transfer(wallets[2]!, wallets[1]!.friendly, 0);
    const late = await postJson(`${api.base}/api/v2/sendBoc`, { boc: other.boc });
    expect(late.status).toBe(503);
    expect(String(late.body.error)).toMatch(/no producer has taken a message for \d+ s/);
    expect(sql.prepare('SELECT count(*) FROM inbound_messages').pluck().get()).toBe(1);
    producer = runMain({
      LEDGER_ROLE: 'producer',
      LEDGER_DB: db,
      LEDGER_SEED: '31',
      LEDGER_LIVE: 'on',
      LEDGER_TRAFFIC: 'off',
    });
    await waitForLine(producer, /live production resumed/);
    await completedTraceOf(api.base!, cell.hash());
    expect(state()).toBe('taken');
    expect(await receiversOf(api.base!, cell.hash())).toBe(1);
    // a producer takes them again: sends are acknowledged again
    expect((await postJson(`${api.base}/api/v2/sendBoc`, { boc: other.boc })).status).toBe(200);
    sql.close();
  }, 180_000);
});
