import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Address, beginCell, Cell, external, internal, SendMode, storeMessage, toNano, type Message } from '@ton/core';
import { mnemonicToWalletKey } from '@ton/crypto';
import { TonClient, WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import TonWeb from 'tonweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServing, type MainProcess } from '../../cli/test-support/main-process';

// The local network as a developer meets it: `npm start`'s own process on a fresh ledger (live, the
// generated traffic off, an API key for sending), its pre-funded wallets, and TON's own clients,
// unchanged, sending real messages that the producer runs in its next blocks. Every figure the
// tests check is read back from the ledger's own transactions.

const KEY = 'local-network-test-key';
let dir: string;
let main: MainProcess;
let base: string;
let sql: Database.Database;
interface Listed {
  version: 'v4r2' | 'v5r1';
  address: string;
  friendly: string;
  mnemonic: string;
  network_id: number | null;
}
let wallets: Listed[];
let client: TonClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ledgerscope-send-'));
  main = await startServing({
    LEDGER_DB: join(dir, 'ledger.db'),
    LEDGER_LIVE: 'on',
    LEDGER_TXS: '1',
    LEDGER_SEED: '23',
    LEDGER_TRAFFIC: 'off',
    API_SEND_KEY: KEY,
    // 5 a second in bursts of 10: room for this file's own sends, a bound a flood meets at once
    API_SENDS_PER_SECOND: '5',
    // the flood test speaks as another client through X-Forwarded-For
    API_TRUST_PROXY: 'true',
  });
  base = main.base!;
  sql = new Database(join(dir, 'ledger.db'), { readonly: true });
  client = new TonClient({ endpoint: `${base}/api/v2/jsonRPC`, apiKey: KEY });
  wallets = ((await (await fetch(`${base}/api/local/wallets`)).json()) as { wallets: Listed[] }).wallets;
}, 300_000);

