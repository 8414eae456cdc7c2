// `npm run sandbox` against real @ton/sandbox runs with the UI on: every transaction sandbox returned
// is found through the API, each trace's tree is sandbox's, balance changes are what sandbox's
// balances say; and bad input (not JSON, a bad BOC, a frame too large, a client gone mid-frame, two
// runs at once, the port taken) is refused or stored whole while the receiver keeps running.
// Expected figures come from what sandbox returned, never from pinned numbers.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import Database from 'better-sqlite3';
import { Address, toNano } from '@ton/core';
import {
  Blockchain,
  internal,
  type BlockchainTransaction,
  type SandboxContract,
  type TreasuryContract,
} from '@ton/sandbox';
import { serializeTransactions } from '@ton/sandbox/dist/ui/protocol';
import { compileContracts } from '../ledger/contracts/compile';
import { toRaw } from '../ton/address';
import { SseStream } from '../server/test-support/live-stream';
import { listTests, unpacked } from './run-store';
import { getJson, sendFrame, waitForTransactions } from './test-support/api';
import { Forwarder, MetaMap, Thrower } from './test-support/contracts';
import { runReceiver, startReceiverProcess, waitForLine, type ReceiverProcess } from './test-support/receiver-process';

// Node 20 has no global WebSocket; sandbox's connectors use the global one (Node 22 has it)
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
// sandbox reads the running test's name and file from jest's global `expect`; vitest's has them too
(globalThis as { expect?: unknown }).expect ??= expect;

interface Sent {
  transactions: BlockchainTransaction[];
  /** Each account's balance before and after the send, as sandbox holds it. */
  before: Map<string, bigint>;
  after: Map<string, bigint>;
}

const hex = (b: Buffer) => b.toString('hex');
const b64hex = (s: string) => Buffer.from(s, 'base64').toString('hex');

interface State {
  hash: string;
  balance: string;
  account_status: string;
  data_hash: string | null;
  code_hash: string | null;
}

interface TraceNode {
  tx_hash: string;
  children: TraceNode[];
}

