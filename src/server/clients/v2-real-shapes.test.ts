import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawBodyMessage } from '../serialize/v2-account';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { accountLeftNonexistent } from '../test-support/ledger-accounts';

// Two forms of TON Center's v2 answers that its published schema does not show and its real
// answers have (its server, pyTON: ton-http-api's main.py and pytonlib's get_transactions):
// getTransactions puts `message` on every raw.message, and the balance of an account that does not
// exist is the JSON number 0. Each figure is read apart from the method under test: the recorded
// answer, the ledger's tables, the producer's saved ShardAccounts.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 300_000);
afterAll(async () => s?.close());

interface RawMessage {
  msg_data: { '@type': string; body?: string; text?: string };
  message?: unknown;
  [key: string]: unknown;
}
interface RawTransaction {
  in_msg?: RawMessage;
  out_msgs: RawMessage[];
}

const recorded = JSON.parse(
  readFileSync(new URL('../../api/test-support/fixtures/ton-center/v2-transactions-1.json', import.meta.url), 'utf8'),
) as { result: RawTransaction[] };
const messagesOf = (txs: RawTransaction[]) => txs.flatMap((t) => [...(t.in_msg ? [t.in_msg] : []), ...t.out_msgs]);
const textOf = (m: RawMessage) => Buffer.from(m.msg_data.text!, 'base64').toString('utf8');

async function ok(path: string) {
  const r = await s.get(path);
  expect(r.status, `${path}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
  return r.body.result;
}

/** Accounts of this interface, busiest first. */
const busiest = (iface: string, limit: number): string[] =>
  (
    s.sql
      .prepare(
        `SELECT a.account FROM accounts a JOIN transactions t ON t.account = a.account
         WHERE a.interfaces LIKE ? GROUP BY a.account ORDER BY count(*) DESC, a.account LIMIT ?`,
      )
      .pluck()
      .all(`%"${iface}"%`, limit) as string[]
  ).map(String);

describe('getTransactions: `message` on every raw.message', () => {
  it("the recorded answer's: a comment's text, any other body's root data in Python's base64 lines", () => {
    const all = messagesOf(recorded.result);
    const raw = all.filter((m) => m.msg_data['@type'] === 'msg.dataRaw');
    const text = all.filter((m) => m.msg_data['@type'] === 'msg.dataText');
    expect(raw.length).toBeGreaterThan(0);
    expect(text.length).toBeGreaterThan(0);
    for (const m of raw) expect(rawBodyMessage(Buffer.from(m.msg_data.body!, 'base64'))).toBe(m.message);
    for (const m of text) expect(m.message).toBe(textOf(m));
    // bodies of more than 57 bytes of data are more than one line
    expect(raw.some((m) => (m.message as string).split('\n').length > 2)).toBe(true);
  });

  it('ours: every message carries it, made as the recorded answer’s are, with every key the recorded ones have', async () => {
    const accounts = [...busiest('wallet_v4r2', 3), ...busiest('wallet_v5r1', 3), ...busiest('jetton_wallet', 2)];
    const ours: RawMessage[] = [];
    for (const account of accounts)
      ours.push(...messagesOf((await ok(`/api/v2/getTransactions?address=${account}&limit=100`)) as RawTransaction[]));
    const keysOf = (kind: string) =>
      new Set(messagesOf(recorded.result).flatMap((m) => (m.msg_data['@type'] === kind ? Object.keys(m) : [])));
    let raw = 0;
    let text = 0;
    for (const m of ours) {
      expect(typeof m.message).toBe('string');
      for (const key of keysOf(m.msg_data['@type'])) expect(m).toHaveProperty([key]);
      if (m.msg_data['@type'] === 'msg.dataText') {
        text += 1;
        expect(m.message).toBe(textOf(m));
      } else {
        raw += 1;
        expect(m.message).toBe(rawBodyMessage(Buffer.from(m.msg_data.body!, 'base64')));
      }
    }
    expect(raw).toBeGreaterThan(0);
    expect(text).toBeGreaterThan(0);
  });
});

describe('the balance of an account that does not exist is the number 0', () => {
  it('an address never seen and one left nonexistent: 0 in getAddressInformation and getWalletInformation', async () => {
    const left = accountLeftNonexistent(s.sql);
    for (const account of [`0:${'ab'.repeat(32)}`, left]) {
      const info = await ok(`/api/v2/getAddressInformation?address=${account}`);
      expect(info).toMatchObject({ balance: 0, state: 'uninitialized' });
      // getAddressBalance keeps a string: TON Center's published TonResponse has no number result
      expect(await ok(`/api/v2/getAddressBalance?address=${account}`)).toBe('0');
      expect(await ok(`/api/v2/getWalletInformation?address=${account}`)).toMatchObject({ wallet: false, balance: 0 });
    }
  });

  it('an account that exists: its balance as a decimal string', async () => {
    const accounts = [...busiest('wallet_v4r2', 2), ...busiest('jetton_master', 1)];
    expect(accounts.length).toBe(3);
    for (const account of accounts) {
      const info = await ok(`/api/v2/getAddressInformation?address=${account}`);
      expect(typeof info.balance).toBe('string');
      expect(await ok(`/api/v2/getAddressBalance?address=${account}`)).toBe(info.balance);
      const wallet = await ok(`/api/v2/getWalletInformation?address=${account}`);
      expect(wallet.balance).toBe(BigInt(info.balance) > 0n ? info.balance : 0);
      // v3's reading of the same state prints the same balance, a string always
      const v3 = await s.get(`/api/v3/addressInformation?address=${account}`);
      expect(v3.body.balance).toBe(info.balance);
    }
  });
});
