// TON Center's published contract, held against the real server on a generated ledger. Every answer
// that startTestServer's `get` receives is validated against src/api/test-support/ton-center-contract
// (and the strict zod responses of src/api/operations); these tests make many varied requests so that every shape, every
// null-or-absent rule and the rare fields (a cut trace, a bounce without funds, a tick-tock root)
// go through that check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, type ContractParameter } from '../api/test-support/ton-center-contract/operations';
import { decodeDescription } from '../store/compact';
import { FULL_SHARD } from '../ton/shard';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkContract, checkTonCenterAnswer } from './test-support/contract';
import { startTestServer, TEST_TRACE_MAX_TXS, type TestServer } from './test-support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 300_000);
afterAll(async () => s?.close());

const q = encodeURIComponent;

async function ok(path: string) {
  const r = await s.get(path);
  expect(r.status, `${path}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
  return r.body;
}

/** Samples of the ledger, read from the store: a trace of each shape, messages, blocks. */
function samples() {
  const one = <T>(sql: string, ...args: unknown[]) => s.sql.prepare(sql).get(...args) as T;
  const b64 = (b: Buffer) => b.toString('base64');
  const big = one<{ trace_id: Buffer; transactions: bigint }>(
    'SELECT trace_id, transactions FROM traces ORDER BY transactions DESC LIMIT 1',
  );
  const tickTock = one<{ trace_id: Buffer }>(
    "SELECT trace_id FROM traces WHERE external_hash IS NULL AND state = 'complete' LIMIT 1",
  );
  // descriptions are stored deflated (src/store/compact.ts): read back in JS to look inside
  const described = s.sql.prepare('SELECT hash, trace_id, description FROM transactions').all() as {
    hash: Buffer;
    trace_id: Buffer;
    description: Buffer;
  }[];
  const noFunds = described.find(
    (t) => (decodeDescription(t.description) as { bounce?: { type?: string } }).bounce?.type === 'nofunds',
  )!;
  const external = one<{ msg_hash: Buffer }>(
    "SELECT msg_hash FROM messages WHERE direction = 'in' AND source IS NULL LIMIT 1",
  );
  const internal = one<{ msg_hash: Buffer; body_hash: Buffer }>(
    "SELECT msg_hash, body_hash FROM messages WHERE direction = 'out' AND destination IS NOT NULL LIMIT 1",
  );
  const lastMc = Number(one<{ n: bigint }>('SELECT max(seqno) AS n FROM blocks WHERE workchain = -1').n);
  const shardBlock = one<{ workchain: bigint; shard: bigint; seqno: bigint }>(
    'SELECT workchain, shard, seqno FROM blocks WHERE workchain = 0 AND tx_count > 0 ORDER BY seqno DESC LIMIT 1',
  );
  const account = one<{ account: string }>('SELECT account FROM transactions WHERE workchain = 0 LIMIT 1').account;
  return {
    big: { traceId: b64(big.trace_id), transactions: Number(big.transactions) },
    tickTock: b64(tickTock.trace_id),
    noFunds: { tx: b64(noFunds.hash), trace: b64(noFunds.trace_id) },
    external: b64(external.msg_hash),
    internal: { hash: b64(internal.msg_hash), body: b64(internal.body_hash) },
    lastMc,
    shardBlock: {
      workchain: Number(shardBlock.workchain),
      shard: String(shardBlock.shard),
      seqno: Number(shardBlock.seqno),
    },
    account,
  };
}

describe('every operation answers within the published contract', () => {
  it('masterchainBlockShardState across the whole ledger, both sorts, paged', async () => {
    const { lastMc } = samples();
    for (let seqno = 0; seqno <= lastMc; seqno += 1) {
      const r = await ok(`/api/v3/masterchainBlockShardState?seqno=${seqno}&limit=1000`);
      expect(r.blocks[0]).toMatchObject({ workchain: -1, seqno });
      // TON Center's Block: times and lts as decimal strings
      for (const b of r.blocks) expect(b.gen_utime).toMatch(/^\d+$/);
    }
    await ok(`/api/v3/masterchainBlockShardState?seqno=${lastMc}&sort=asc&limit=3&offset=2`);
  });

  it('traces: every trace of the ledger with its actions, and each filter', async () => {
    const { account, external, internal, lastMc } = samples();
    let offset = 0;
    let seen = 0;
    for (;;) {
      const r = await ok(`/api/v3/traces?limit=100&offset=${offset}&include_actions=true&sort=asc`);
      seen += r.traces.length;
      if (r.traces.length < 100) break;
      offset += 100;
    }
    expect(seen).toBe(Number(s.sql.prepare("SELECT count(*) FROM traces WHERE state = 'complete'").pluck().get()));
    await ok(`/api/v3/traces?account=${q(account)}&limit=20`);
    await ok(`/api/v3/traces?msg_hash=${q(external)}`);
    await ok(
      `/api/v3/traces?msg_hash=${q(internal.hash)}&include_actions=1&supported_action_types=ton_transfer,call_contract`,
    );
    await ok(`/api/v3/traces?mc_seqno=${lastMc}`);
    await ok(`/api/v3/traces?start_utime=0&end_utime=4294967295&limit=5`);
    await ok(`/api/v3/traces?start_lt=0&end_lt=18446744073709551615&limit=5&sort=asc`);
  });

  it('transactionsByMessage: by message, body and opcode, in and out', async () => {
    const { external, internal } = samples();
    await ok(`/api/v3/transactionsByMessage?msg_hash=${q(external)}`);
    for (const direction of ['in', 'out'])
      await ok(`/api/v3/transactionsByMessage?msg_hash=${q(internal.hash)}&direction=${direction}`);
    await ok(`/api/v3/transactionsByMessage?body_hash=${q(internal.body)}&limit=50`);
    for (const opcode of ['0', '0x7362d09c', '0xd53276db', '0x7468726f'])
      await ok(`/api/v3/transactionsByMessage?opcode=${opcode}&limit=100`);
  });

  it('getBlockTransactionsExt: a masterchain and a shard block, paged by the cursor', async () => {
    const { lastMc, shardBlock } = samples();
    await ok(`/api/v2/getBlockTransactionsExt?workchain=-1&shard=${FULL_SHARD}&seqno=${lastMc}`);
    const first = await ok(
      `/api/v2/getBlockTransactionsExt?workchain=${shardBlock.workchain}&shard=${shardBlock.shard}&seqno=${shardBlock.seqno}&count=1`,
    );
    const last = first.result.transactions[0];
    await ok(
      `/api/v2/getBlockTransactionsExt?workchain=${shardBlock.workchain}&shard=${shardBlock.shard}&seqno=${shardBlock.seqno}&count=2&after_lt=${last.transaction_id.lt}&after_hash=${q(last.account)}`,
    );
  });

  it('errors of both versions', async () => {
    for (const path of [
      '/api/v3/traces?limit=0',
      '/api/v3/masterchainBlockShardState?seqno=99999999',
      '/api/v3/transactionsByMessage',
      '/api/v2/getBlockTransactionsExt?workchain=0',
    ]) {
      const r = await s.get(path);
      expect(r.status, path).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('the contract check itself', () => {
  it('refuses a null where TON Center leaves the key out, a key it does not know, and a wrong type', async () => {
    const { external, lastMc } = samples();
    const good = await ok(`/api/v3/transactionsByMessage?msg_hash=${q(external)}`);
    const path = '/api/v3/transactionsByMessage';
    expect(() => checkContract(path, 200, good)).not.toThrow();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body
    const broken = (change: (tx: Record<string, any>) => void) => {
      const copy = structuredClone(good);
      change(copy.transactions[0]);
      return () => checkContract(path, 200, copy);
    };
    expect(broken((tx) => (tx.account_state_after.code_boc = null))).toThrow(/code_boc/);
    expect(broken((tx) => (tx.in_msg.out_msg_tx_hash = null))).toThrow(/out_msg_tx_hash/);
    expect(broken((tx) => (tx.hash_of_something = 'x'))).toThrow(/hash_of_something/);
    expect(broken((tx) => (tx.lt = 1))).toThrow(/lt/);
    expect(broken((tx) => delete tx.emulated)).toThrow(/emulated/);
    // a decoded body: a comment, or a known body's data (room for the body decoder), nothing else
    expect(
      broken((tx) => (tx.in_msg.message_content.decoded = { type: 'jetton_transfer', data: { amount: '5' } })),
    ).not.toThrow();
    expect(broken((tx) => (tx.in_msg.message_content.decoded = { type: 'text_comment', comment: 'hi' }))).not.toThrow();
    expect(broken((tx) => (tx.in_msg.message_content.decoded = { type: 'jetton_transfer', amount: '5' }))).toThrow(
      /decoded/,
    );
    const shards = await ok(`/api/v3/masterchainBlockShardState?seqno=${lastMc}`);
    shards.blocks[0].gen_utime = Number(shards.blocks[0].gen_utime);
    expect(() => checkContract('/api/v3/masterchainBlockShardState', 200, shards)).toThrow(/gen_utime/);
    expect(() => checkContract('/api/v3/traces', 422, { message: 'no' })).toThrow(/error/);
  });
});

describe('the contract against TON Center itself', () => {
  // The one known deviation of TON Center's server from its published spec: it prints opcodes as
  // "0x…" hex strings where the spec (and our server) has a signed 32-bit integer.
  const opcodesAsPublished = (key: string, value: unknown) =>
    key === 'opcode' && typeof value === 'string' && /^0x[0-9a-f]{8}$/i.test(value)
      ? Number.parseInt(value.slice(2), 16) | 0
      : value;
  const recorded = (file: string) =>
    JSON.parse(readFileSync(join('src/api/test-support/fixtures/ton-center', file), 'utf8'), opcodesAsPublished);
  it("accepts answers recorded from TON Center's own servers (our additions aside), so it asks for nothing they do not send", () => {
    expect(() => checkTonCenterAnswer('/api/v3/traces', recorded('v3-traces-cookbook-mainnet.json'))).not.toThrow();
    expect(() =>
      checkTonCenterAnswer(
        '/api/v2/getBlockTransactionsExt',
        recorded('v2-block-transactions-ext-blockpi-mc39984096.json'),
      ),
    ).not.toThrow();
    // the additions stay required of our own server
    expect(() => checkContract('/api/v3/traces', 200, recorded('v3-traces-cookbook-mainnet.json'))).toThrow(
      /transaction_hash/,
    );
  });
});

describe('null or absent, field by field, as TON Center prints them', () => {
  it('a tick-tock trace: the root node has no in_msg nor in_msg_hash, its transactions no trace_external_hash', async () => {
    const r = await ok(`/api/v3/traces?trace_id=${q(samples().tickTock)}&include_actions=true`);
    const t = r.traces[0];
    expect(t.external_hash).toBeNull();
    expect(t.trace).not.toHaveProperty('in_msg');
    expect(t.trace).not.toHaveProperty('in_msg_hash');
    expect(t.trace.transaction.in_msg).toBeNull();
    for (const tx of Object.values(t.transactions)) expect(tx).not.toHaveProperty('trace_external_hash');
  });

  it('an external-in message has no out_msg_tx_hash; account states carry no BOCs; phases carry no nulls', async () => {
    const r = await ok(`/api/v3/transactionsByMessage?msg_hash=${q(samples().external)}&direction=in`);
    const tx = r.transactions[0];
    expect(tx.in_msg).not.toHaveProperty('out_msg_tx_hash');
    expect(tx.in_msg.in_msg_tx_hash).toBe(tx.hash);
    expect(tx.trace_external_hash).toBe(tx.in_msg.hash);
    for (const state of [tx.account_state_before, tx.account_state_after]) {
      expect(state).not.toHaveProperty('code_boc');
      expect(state).not.toHaveProperty('data_boc');
    }
    const nulls = (o: unknown): string[] =>
      o && typeof o === 'object'
        ? Object.entries(o).flatMap(([k, v]) => (v === null ? [k] : nulls(v).map((p) => `${k}.${p}`)))
        : [];
    expect(nulls(tx.description)).toEqual([]);
  });

  it('token info leaves out the strings it does not know', async () => {
    const r = await ok('/api/v3/traces?limit=200&include_actions=true');
    const infos = Object.values(r.metadata as Record<string, { token_info: Record<string, unknown>[] }>).flatMap(
      (m) => m.token_info,
    );
    expect(infos.some((i) => i.type === 'jetton_wallets')).toBe(true);
    for (const i of infos) for (const v of Object.values(i)) expect(v).not.toBeNull();
  });
});

describe('the fields only rare traffic makes', () => {
  it('a bounce that cannot pay its forward fee: bounce phase nofunds with req_fwd_fees, and no bounced message', async () => {
    const { noFunds } = samples();
    const r = await ok(`/api/v3/traces?tx_hash=${q(noFunds.tx)}`);
    const tx = r.traces[0].transactions[noFunds.tx];
    expect(tx.description.compute_ph).toMatchObject({ skipped: false, success: false });
    expect(tx.description.bounce.type).toBe('nofunds');
    expect(BigInt(tx.description.bounce.req_fwd_fees)).toBeGreaterThan(0n);
    expect(tx.out_msgs).toEqual([]);
  });

  it('a trace over the per-trace cap is cut at the cap, in lt order, with is_incomplete and a warning', async () => {
    const { big } = samples();
    expect(big.transactions).toBeGreaterThan(TEST_TRACE_MAX_TXS);
    const r = await ok(`/api/v3/traces?trace_id=${q(big.traceId)}`);
    const t = r.traces[0];
    expect(t.is_incomplete).toBe(true);
    expect(t.warning).toMatch(new RegExp(`${big.transactions}.*${TEST_TRACE_MAX_TXS}`));
    expect(t.trace_info.transactions).toBe(big.transactions);
    expect(t.transactions_order).toHaveLength(TEST_TRACE_MAX_TXS);
    expect(Object.keys(t.transactions)).toHaveLength(TEST_TRACE_MAX_TXS);
    const lts = t.transactions_order.map((h: string) => BigInt(t.transactions[h].lt));
    expect(lts).toEqual([...lts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // asked for actions, it has none, as TON Center prints none for a trace over its cap: its actions
    // (the actions endpoint lists them) name transactions the cut answer leaves out
    const withActions = (await ok(`/api/v3/traces?trace_id=${q(big.traceId)}&include_actions=true`)).traces[0];
    expect(withActions).not.toHaveProperty('actions');
    expect(withActions.transactions_order).toEqual(t.transactions_order);
    const listed = (await ok(`/api/v3/actions?trace_id=${q(big.traceId)}&limit=1000`)).actions as {
      transactions: string[];
    }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.some((a) => a.transactions.some((h) => !(h in t.transactions)))).toBe(true);
    // a complete trace says nothing
    const small = await ok('/api/v3/traces?limit=1');
    expect(small.traces[0].is_incomplete).toBe(false);
    expect(small.traces[0]).not.toHaveProperty('warning');
  });
});

/** A value of the parameter's published type that names something real in the ledger. */
function sampleValue(path: string, p: ContractParameter): string {
  const x = samples();
  const values: Record<string, string> = {
    workchain: String(x.shardBlock.workchain),
    shard: x.shardBlock.shard,
    seqno: path.includes('/v2/') ? String(x.shardBlock.seqno) : String(x.lastMc),
    root_hash: 'A'.repeat(43) + '=',
    file_hash: 'A'.repeat(43) + '=',
    after_lt: '1',
    after_hash: x.account,
    address: x.account,
    lt: '1',
    hash: x.noFunds.tx,
    to_lt: '0',
    archival: 'true',
    count: '5',
    source: x.account,
    // messages takes 'null' for an external message's missing end; the v2 lookups an address
    destination: path === '/api/v3/messages' ? 'null' : x.account,
    created_lt: '1',
    unixtime: '4294967295',
    config_id: '1',
    use_v2: 'true',
    account: x.account,
    exclude_account: x.account,
    ext_msg_hash: x.external,
    trace_id: x.big.traceId,
    tx_hash: x.noFunds.tx,
    msg_hash: x.external,
    mc_seqno: String(x.lastMc),
    start_utime: '0',
    end_utime: '4294967295',
    start_lt: '0',
    end_lt: '18446744073709551615',
    include_actions: 'true',
    supported_action_types: 'latest',
    limit: '7',
    offset: '1',
    sort: 'asc',
    body_hash: x.internal.body,
    opcode: '0x7362d09c',
    direction: 'in',
    exclude_externals: 'true',
    only_externals: 'false',
    action_type: 'jetton_transfer',
    exclude_action_type: 'call_contract',
    include_accounts: 'true',
    include_transactions: 'true',
    include_boc: 'false',
    admin_address: x.account,
    owner_address: x.account,
    jetton_address: x.account,
    jetton_wallet: x.account,
    jetton_master: x.account,
    collection_address: x.account,
    item_address: x.account,
    exclude_zero_balance: 'true',
    index: '0',
    sort_by_last_transaction_lt: 'true',
    q: 'ton',
    // an action id no trace has: 404, which is about the value
    action_id: 'A'.repeat(43) + '=',
  };
  const v = values[p.name];
  if (v === undefined) throw new Error(`no sample value for ${path} ${p.name}: add one`);
  return v;
}

/** Operations that need one filter of several: the filter sent along with a parameter that is none of them. */
const ONE_FILTER: Record<string, { names: string[]; with: string }> = {
  '/api/v3/transactionsByMessage': { names: ['msg_hash', 'body_hash', 'opcode'], with: 'opcode=0' },
};

describe('every parameter the published spec lists is understood', () => {
  for (const op of OPERATIONS) {
    it(`${op.path}: each parameter alone (with the required ones) is accepted or refused for its value, never as unknown`, async () => {
      const required = op.parameters.filter((p) => p.required);
      const base = required.map((p) => `${p.name}=${q(sampleValue(op.path, p))}`);
      for (const p of op.parameters) {
        const query = p.required ? [...base] : [...base, `${p.name}=${q(sampleValue(op.path, p))}`];
        const filter = ONE_FILTER[op.path];
        if (filter && !filter.names.includes(p.name)) query.push(filter.with);
        // v2's cursor comes as a pair
        if (p.name === 'after_lt')
          query.push(`after_hash=${q(sampleValue(op.path, { name: 'after_hash', type: 'string' }))}`);
        if (p.name === 'after_hash') query.push('after_lt=1');
        const path = `${op.path}?${query.join('&')}`;
        const r = await s.get(path);
        const error = JSON.stringify(r.body);
        expect(error, path).not.toMatch(/unknown (query )?parameter/i);
        // 200, or a 4xx about the value (a root hash that is not the block's is 404, as TON Center says)
        if (r.status !== 200) {
          expect(r.status, `${path}: ${error}`).toBeGreaterThanOrEqual(400);
          expect(r.status, `${path}: ${error}`).toBeLessThan(500);
          expect(error, path).toMatch(new RegExp(`${p.name}|not found`));
        }
      }
    });
  }
});