afterAll(async () => {
  sql?.close();
  await main?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function post(path: string, body: unknown, headers: Record<string, string> = { 'x-api-key': KEY }) {
  const r = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, checked field by field
  return { status: r.status, headers: r.headers, body: (await r.json()) as any };
}

async function get(path: string) {
  const r = await fetch(`${base}${path}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, checked field by field
  return { status: r.status, body: (await r.json()) as any };
}

/** Waits for the trace the external message `hash` starts to be complete, and answers it (v3 form). */
async function completedTrace(hash: Buffer) {
  const id = encodeURIComponent(hash.toString('base64'));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await get(`/api/v3/traces?msg_hash=${id}`);
    if (r.status === 200 && r.body.traces.length === 1) return r.body.traces[0];
    if (Date.now() > deadline) throw new Error(`no completed trace of message ${hash.toString('hex')}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

const inboundRows = () => sql.prepare('SELECT count(*) FROM inbound_messages').pluck().get() as number;
const accountTxs = (raw: string) =>
  sql.prepare('SELECT count(*) FROM transactions WHERE account = ?').pluck().get(raw) as number;

async function keysOf(w: Listed) {
  return mnemonicToWalletKey(w.mnemonic.split(' '));
}

const messageCell = (m: Message) => beginCell().store(storeMessage(m)).endCell();

describe('the pre-funded wallets', () => {
  it('lists each with its mnemonic, version and address, as a wallet made from the mnemonic has it', async () => {
    expect(wallets.length).toBeGreaterThanOrEqual(2);
    expect(new Set(wallets.map((w) => w.version))).toEqual(new Set(['v4r2', 'v5r1']));
    for (const w of wallets) {
      expect(w.mnemonic.split(' ')).toHaveLength(24);
      const { publicKey } = await keysOf(w);
      // made as a developer makes it: @ton/ton's wallet, its defaults (v5r1: mainnet's network id)
      const contract =
        w.version === 'v4r2'
          ? WalletContractV4.create({ workchain: 0, publicKey })
          : WalletContractV5R1.create({ workchain: 0, publicKey });
      expect(contract.address.toRawString().toUpperCase()).toBe(w.address.toUpperCase());
      expect(Address.parse(w.friendly).equals(contract.address)).toBe(true);
      // funded by a real transfer of the faucet wallet: its balance is on the chain
      expect(await client.getBalance(contract.address)).toBeGreaterThan(toNano('1000'));
    }
    // npm start printed them
    expect(main.stderr()).toContain(wallets[0]!.mnemonic);
  });
});

describe('sending with TonClient', () => {
  it('a v4r2 transfer is accepted, run in the next blocks, and moves balances by the amount and the fees its transactions show', async () => {
    const from = wallets.find((w) => w.version === 'v4r2')!;
    const to = wallets.find((w) => w.version === 'v5r1')!;
    const keys = await keysOf(from);
    const wallet = client.open(WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }));
    const toAddress = Address.parse(to.friendly);
    const before = { from: await client.getBalance(wallet.address), to: await client.getBalance(toAddress) };
    const seqno = await wallet.getSeqno();
    const value = toNano('1.25');
    const transfer = wallet.createTransfer({
      seqno,
      secretKey: keys.secretKey,
      messages: [internal({ to: toAddress, value, bounce: false, body: 'from the sending test' })],
    });
    const message = external({
      to: wallet.address,
      init: seqno === 0 ? wallet.init : undefined,
      body: await transfer,
    });
    await client.sendMessage(message);
    const trace = await completedTrace(messageCell(message).hash());
    const txs = Object.values(trace.transactions) as {
      account: string;
      total_fees: string;
      out_msgs: { fwd_fee: string; value: string }[];
    }[];
    const sender = txs.find((t) => Address.parseRaw(t.account).equals(wallet.address))!;
    const receiver = txs.find((t) => Address.parseRaw(t.account).equals(toAddress))!;
    expect(sender.out_msgs).toHaveLength(1);
    // the message carries the value less its forwarding fee (@ton/ton's default mode pays it from the value)
    const carried = BigInt(sender.out_msgs[0]!.value);
    expect(carried).toBeLessThanOrEqual(value);
    const spent = carried + BigInt(sender.out_msgs[0]!.fwd_fee) + BigInt(sender.total_fees);
    expect(await client.getBalance(wallet.address)).toBe(before.from - spent);
    expect(await client.getBalance(toAddress)).toBe(before.to + carried - BigInt(receiver.total_fees));
    expect(await wallet.getSeqno()).toBe(seqno + 1);
  }, 60_000);

  it('a v5r1 transfer by sendBocReturnHash, and the same message sent again is refused as stale (409) and stores nothing', async () => {
    const from = wallets.find((w) => w.version === 'v5r1')!;
    const keys = await keysOf(from);
    const wallet = client.open(WalletContractV5R1.create({ workchain: 0, publicKey: keys.publicKey }));
    const seqno = await wallet.getSeqno();
    const args = {
      seqno,
      secretKey: keys.secretKey,
      messages: [internal({ to: Address.parse(wallets[0]!.friendly), value: toNano('0.5'), bounce: false })],
      sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
    };
    const body = await wallet.createTransfer(args);
    const message = external({ to: wallet.address, init: seqno === 0 ? wallet.init : undefined, body });
    const boc = messageCell(message).toBoc().toString('base64');
    const sent = await post('/api/v2/sendBocReturnHash', { boc });
    expect(sent.status).toBe(200);
    expect(sent.body.result['@type']).toBe('raw.extMessageInfo');
    expect(sent.body.result.hash).toBe(messageCell(message).hash().toString('base64'));
    const trace = await completedTrace(messageCell(message).hash());
    // the hash answered is the one the ledger keeps for the trace's external message
    expect(trace.external_hash).toBe(sent.body.result.hash);
    expect(await wallet.getSeqno()).toBe(seqno + 1);
    const rows = inboundRows();
    const txs = accountTxs(from.address);
    const again = await post('/api/v2/sendBoc', { boc });
    expect(again.status).toBe(409);
    expect(again.body.ok).toBe(false);
    expect(again.body.error).toMatch(
      /^cannot apply external message to current state : External message was not accepted/,
    );
    expect(again.body.error).toMatch(/exit code \d+/);
    expect(inboundRows()).toBe(rows);
    await new Promise((r) => setTimeout(r, 300));
    expect(accountTxs(from.address)).toBe(txs);
  }, 60_000);
});

describe('sending with tonweb', () => {
  it("a wallet's transfer().send() is accepted and its trace completes", async () => {
    const w = wallets.find((x) => x.version === 'v4r2' && x !== wallets[0]) ?? wallets[0]!;
    const keys = await keysOf(w);
    const tonweb = new TonWeb(new TonWeb.HttpProvider(`${base}/api/v2/jsonRPC`, { apiKey: KEY }));
    const WalletClass = tonweb.wallet.all.v4R2;
    const wallet = new WalletClass(tonweb.provider, { publicKey: keys.publicKey, wc: 0 });
    expect((await wallet.getAddress()).toString(false).toUpperCase()).toBe(w.address.toUpperCase());
    const seqno = (await wallet.methods.seqno().call()) ?? 0;
    const query = wallet.methods.transfer({
      secretKey: keys.secretKey,
      toAddress: wallets[1]!.friendly,
      amount: TonWeb.utils.toNano('0.3'),
      seqno,
      payload: 'tonweb',
      sendMode: 3,
    });
    const external = (await query.getQuery()) as { hash(): Promise<Uint8Array> };
    await query.send();
    const trace = await completedTrace(Buffer.from(await external.hash()));
    expect(Object.keys(trace.transactions).length).toBeGreaterThanOrEqual(2);
  }, 60_000);
});

describe('what is refused', () => {
  async function transferBoc(opts: { seqno?: number; secretKey?: Buffer; timeout?: number } = {}) {
    const w = wallets.find((x) => x.version === 'v4r2')!;
    const keys = await keysOf(w);
    const wallet = client.open(WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }));
    const seqno = opts.seqno ?? (await wallet.getSeqno());
    const body = wallet.createTransfer({
      seqno,
      secretKey: opts.secretKey ?? keys.secretKey,
      timeout: opts.timeout,
      messages: [internal({ to: Address.parse(wallets[1]!.friendly), value: toNano('0.1'), bounce: false })],
    });
    return {
      account: w.address,
      boc: messageCell(external({ to: wallet.address, body }))
        .toBoc()
        .toString('base64'),
    };
  }

  async function refused(body: unknown, status: number, pattern: RegExp, headers?: Record<string, string>) {
    const rows = inboundRows();
    const r = await post('/api/v2/sendBoc', body, headers);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ ok: false, code: status });
    expect(r.body.error).toMatch(pattern);
    expect(inboundRows()).toBe(rows);
    return r;
  }

  it('a bad signature, an expired message: the contract does not accept them, with its exit code', async () => {
    const other = await keysOf(wallets[2]!);
    await refused(await transferBoc({ secretKey: other.secretKey }), 409, /exit code 35 \(bad signature\)/);
    await refused(await transferBoc({ timeout: Math.floor(Date.now() / 1000) - 60 }), 409, /exit code 36 \(expired\)/);
  });

  it('malformed input names what is wrong', async () => {
    await refused({ boc: 'not base64!' }, 422, /boc: not base64/);
    await refused({ boc: Buffer.from('hello world').toString('base64') }, 422, /boc: not a bag of cells/);
    await refused({}, 422, /boc: required/);
    const internalMsg = messageCell({
      info: {
        type: 'internal',
        src: Address.parse(wallets[1]!.friendly),
        dest: Address.parse(wallets[0]!.friendly),
        value: { coins: toNano('1') },
        bounce: false,
        bounced: false,
        ihrDisabled: true,
        ihrFee: 0n,
        forwardFee: 0n,
        createdLt: 0n,
        createdAt: 0,
      },
      body: Cell.EMPTY,
    });
    await refused({ boc: internalMsg.toBoc().toString('base64') }, 422, /internal message/);
    // over the network's 65,535 bytes for an external message
    let big = beginCell().storeBuffer(Buffer.alloc(127, 7)).endCell();
    for (let i = 0; i < 700; i++)
      big = beginCell()
        .storeBuffer(Buffer.alloc(120, i % 256))
        .storeRef(big)
        .endCell();
    const oversize = messageCell(external({ to: Address.parse(wallets[0]!.friendly), body: big }));
    await refused({ boc: oversize.toBoc().toString('base64') }, 422, /over the network's limit/);
    const cell = Cell.fromBase64((await transferBoc()).boc);
    expect(cell.hash()).toHaveLength(32);
  });

  it('a send without the API key the server requires: 401; reads stay open', async () => {
    await refused(await transferBoc(), 401, /API key/, {});
    expect((await get(`/api/v2/getAddressBalance?address=${wallets[0]!.address}`)).status).toBe(200);
  });

  it('a flood from one client: 429 with Retry-After past its bound, other clients untouched', async () => {
    const { boc } = await transferBoc({ seqno: 0 });
    const flood = { 'x-api-key': KEY, 'x-forwarded-for': '10.9.8.7' };
    // all at once: past the burst of 10 the client's bound answers at once, before any emulator run
    // (it refills 5 a second: however slow the machine, most of the 150 meet it)
    const answers = await Promise.all(Array.from({ length: 150 }, () => post('/api/v2/sendBoc', { boc }, flood)));
    const limited = answers.filter((a) => a.status === 429 && /too many messages from this client/.test(a.body.error));
    expect(limited.length).toBeGreaterThanOrEqual(100);
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // the rest were refused as stale (a used seqno), none stored
    expect(answers.every((a) => a.status === 429 || a.status === 409)).toBe(true);
    const mine = await post('/api/v2/sendBoc', { boc });
    expect(mine.status).toBe(409);
  }, 60_000);
});

