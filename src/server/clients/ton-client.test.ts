import { readFileSync } from 'node:fs';
import { Address } from '@ton/core';
import TonWeb from 'tonweb';
import { TonClient } from '@ton/ton';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddressInformation } from '../../api/operations/get-address-information';
import { getMasterchainInfo } from '../../api/operations/get-masterchain-info';
import { getTransactions } from '../../api/operations/get-transactions';
import { runGetMethod } from '../../api/operations/run-get-method';
import { checkJsonRpcAnswer } from '../test-support/contract';
import { startTestServer, type TestServer } from '../test-support/test-server';

// @ton/ton's TonClient, unchanged, pointed at the real server over a real test ledger. Every figure
// it reads is compared with one computed apart from the methods under test: from the v3 traces
// listing (an account's transactions with their states) and the ledger's blocks.

let s: TestServer;
let client: TonClient;
beforeAll(async () => {
  s = await startTestServer();
  client = new TonClient({ endpoint: `${s.base}/api/v2/jsonRPC` });
}, 300_000);
afterAll(async () => s?.close());

interface ListedTx {
  hash: string;
  lt: string;
  account: string;
  in_msg: { source: string | null } | null;
  account_state_after: { balance: string; account_status: string };
}

/** An account's transactions from the traces listing, newest first. */
async function listedTransactions(account: string): Promise<ListedTx[]> {
  const r = await s.get(`/api/v3/traces?account=${account}&limit=1000`);
  expect(r.status).toBe(200);
  const txs = (r.body.traces as { transactions: Record<string, ListedTx> }[])
    .flatMap((t) => Object.values(t.transactions))
    .filter((t) => t.account === account);
  return txs.sort((a, b) => (BigInt(a.lt) < BigInt(b.lt) ? 1 : -1));
}

/**
 * Accounts with this interface whose every transaction is in a completed trace (so the listing,
 * which lists completed traces only, holds them all), busiest first.
 */
function settledAccounts(iface: string): string[] {
  return (
    s.sql
      .prepare(
        `SELECT a.account FROM accounts a JOIN transactions t ON t.account = a.account
         WHERE a.interfaces LIKE ? GROUP BY a.account
         HAVING sum(t.trace_id IN (SELECT trace_id FROM traces WHERE state != 'complete')) = 0
         ORDER BY count(*) DESC, a.account LIMIT 5`,
      )
      .pluck()
      .all(`%"${iface}"%`) as string[]
  ).map(String);
}

/** The JSON-RPC call a client makes, with its envelope, for the methods' own schemas. */
async function rpc(method: string, params: Record<string, unknown>) {
  const res = await fetch(`${s.base}/api/v2/jsonRPC`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: '1', jsonrpc: '2.0', method, params }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  checkJsonRpcAnswer(body);
  return { status: res.status, body, headers: res.headers };
}

describe('TonClient against ledgerscope', () => {
  it('getMasterchainInfo: the newest and the first masterchain block', async () => {
    const info = await client.getMasterchainInfo();
    const newest = Number(s.sql.prepare('SELECT max(seqno) FROM blocks WHERE workchain = -1').pluck().get() as bigint);
    expect(info.latestSeqno).toBe(newest);
    expect(info.initSeqno).toBe(0);
    expect(info.workchain).toBe(-1);
    const { status, body } = await rpc('getMasterchainInfo', {});
    expect(status).toBe(200);
    expect(getMasterchainInfo.response.parse({ ok: body.ok, result: body.result })).toBeTruthy();
    expect(body.id).toBe('1');
  });

  it('getBalance, getContractState, isContractDeployed: the newest transaction state after', async () => {
    const wallets = settledAccounts('wallet_v4r2');
    expect(wallets.length).toBeGreaterThan(0);
    for (const account of wallets) {
      const newest = (await listedTransactions(account))[0]!;
      const address = Address.parse(account);
      expect(await client.getBalance(address)).toBe(BigInt(newest.account_state_after.balance));
      const state = await client.getContractState(address);
      expect(state.balance).toBe(BigInt(newest.account_state_after.balance));
      expect(state.state).toBe(newest.account_state_after.account_status === 'active' ? 'active' : 'uninitialized');
      expect(state.lastTransaction).toEqual({ lt: newest.lt, hash: newest.hash });
      expect(state.code).not.toBeNull();
      expect(await client.isContractDeployed(address)).toBe(newest.account_state_after.account_status === 'active');
      const { body } = await rpc('getAddressInformation', { address: account });
      expect(getAddressInformation.response.parse({ ok: body.ok, result: body.result })).toBeTruthy();
    }
  });

  it('an address the ledger never saw: balance 0, uninitialized, not deployed', async () => {
    const nobody = Address.parse(`0:${'ab'.repeat(32)}`);
    expect(await client.getBalance(nobody)).toBe(0n);
    expect((await client.getContractState(nobody)).state).toBe('uninitialized');
    expect(await client.isContractDeployed(nobody)).toBe(false);
  });

  it('getTransactions: pages of 3 walked by lt and hash equal the listing, newest first', async () => {
    const account = settledAccounts('wallet_v4r2')[0]!;
    const listed = await listedTransactions(account);
    expect(listed.length).toBeGreaterThan(4);
    const address = Address.parse(account);
    const walked: string[] = [];
    let page = await client.getTransactions(address, { limit: 3 });
    while (page.length > 0) {
      walked.push(...page.map((t) => t.hash().toString('base64')));
      const last = page.at(-1)!;
      page = await client.getTransactions(address, {
        limit: 3,
        lt: last.lt.toString(),
        hash: last.hash().toString('base64'),
      });
    }
    expect(walked).toEqual(listed.map((t) => t.hash));
    // to_lt stops above the given lt; the published shape holds
    const { body } = await rpc('getTransactions', { address: account, limit: 100, to_lt: listed[2]!.lt });
    const result = getTransactions.response.parse({ ok: body.ok, result: body.result }).result;
    expect(result.map((t) => t.transaction_id.hash)).toEqual(listed.slice(0, 2).map((t) => t.hash));
  });
});

