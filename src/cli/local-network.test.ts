import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { Address, internal, toNano } from '@ton/core';
import { mnemonicToWalletKey } from '@ton/crypto';
import { TonClient, WalletContractV4 } from '@ton/ton';
import { transformSync } from 'esbuild';
import TonWeb from 'tonweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completedTraceOf,
  listedWallets,
  postJson,
  receiversOf,
  v4Transfer,
} from '../server/test-support/local-network';
import { runMain, startServing, waitForLine, type MainProcess } from './test-support/main-process';

// The local network as the README offers it, and as it holds up: the README's transfer lines run as
// written against a producer and an API process on one SQLite ledger; then nothing acknowledged is
// lost: an API process answers a send only once the message is stored, so a
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

async function balance(address: string): Promise<bigint> {
  const r = await fetch(`${api.base}/api/v2/getAddressBalance?address=${encodeURIComponent(address)}`);
  const body = (await r.json()) as { result?: string };
  return r.status === 200 ? BigInt(body.result ?? '0') : 0n;
}

/** The parts of a v3 trace (pending or complete) the emulated-trace checks read. */
interface EmulatedTraceJson {
  external_hash: string;
  trace_info: { trace_state: string };
  transactions_order: string[];
  transactions: Record<
    string,
    {
      account: string;
      emulated: boolean;
      block_ref: unknown;
      description: { aborted: boolean; compute_ph: { exit_code?: number } };
      out_msgs: { destination: string | null; value: string | null }[];
    }
  >;
}

/** The pre-funded wallets are funded by the faucet wallet's first transfer: waits until it is made. */
async function fundedSoon(address: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await balance(address)) === 0n) {
    expect(Date.now() < deadline, 'the wallet is never funded').toBe(true);
    await new Promise((res) => setTimeout(res, 200));
  }
}

describe("the README's lines, run as written", () => {
  /** The README's TypeScript blocks under "Use it as a local network", types stripped, the port pointed at the server. */
  const snippets = (): string[] => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Use it as a local network'));
    return [...section.slice(0, section.indexOf('\n## ', 5)).matchAll(/```ts\n([\s\S]*?)```/g)].map(
      (m) => transformSync(m[1]!.replaceAll('http://127.0.0.1:8080', api.base!), { loader: 'ts' }).code,
    );
  };

  it('a TonClient transfer and a tonweb transfer, each with a pre-funded wallet, run and land on the chain', async () => {
    const [withTonClient, withTonweb] = snippets();
    expect(withTonClient).toContain('new TonClient');
    expect(withTonweb).toContain('new TonWeb');
    const wallets = await listedWallets(api.base!);
    const v4 = wallets.filter((w) => w.version === 'v4r2');
    for (const [code, from] of [
      [withTonClient!, v4[0]!],
      [withTonweb!, v4[1]!],
    ] as const) {
      await fundedSoon(from.address);
      const to = wallets.find((w) => w.version === 'v5r1')!.friendly;
      const before = await balance(to);
      const run = new Function(
        'TonClient',
        'TonWeb',
        'WalletContractV4',
        'internal',
        'mnemonicToWalletKey',
        'process',
        'to',
        `return (async () => { ${code} })();`,
      );
      await run(
        TonClient,
        TonWeb,
        WalletContractV4,
        internal,
        mnemonicToWalletKey,
        { env: { WALLET_MNEMONIC: from.mnemonic } },
        to,
      );
      // the transfer of 1.5 TON arrives (less the receiver's own fees)
      const deadline = Date.now() + 30_000;
      while ((await balance(to)) <= before) {
        expect(Date.now() < deadline, 'the README transfer never arrived').toBe(true);
        await new Promise((res) => setTimeout(res, 100));
      }
      expect((await balance(to)) - before).toBeGreaterThan(toNano('1.49'));
    }
  }, 120_000);
});