describe('npm run sandbox: a receiver of @ton/sandbox test runs', () => {
  let dir: string;
  let recv: ReceiverProcess;
  let blockchain: Blockchain;
  let deployer: SandboxContract<TreasuryContract>;
  const sent: Sent[] = [];

  /** Runs `send` with the UI on, keeping sandbox's transactions and the balances around it. */
  async function record(
    chain: Blockchain,
    send: () => Promise<{ transactions: BlockchainTransaction[] }>,
    watch: Address[],
  ): Promise<Sent> {
    const balances = async () => {
      const m = new Map<string, bigint>();
      for (const a of watch) m.set(toRaw(a), (await chain.getContract(a)).balance);
      return m;
    };
    const before = await balances();
    const r = await send();
    const s = { transactions: r.transactions, before, after: await balances() };
    sent.push(s);
    return s;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ledgerscope-sandbox-'));
    recv = await startReceiverProcess({ LEDGER_DB: join(dir, 'sandbox.db'), SANDBOX_MAX_FRAME_MB: '2' });
    process.env.SANDBOX_WEBSOCKET_ADDR = recv.ws;
    blockchain = await Blockchain.create({ uiOptions: { enabled: true }, meta: new MetaMap() });
    deployer = await blockchain.treasury('deployer');
  });

  afterAll(async () => {
    await recv?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores deploys, a transfer, a failing call that bounces and fan-outs, each found with its tree', async () => {
    const code = await compileContracts();
    // each transaction's data before and after, sent with the frame: checked against the states below
    blockchain.recordStorage = true;
    const other = await blockchain.treasury('other');
    const thrower = blockchain.openContract(Thrower.fromCode(code.thrower));
    const forwarder = blockchain.openContract(Forwarder.fromCode(code.forwarder, 1n));
    const watch = [deployer.address, other.address, thrower.address, forwarder.address];
    await record(blockchain, () => thrower.sendDeploy(deployer.getSender(), toNano('1')), watch);
    await record(blockchain, () => deployer.send({ to: other.address, value: toNano('2.5'), bounce: false }), watch);
    const failed = await record(blockchain, () => thrower.sendThrow(deployer.getSender(), toNano('0.5'), 77), watch);
    const fan = await record(blockchain, () => forwarder.sendFan(deployer.getSender(), toNano('3'), 2, 2), watch);
    // a fan-out deploying eight children: each message it sends has a state init and a body, too many
    // layouts to try one by one (original-cell.ts), as its parent's message is laid out otherwise
    const wideForwarder = blockchain.openContract(Forwarder.fromCode(code.forwarder, 3n));
    const wide = await record(blockchain, () => wideForwarder.sendFan(deployer.getSender(), toNano('3'), 8, 1), [
      ...watch,
      wideForwarder.address,
    ]);

    // the failing call: sandbox says the thrower's compute phase exited 77 and the message bounced
    const throwTx = failed.transactions.find((t) => t.inMessage?.info.dest?.toString() === thrower.address.toString());
    expect(throwTx?.description.type === 'generic' && throwTx.description.computePhase.type === 'vm').toBe(true);
    expect(failed.transactions.length).toBe(3);
    expect(fan.transactions.length).toBe(8);
    expect(wide.transactions.length).toBe(10);

    const all = sent.flatMap((s) => s.transactions);
    await waitForTransactions(
      recv.api,
      all.map((t) => hex(t.hash())),
      () => recv.stderr(),
    );

    for (const s of sent) {
      const root = s.transactions.find((t) => !t.parent)!;
      const r = await getJson<{
        traces: { trace_id: string; trace: TraceNode; trace_info: { transactions: number; trace_state: string } }[];
      }>(`${recv.api}/api/v3/traces?trace_id=${hex(root.hash())}`);
      expect(r.traces.length).toBe(1);
      const trace = r.traces[0]!;
      expect(b64hex(trace.trace_id)).toBe(hex(root.hash()));
      expect(trace.trace_info.transactions).toBe(s.transactions.length);
      expect(trace.trace_info.trace_state).toBe('complete');
      // the tree: sandbox's children of each transaction, by hash
      const sandboxChildren = (t: BlockchainTransaction) => t.children.map((c) => hex(c.hash())).sort();
      const byHash = new Map(s.transactions.map((t) => [hex(t.hash()), t]));
      const walk = (node: TraceNode): number => {
        const tx = byHash.get(b64hex(node.tx_hash));
        expect(tx, `trace node ${node.tx_hash} is one of sandbox's transactions`).toBeDefined();
        expect(node.children.map((c) => b64hex(c.tx_hash)).sort()).toEqual(sandboxChildren(tx!));
        return 1 + node.children.reduce((n, c) => n + walk(c), 0);
      };
      expect(walk(trace.trace)).toBe(s.transactions.length);

      // balance changes: what sandbox's balances moved by, for every account it holds
      const bc = await getJson<{ changes: Record<string, number> }>(
        `${recv.api}/api/v3/balanceChanges?trace_id=${hex(root.hash())}`,
      );
      for (const [account, after] of s.after) {
        const change = after - s.before.get(account)!;
        if (change === 0n && !(account in bc.changes)) continue;
        expect(BigInt(bc.changes[account] ?? 0), `balance change of ${account}`).toBe(change);
      }
    }

    // each transaction's states: hashes from its state update, data as sandbox recorded it, code
    // known for every active state, the balance after each account's last transaction sandbox's
    for (const s of sent) {
      const last = new Map<string, BlockchainTransaction>();
      for (const t of s.transactions) last.set(t.address.toString(16), t);
      for (const t of s.transactions) {
        const tx = (
          await getJson<{
            transactions: { account: string; account_state_before: State; account_state_after: State }[];
          }>(`${recv.api}/api/v3/transactions?hash=${hex(t.hash())}`)
        ).transactions[0]!;
        expect(b64hex(tx.account_state_before.hash)).toBe(hex(t.stateUpdate.oldHash));
        expect(b64hex(tx.account_state_after.hash)).toBe(hex(t.stateUpdate.newHash));
        if (t.oldStorage) expect(b64hex(tx.account_state_before.data_hash!)).toBe(hex(t.oldStorage.hash()));
        if (t.newStorage) expect(b64hex(tx.account_state_after.data_hash!)).toBe(hex(t.newStorage.hash()));
        for (const st of [tx.account_state_before, tx.account_state_after])
          if (st.account_status === 'active') expect(st.code_hash, `code of ${tx.account}`).not.toBeNull();
        if (last.get(t.address.toString(16)) === t && s.after.has(tx.account))
          expect(BigInt(tx.account_state_after.balance)).toBe(s.after.get(tx.account));
      }
    }

    // where an account's states are exact at both ends of a frame, its transactions add up to them
    expect(recv.stderr()).not.toMatch(/exact balances differ/);

    // the bounce: found by its message, sent by the thrower, received by the deployer
    const bounceTx = failed.transactions.find(
      (t) => t.inMessage?.info.type === 'internal' && t.inMessage.info.bounced,
    )!;
    expect(bounceTx).toBeDefined();
    const inMsg = (
      await getJson<{ transactions: { in_msg: { hash: string; bounced: boolean } }[] }>(
        `${recv.api}/api/v3/transactions?hash=${hex(bounceTx.hash())}`,
      )
    ).transactions[0]!.in_msg;
    expect(inMsg.bounced).toBe(true);
    const byMessage = await getJson<{ transactions: { hash: string }[] }>(
      `${recv.api}/api/v3/transactionsByMessage?msg_hash=${b64hex(inMsg.hash)}`,
    );
    expect(byMessage.transactions.map((t) => b64hex(t.hash)).sort()).toEqual(
      [hex(bounceTx.hash()), hex(throwTx!.hash())].sort(),
    );
  });

  it("records each test's name and file, its contracts' wrapper names and treasury seeds, and each transaction's logs", async () => {
    const db = new Database(join(dir, 'sandbox.db'), { readonly: true });
    try {
      const tests = listTests(db);
      const test = tests.find((t) => t.name?.startsWith('npm run sandbox') && t.name.includes('stores deploys'));
      expect(test, JSON.stringify(tests)).toBeDefined();
      expect(test!.path).toMatch(/sandbox\.test\.ts$/);
      expect(test!.frames).toBe(6); // the second treasury, then the five sends
      const contracts = db
        .prepare(
          'SELECT account, wrapper_name AS wrapper, treasury_seed AS seed FROM sandbox_contracts WHERE test_key = ?',
        )
        .all(test!.testKey) as { account: string; wrapper: string | null; seed: string | null }[];
      const by = new Map(contracts.map((c) => [c.account, c]));
      expect(by.get(toRaw(deployer.address))?.seed).toBe('deployer');
      const wrappers = contracts.map((c) => c.wrapper).filter(Boolean);
      expect(wrappers).toContain('Thrower');
      expect(wrappers).toContain('Forwarder');
      // every transaction sandbox returned has its VM log (verbose, with the UI on) and its links
      for (const t of sent.flatMap((x) => x.transactions)) {
        const row = db.prepare('SELECT vm_logs, parent_lt FROM sandbox_transactions WHERE hash = ?').get(t.hash()) as
          { vm_logs: Buffer | null; parent_lt: string | null } | undefined;
        expect(row, hex(t.hash())).toBeDefined();
        expect(row!.parent_lt).toBe(t.parent ? t.parent.lt.toString() : null);
        if (t.vmLogs) expect(unpacked(row!.vm_logs)).toBe(t.vmLogs);
      }
    } finally {
      db.close();
    }
  });

  it("streams a run's transactions to a subscriber of the account, as they are received", async () => {
    const stream = await SseStream.open(recv.api, { types: ['transactions'], addresses: [toRaw(deployer.address)] });
    try {
      expect(stream.status).toBe(200);
      await stream.until(() => stream.frames.some((f) => f.event === 'connected'), 'connected');
      const other = await blockchain.treasury('other');
      const s = await record(
        blockchain,
        () => deployer.send({ to: other.address, value: toNano('0.1'), bounce: false }),
        [deployer.address, other.address],
      );
      const mine = hex(s.transactions.find((t) => !t.parent)!.hash());
      const seen = () =>
        stream.events.some(
          (e: { type: string; transactions?: { hash: string }[] }) =>
            e.type === 'transactions' && (e.transactions ?? []).some((t) => b64hex(t.hash) === mine),
        );
      await stream.until(seen, `the transaction ${mine}`);
    } finally {
      stream.close();
    }
  });

  it('refuses a frame that is not JSON, or whose BOC does not parse, with the cause, and keeps receiving', async () => {
    const notJson = await sendFrame(recv.ws, '{"type": "test-data", ');
    expect(notJson).toMatchObject({ stored: false });
    expect(notJson.reason).toMatch(/not JSON/);
    const badBoc = await sendFrame(
      recv.ws,
      JSON.stringify({
        type: 'test-data',
        transactions: { transactions: [{ transaction: 'b5ee9c72deadbeef', childrenIds: [] }] },
        contracts: [],
      }),
    );
    expect(badBoc).toMatchObject({ stored: false });
    expect(badBoc.reason).toMatch(/transaction 0: unparseable BOC/);
    const notAFrame = await sendFrame(recv.ws, JSON.stringify({ type: 'something-else' }));
    expect(notAFrame.reason).toMatch(/not a test-data frame/);
    await waitForLine(recv, /refused: transaction 0: unparseable BOC/);
    await waitForLine(recv, /refused: not JSON/);
  });

  it('refuses a frame larger than SANDBOX_MAX_FRAME_MB, closing that connection only', async () => {
    const code = await new Promise<number>((resolve, reject) => {
      const s = new WebSocket(recv.ws);
      s.once('open', () => s.send('x'.repeat(3 * 1024 * 1024)));
      s.once('close', (c) => resolve(c));
      s.once('error', () => undefined);
      setTimeout(() => reject(new Error('the connection stayed open')), 30_000);
    });
    expect(code).toBe(1009);
    await waitForLine(recv, /refused: larger than 2097152 bytes \(SANDBOX_MAX_FRAME_MB\)/);
  });

  it('drops a frame whose client disconnects in the middle of it, saying so', async () => {
    const before = recv.stderr().length;
    const { hostname, port } = new URL(recv.ws);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          'GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
        );
      });
      socket.once('data', (answer) => {
        expect(String(answer)).toMatch(/^HTTP\/1.1 101/);
        // a masked text frame announcing 1,000 bytes, of which 100 are sent
        const header = Buffer.from([0x81, 0x80 | 126, 0x03, 0xe8, 1, 2, 3, 4]);
        socket.write(Buffer.concat([header, Buffer.alloc(100, 0x41)]), () => {
          socket.destroy();
          resolve();
        });
      });
      socket.once('error', reject);
    });
    const line = await waitForLine(recv, /connection from [\d.:]+ ended without a closing handshake \(1006\)[^\n]*/);
    expect(line.index).toBeGreaterThanOrEqual(before);
  });

  it('stores the runs of two test processes sending at once, each frame whole; a trace already stored is not stored twice', async () => {
    // both processes on one clock: funding the treasury `shared` is then the very same transaction in both
    const now = String(Math.floor(Date.now() / 1000));
    const runs = await Promise.all(
      ['first', 'second'].map(
        (seed) =>
          new Promise<{ hash: string; parent: string | null; children: string[] }[][]>((resolve, reject) => {
            const child = spawn(
              process.execPath,
              ['--import', 'tsx', join(process.cwd(), 'src', 'sandbox', 'test-support', 'sandbox-run.ts'), seed],
              {
                env: { ...process.env, SANDBOX_WEBSOCKET_ADDR: recv.ws, SANDBOX_NOW: now },
                stdio: ['ignore', 'pipe', 'pipe'],
              },
            );
            let out = '';
            let err = '';
            child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
            child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
            child.once('exit', (code) => {
              if (code !== 0) reject(new Error(`the test process ${seed} exited ${code}: ${err}`));
              else
                resolve(
                  out
                    .trim()
                    .split('\n')
                    .map((l) => JSON.parse(l) as { hash: string; parent: string | null; children: string[] }[]),
                );
            });
          }),
      ),
    );
    const all = runs.flat(2);
    expect(all.length).toBe(12);
    await waitForTransactions(
      recv.api,
      all.map((t) => t.hash),
      () => recv.stderr(),
    );
    for (const run of runs.flat()) {
      const root = run.find((t) => !t.parent)!;
      const r = await getJson<{ traces: { trace: TraceNode }[] }>(`${recv.api}/api/v3/traces?tx_hash=${root.hash}`);
      expect(r.traces.length).toBe(1);
      expect(b64hex(r.traces[0]!.trace.tx_hash)).toBe(root.hash);
      expect(r.traces[0]!.trace.children.map((c) => b64hex(c.tx_hash))).toEqual(root.children);
    }
    expect(recv.stderr()).not.toMatch(/refused: (?!not JSON|transaction 0: unparseable|not a test-data|larger than)/);
    expect(recv.stderr()).toMatch(/: 0 transactions, 0 traces, 1 already in the ledger/);
    // each process's frames under its own test: two fundings and three transfers (one funding was known)
    const db = new Database(join(dir, 'sandbox.db'), { readonly: true });
    try {
      const frames = new Map(listTests(db).map((t) => [t.name, t.frames]));
      expect(frames.get('test process first')! + frames.get('test process second')!).toBe(10);
    } finally {
      db.close();
    }
  });

  it('accepts the earlier frame shape ($, testName, transactions as a JSON string)', async () => {
    const chain = await Blockchain.create({ uiOptions: { enabled: false } });
    const nowhere = new Address(0, Buffer.alloc(32, 7));
    const target = new Address(0, Buffer.alloc(32, 9));
    const r = await chain.sendMessage(internal({ from: nowhere, to: target, value: toNano('0.25'), bounce: false }));
    const text = JSON.stringify({
      $: 'test-data',
      testName: 'an earlier client',
      transactions: JSON.stringify(serializeTransactions(r.transactions)),
    });
    const answer = await sendFrame(recv.ws, text);
    expect(answer, answer.reason).toMatchObject({ stored: true });
    await waitForTransactions(
      recv.api,
      r.transactions.map((t) => hex(t.hash())),
      () => recv.stderr(),
    );
    const tx = (
      await getJson<{ transactions: { account_state_after: { balance: string } }[] }>(
        `${recv.api}/api/v3/transactions?hash=${hex(r.transactions[0]!.hash())}`,
      )
    ).transactions[0]!;
    expect(BigInt(tx.account_state_after.balance)).toBe((await chain.getContract(target)).balance);
  });

  it('says so and exits when its port is taken', async () => {
    const second = runReceiver({
      LEDGER_DB: join(dir, 'second.db'),
      SANDBOX_WEBSOCKET_PORT: new URL(recv.ws).port,
    });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toMatch(/port \d+ of 127\.0\.0\.1 is in use/);
    // the first one still answers
    expect((await fetch(`${recv.api}/api/v3/masterchainInfo`)).status).toBe(200);
  });

  it('closes cleanly on SIGTERM, keeping what it stored', async () => {
    expect(await recv.stop()).toBe(0);
    expect(recv.stderr()).toMatch(/SIGTERM: finishing requests in flight, then closing the store/);
    const db = new Database(join(dir, 'sandbox.db'), { readonly: true });
    try {
      const tx = sent[0]!.transactions[0]!;
      expect(db.prepare('SELECT count(*) AS n FROM transactions WHERE hash = ?').get(tx.hash())).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });
});