describe('get methods on the real TVM', () => {
  it.each(['wallet_v4r2', 'wallet_v5r1'])(
    'runMethod seqno on a %s: the external messages it accepted',
    async (iface) => {
      const wallets = settledAccounts(iface);
      expect(wallets.length).toBeGreaterThan(0);
      for (const account of wallets.slice(0, 2)) {
        const accepted = (await listedTransactions(account)).filter((t) => t.in_msg && t.in_msg.source === null);
        const address = Address.parse(account);
        const r = await client.runMethod(address, 'seqno');
        expect(r.stack.readNumber()).toBe(accepted.length);
        // what open(wallet).getSeqno() asks, through the contract provider
        const viaProvider = await client.provider(address).get('seqno', []);
        expect(viaProvider.stack.readNumber()).toBe(accepted.length);
      }
    },
  );

  it('a method the code lacks answers its exit code (11), not an error', async () => {
    const account = settledAccounts('wallet_v4r2')[0]!;
    const { status, body } = await rpc('runGetMethod', { address: account, method: 'no_such_method', stack: [] });
    expect(status).toBe(200);
    const result = runGetMethod.response.parse({ ok: body.ok, result: body.result }).result;
    expect(result.exit_code).toBe(11);
    expect(result.gas_used).toBeGreaterThan(0);
  });

  it('a stack entry that is not a cell names the parameter', async () => {
    const account = settledAccounts('wallet_v4r2')[0]!;
    const { status, body } = await rpc('runGetMethod', {
      address: account,
      method: 'seqno',
      stack: [['tvm.Cell', 'AAAA']],
    });
    expect(status).toBe(422);
    expect(body.error).toMatch(/stack/);
  });
});

describe('the JSON-RPC envelope', () => {
  it('answers a batch as an array, in order, failures in their place', async () => {
    const res = await fetch(`${s.base}/api/v2/jsonRPC`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { id: 'a', jsonrpc: '2.0', method: 'getMasterchainInfo', params: {} },
        { id: 'b', jsonrpc: '2.0', method: 'getAddressBalance', params: { address: 'nope' } },
        { id: 'c', jsonrpc: '2.0', method: 'noSuchMethod', params: {} },
      ]),
    });
    expect(res.status).toBe(200);
    const answers = (await res.json()) as { ok: boolean; id: string; code?: number; error?: string }[];
    answers.forEach(checkJsonRpcAnswer);
    expect(answers.map((a) => [a.id, a.ok, a.code])).toEqual([
      ['a', true, undefined],
      ['b', false, 422],
      ['c', false, 404],
    ]);
    expect(answers[1]!.error).toMatch(/address/);
  });

  it('where sending is off, refuses the methods that would send, with a code of their own', async () => {
    for (const method of ['sendBoc', 'sendBocReturnHash', 'sendQuery', 'estimateFee']) {
      const { status, body } = await rpc(method, { boc: 'te6cc' });
      expect(status).toBe(403);
      expect(body).toMatchObject({ ok: false, code: 403, id: '1' });
      expect(body.error).toMatch(/sending is off/);
    }
    const r = await s.get('/api/v2/sendBoc');
    expect(r.status).toBe(403);
    const v3 = await fetch(`${s.base}/api/v3/message`, { method: 'POST', body: '{"boc":"te6cc"}' });
    expect(v3.status).toBe(403);
    // and lists no wallets: the switch that turns sending off hides the keys
    expect((await s.get('/api/local/wallets')).status).toBe(404);
  });

  it('names the parameter that is wrong', async () => {
    const { status, body } = await rpc('getTransactions', { address: `0:${'00'.repeat(32)}`, lt: '5' });
    expect(status).toBe(422);
    expect(body.error).toMatch(/lt and hash/);
  });
});