/** The first v4r2 wallet's next transfer of `value` to `to`: its signed body, not sent. */
async function firstV4Transfer(to: Listed, value: bigint) {
  const w = wallets.find((x) => x.version === 'v4r2')!;
  const keys = await keysOf(w);
  const wallet = client.open(WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }));
  const body = await wallet.createTransfer({
    seqno: await wallet.getSeqno(),
    secretKey: keys.secretKey,
    messages: [internal({ to: Address.parse(to.friendly), value, bounce: false })],
  });
  return { w, wallet, body };
}

describe('v3 and fee estimates', () => {
  it('POST /api/v3/message answers the message hash and its normalized hash', async () => {
    const { wallet, body } = await firstV4Transfer(wallets[3]!, toNano('0.2'));
    const cell = messageCell(external({ to: wallet.address, body }));
    const r = await post('/api/v3/message', { boc: cell.toBoc().toString('base64') });
    expect(r.status).toBe(200);
    expect(r.body.message_hash).toBe(cell.hash().toString('base64'));
    const trace = await completedTrace(cell.hash());
    expect(trace.trace_info.trace_state).toBe('complete');
    expect(typeof r.body.message_hash_norm).toBe('string');
    const found = await get(`/api/v3/traces?msg_hash=${encodeURIComponent(r.body.message_hash_norm)}`);
    expect(found.body.traces[0].trace_id).toBe(trace.trace_id);
  }, 60_000);

  it("estimateFee's fees are the ones the real transaction then charges", async () => {
    const { w, wallet, body } = await firstV4Transfer(wallets[1]!, toNano('0.05'));
    const estimate = await client.estimateExternalMessageFee(wallet.address, {
      body,
      initCode: null,
      initData: null,
      ignoreSignature: true,
    });
    const v3 = await post('/api/v3/estimateFee', { address: w.address, body: body.toBoc().toString('base64') });
    expect(v3.status).toBe(200);
    expect(v3.body.source_fees).toEqual({
      in_fwd_fee: estimate.source_fees.in_fwd_fee,
      storage_fee: expect.any(Number),
      gas_fee: estimate.source_fees.gas_fee,
      fwd_fee: estimate.source_fees.fwd_fee,
    });
    const cell = messageCell(external({ to: wallet.address, body }));
    await client.sendFile(cell.toBoc());
    const trace = await completedTrace(cell.hash());
    const tx = Object.values(trace.transactions).find((t) =>
      Address.parseRaw((t as { account: string }).account).equals(wallet.address),
    ) as { description: { compute_ph: { gas_fees: string } }; out_msgs: { fwd_fee: string }[] };
    expect(BigInt(estimate.source_fees.gas_fee)).toBe(BigInt(tx.description.compute_ph.gas_fees));
    expect(estimate.source_fees.in_fwd_fee).toBeGreaterThan(0);
    expect(estimate.source_fees.fwd_fee).toBeGreaterThan(0);
  }, 60_000);
});