describe('a producer killed while a message waits', () => {
  it('includes the message accepted while it was down, once, after it starts again', async () => {
    const wallets = await listedWallets(api.base!);
    // the third v4r2 wallet, not used by the README's lines
    const from = wallets.filter((w) => w.version === 'v4r2')[2]!;
    await fundedSoon(from.address);
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
    // meanwhile its trace is pending, as its emulation (TON Center's pendingTraces of a message in
    // the mempool): the wallet's transaction and the receiver's, each `emulated`, by either hash
    const byExt = `ext_msg_hash=${encodeURIComponent(cell.hash().toString('base64'))}`;
    const pending = (await (await fetch(`${api.base}/api/v3/pendingTraces?${byExt}`)).json()) as {
      traces: EmulatedTraceJson[];
    };
    expect(pending.traces).toHaveLength(1);
    const emulated = pending.traces[0]!;
    expect(emulated.trace_info.trace_state).toBe('pending');
    expect(emulated.external_hash).toBe(cell.hash().toString('base64'));
    const emulatedTxs = emulated.transactions_order.map((h) => emulated.transactions[h]!);
    expect(emulatedTxs.map((t) => t.emulated)).toEqual([true, true]);
    expect(emulatedTxs.map((t) => t.block_ref)).toEqual([null, null]);
    expect(emulatedTxs[0]!.account).toBe(Address.parse(from.address).toRawString().toUpperCase());
    // pendingTransactions lists the same two, by the wallet's address too
    const walletTxs = (await (
      await fetch(`${api.base}/api/v3/pendingTransactions?account=${encodeURIComponent(from.address)}`)
    ).json()) as { transactions: { hash: string; emulated: boolean }[] };
    expect(walletTxs.transactions.map((t) => [t.hash, t.emulated])).toEqual([[emulated.transactions_order[0], true]]);
    // the same message accepted again before any block: one row, one transaction later
    expect((await postJson(`${api.base}/api/v2/sendBoc`, { boc })).status).toBe(200);
    // past the budget with no producer taking it, a new send is not acknowledged: 503, nothing stored
    await new Promise((res) => setTimeout(res, 3500));
    // the first v4r2 wallet's next transfer (the README's TonClient lines sent its first)
    const other = await v4Transfer(wallets[0]!, wallets[1]!.friendly, 1);
    const rows = sql.prepare('SELECT count(*) FROM inbound_messages').pluck().get();
    const late = await postJson(`${api.base}/api/v2/sendBoc`, { boc: other.boc });
    expect(late.status).toBe(503);
    expect(String(late.body.error)).toMatch(/no producer has taken a message for \d+ s/);
    expect(sql.prepare('SELECT count(*) FROM inbound_messages').pluck().get()).toBe(rows);
    producer = runMain({
      LEDGER_ROLE: 'producer',
      LEDGER_DB: db,
      LEDGER_SEED: '31',
      LEDGER_LIVE: 'on',
      LEDGER_TRAFFIC: 'off',
    });
    await waitForLine(producer, /live production resumed/);
    const real = await completedTraceOf(api.base!, cell.hash());
    expect(state()).toBe('taken');
    // what the emulation showed is what happened: the same accounts in the same order, the same
    // outcomes and outgoing messages (nothing changed either account between)
    const outline = (t: EmulatedTraceJson['transactions'][string]) => ({
      account: t.account,
      aborted: t.description.aborted,
      exit: t.description.compute_ph.exit_code ?? null,
      out: t.out_msgs.map((m) => [m.destination, m.value]),
    });
    const realTxs = (real as unknown as EmulatedTraceJson).transactions_order.map(
      (h) => (real as unknown as EmulatedTraceJson).transactions[h]!,
    );
    expect(realTxs.map(outline)).toEqual(emulatedTxs.map(outline));
    expect(realTxs.map((t) => t.emulated)).toEqual([false, false]);
    // and once in a block, it is no longer pending
    expect(
      ((await (await fetch(`${api.base}/api/v3/pendingTraces?${byExt}`)).json()) as { traces: unknown[] }).traces,
    ).toEqual([]);
    expect(await receiversOf(api.base!, cell.hash())).toBe(1);
    // a producer takes them again: sends are acknowledged again
    expect((await postJson(`${api.base}/api/v2/sendBoc`, { boc: other.boc })).status).toBe(200);
    sql.close();
  }, 180_000);
});
