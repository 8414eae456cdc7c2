import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Address, beginCell, external, internal, storeMessage, toNano } from '@ton/core';
import { mnemonicToWalletKey } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServing, type MainProcess } from '../../cli/test-support/main-process';
import {
  completedTraceOf,
  listedWallets,
  postJson,
  v4Transfer,
  type ListedWallet,
} from '../test-support/local-network';

// Emulation as TON Center serves it, against `npm start`'s own process on a fresh ledger: a message's
// whole trace run on the current state, nothing stored; then the same message sent, and the real
// trace compared with the one foretold (where nothing else touched the accounts in between).

let dir: string;
let main: MainProcess;
let base: string;
let sql: Database.Database;
let wallets: ListedWallet[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ledgerscope-emulate-'));
  main = await startServing({
    LEDGER_DB: join(dir, 'ledger.db'),
    LEDGER_LIVE: 'on',
    LEDGER_TXS: '1',
    LEDGER_SEED: '29',
    LEDGER_TRAFFIC: 'off',
  });
  base = main.base!;
  sql = new Database(join(dir, 'ledger.db'), { readonly: true });
  wallets = await listedWallets(base);
  // the wallets are funded by the faucet wallet's first transfer, in the first blocks
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await fetch(`${base}/api/v2/getAddressBalance?address=${wallets[0]!.address}`);
    if (BigInt(((await r.json()) as { result: string }).result) > 0n) break;
    if (Date.now() > deadline) throw new Error('the wallets were never funded');
    await new Promise((res) => setTimeout(res, 200));
  }
}, 300_000);

afterAll(async () => {
  sql?.close();
  await main?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const EMULATE = '/api/emulate/v1/emulateTrace';

interface V3Tx {
  account: string;
  emulated?: boolean;
  description: { aborted: boolean; compute_ph: { skipped?: boolean; exit_code?: number; reason?: string } };
  out_msgs: { destination: string | null; value: string | null; bounced: boolean | null }[];
  in_msg: { source: string | null; bounced: boolean | null } | null;
}

/** What must be the same in a foretold and a real trace: accounts, outcomes, messages sent. */
function shape(txs: V3Tx[]) {
  return txs
    .map((t) => ({
      account: t.account,
      aborted: t.description.aborted,
      exit: t.description.compute_ph.skipped
        ? `skipped ${t.description.compute_ph.reason}`
        : t.description.compute_ph.exit_code,
      bounced: t.in_msg?.bounced ?? null,
      out: t.out_msgs.map((m) => `${m.destination}:${m.bounced}`).sort(),
    }))
    .sort((a, b) => `${a.account}${a.bounced}`.localeCompare(`${b.account}${b.bounced}`));
}

const rows = () => sql.prepare('SELECT count(*) FROM transactions').pluck().get() as number;

async function foretellThenSend(from: ListedWallet, to: string, seqno: number, bounce: boolean) {
  const m = await v4Transfer(from, to, seqno, toNano('1'), bounce);
  const before = rows();
  const emulated = await postJson(`${base}${EMULATE}`, {
    boc: m.boc,
    include_address_book: true,
    include_code_data: true,
  });
  expect(emulated.status).toBe(200);
  // nothing stored: the ledger holds no more transactions than before (no traffic runs)
  expect(rows()).toBe(before);
  const body = emulated.body as {
    mc_block_seqno: number;
    trace: { tx_hash: string; in_msg_hash: string; children: unknown[] };
    transactions: Record<string, V3Tx>;
    rand_seed: string;
    is_incomplete: boolean;
    address_book: Record<string, unknown>;
    code_cells: Record<string, string>;
  };
  expect(body.is_incomplete).toBe(false);
  expect(Buffer.from(body.rand_seed, 'base64')).toHaveLength(32);
  expect(body.trace.in_msg_hash).toBe(m.cell.hash().toString('base64'));
  expect(Object.values(body.transactions).every((t) => t.emulated === true)).toBe(true);
  for (const t of Object.values(body.transactions)) expect(body.address_book[t.account]).toBeDefined();
  expect((await postJson(`${base}/api/v2/sendBoc`, { boc: m.boc })).status).toBe(200);
  const real = await completedTraceOf(base, m.cell.hash());
  return { emulated: body, real: real as unknown as { transactions: Record<string, V3Tx> } };
}

describe('POST /api/emulate/v1/emulateTrace', () => {
  it("foretells a wallet's first transfer (its deploy) as the real trace then runs", async () => {
    const from = wallets.filter((w) => w.version === 'v4r2')[0]!;
    const { emulated, real } = await foretellThenSend(from, wallets[1]!.friendly, 0, false);
    expect(Object.keys(emulated.transactions)).toHaveLength(2);
    expect(shape(Object.values(emulated.transactions))).toEqual(shape(Object.values(real.transactions)));
    // the wallet's code is among the code cells: it deploys itself
    expect(Object.keys(emulated.code_cells).length).toBeGreaterThan(0);
  }, 60_000);

  it('foretells a bouncing call: the bounce comes back, as it then does', async () => {
    const from = wallets.filter((w) => w.version === 'v4r2')[1]!;
    const nowhere = new Address(0, Buffer.alloc(32, 0x7e)).toString({ bounceable: true });
    const { emulated, real } = await foretellThenSend(from, nowhere, 0, true);
    const txs = Object.values(emulated.transactions);
    expect(txs).toHaveLength(3);
    expect(txs.some((t) => t.in_msg?.bounced === true)).toBe(true);
    expect(shape(txs)).toEqual(shape(Object.values(real.transactions)));
  }, 60_000);

  it('refuses what it cannot run, naming why, and runs an unsigned message when asked to ignore the signature', async () => {
    const from = wallets.filter((w) => w.version === 'v4r2')[2]!;
    expect((await postJson(`${base}${EMULATE}`, { boc: 'not base64!' })).status).toBe(422);
    expect((await postJson(`${base}${EMULATE}`, {})).body.error).toMatch(/boc: required/);
    // the wallet's first transfer signed by another wallet's key: refused as the contract refuses it,
    // unless the signature check is ignored (what a wallet app does before its user signs)
    const own = await mnemonicToWalletKey(from.mnemonic.split(' '));
    const other = await mnemonicToWalletKey(wallets[0]!.mnemonic.split(' '));
    const wallet = WalletContractV4.create({ workchain: 0, publicKey: own.publicKey });
    const body = wallet.createTransfer({
      seqno: 0,
      secretKey: other.secretKey,
      messages: [internal({ to: Address.parse(wallets[1]!.friendly), value: toNano('1'), bounce: false })],
    });
    const wrongKey = beginCell()
      .store(storeMessage(external({ to: wallet.address, init: wallet.init, body })))
      .endCell()
      .toBoc()
      .toString('base64');
    const refused = await postJson(`${base}${EMULATE}`, { boc: wrongKey });
    expect(refused.status).toBe(409);
    expect(String(refused.body.error)).toMatch(/not accepted.*exit code 35/);
    const asked = await postJson(`${base}${EMULATE}`, { boc: wrongKey, ignore_chksig: true });
    expect(asked.status).toBe(200);
    expect(Object.keys((asked.body as { transactions: object }).transactions)).toHaveLength(2);
    // an older block's state is not kept to run on
    const old = await postJson(`${base}${EMULATE}`, { boc: wrongKey, mc_block_seqno: 1 });
    expect(old.status).toBe(404);
    expect(String(old.body.error)).toMatch(/mc_block_seqno 1/);
  }, 60_000);
});