describe('the faucet', () => {
  it('pays an address with no history by a real external message of the faucet wallet, in one request', async () => {
    const info = await get('/api/local/faucet');
    expect(info.status).toBe(200);
    const fresh = new Address(0, Buffer.alloc(32, 0x5a));
    expect(accountTxs(fresh.toRawString().toUpperCase())).toBe(0);
    const r = await post('/api/local/faucet', { address: fresh.toString({ bounceable: false }), amount: '5.5' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ state: 'taken', amount: toNano('5.5').toString() });
    const trace = await completedTrace(Buffer.from(r.body.message_hash, 'base64'));
    const txs = Object.values(trace.transactions) as { account: string; total_fees: string }[];
    // sent by the faucet wallet the server names
    expect(txs.some((t) => Address.parseRaw(t.account).equals(Address.parseRaw(info.body.address)))).toBe(true);
    const paid = txs.find((t) => Address.parseRaw(t.account).equals(fresh))!;
    expect(await client.getBalance(fresh)).toBe(toNano('5.5') - BigInt(paid.total_fees));
  }, 60_000);

  it('refuses what it will not pay, naming why, and stores nothing', async () => {
    const rows = inboundRows();
    const to = wallets[0]!.friendly;
    const over = await post('/api/local/faucet', { address: to, amount: '1000000' });
    expect(over.status).toBe(422);
    expect(over.body.error).toMatch(/amount: at most 1000 TON a request/);
    const bad = await post('/api/local/faucet', { address: 'nowhere', amount: '1' });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatch(/^address: /);
    const zero = await post('/api/local/faucet', { address: to, amount: '0' });
    expect(zero.status).toBe(422);
    const keyless = await post('/api/local/faucet', { address: to, amount: '1' }, {});
    expect(keyless.status).toBe(401);
    expect(inboundRows()).toBe(rows);
  });
});