describe('each method by GET as well, held to our schemas and the published v2 contract', () => {
  it('answers the same result as by JSON-RPC', async () => {
    const account = settledAccounts('wallet_v4r2')[0]!;
    for (const [method, params] of [
      ['getMasterchainInfo', {}],
      ['getAddressInformation', { address: account }],
      ['getAddressBalance', { address: account }],
      ['getAddressState', { address: account }],
      ['getTransactions', { address: account, limit: '5' }],
    ] as const) {
      const query = new URLSearchParams(params as Record<string, string>).toString();
      const got = await s.get(`/api/v2/${method}?${query}`);
      expect(got.status).toBe(200);
      const byRpc = await rpc(method, params);
      const strip = (r: unknown) => JSON.parse(JSON.stringify(r).replace(/"@extra":"[^"]*"/g, '"@extra":""'));
      expect(strip(got.body.result)).toEqual(strip(byRpc.body.result));
    }
  });
});

describe('runGetMethod by POST, the form TON Center serves, from any origin', () => {
  it('answers a JSON body as the same call by GET, and a browser may send it from another origin', async () => {
    const account = settledAccounts('wallet_v4r2')[0]!;
    const call = { address: account, method: 'seqno', stack: [] };
    const posted = await fetch(`${s.base}/api/v2/runGetMethod`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://explorer.example' },
      body: JSON.stringify(call),
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('access-control-allow-origin')).toBe('*');
    const byPost = (await posted.json()) as { ok: boolean; result: { exit_code: number } };
    const byGet = await s.get(`/api/v2/runGetMethod?address=${account}&method=seqno&stack=[]`);
    expect(byGet.status).toBe(200);
    expect(byPost.ok).toBe(true);
    expect(byPost.result.exit_code).toBe(0);
    const strip = (r: unknown) => JSON.parse(JSON.stringify(r).replace(/"@extra":"[^"]*"/g, '"@extra":""'));
    expect(strip(byPost.result)).toEqual(strip(byGet.body.result));
    // the preflight a browser sends first, for runGetMethod and for JSON-RPC
    for (const path of ['/api/v2/runGetMethod', '/api/v2/jsonRPC', '/api/v3/runGetMethod']) {
      const preflight = await fetch(s.base + path, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://explorer.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods'), path).toContain('POST');
      expect(preflight.headers.get('access-control-allow-headers'), path).toContain('content-type');
    }
    // an operation that takes no POST still refuses the preflight's method
    const refused = await fetch(`${s.base}/api/v3/traces`, { method: 'OPTIONS' });
    expect(refused.status).toBe(405);
  });
});

describe("the README's lines, run as written against the test server", () => {
  /** The README's TypeScript blocks under "Use it from code", the port pointed at the test server. */
  const snippets = (): string[] => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Use it from code'));
    return [...section.matchAll(/```ts\n([\s\S]*?)```/g)]
      .slice(0, 2)
      .map((m) => m[1]!.replaceAll('http://127.0.0.1:8080', s.base));
  };
  const run = (code: string, address: string) =>
    new Function(
      'TonClient',
      'TonWeb',
      'Address',
      'address',
      `return (async () => { ${code}; return { balance, seqno }; })();`,
    )(TonClient, TonWeb, Address, address) as Promise<{ balance: unknown; seqno: number }>;

  it('TonClient and tonweb read the balance and seqno the traces listing gives', async () => {
    const [withTonClient, withTonweb] = snippets();
    expect(withTonClient).toContain('new TonClient');
    expect(withTonweb).toContain('new TonWeb');
    const account = settledAccounts('wallet_v4r2')[0]!;
    const listed = await listedTransactions(account);
    const balance = BigInt(listed[0]!.account_state_after.balance);
    const seqno = listed.filter((t) => t.in_msg && t.in_msg.source === null).length;
    const a = await run(withTonClient!, account);
    expect(a).toEqual({ balance, seqno });
    const b = await run(withTonweb!, account);
    expect(BigInt(String(b.balance))).toBe(balance);
    expect(b.seqno).toBe(seqno);
  });
});
