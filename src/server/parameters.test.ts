import { Address } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToBase64Url, hashToHex } from '../ton/hash';
import { getBlockTransactionsExt } from '../api/operations/get-block-transactions-ext';
import { masterchainBlockShardState } from '../api/operations/masterchain-block-shard-state';
import { traces as tracesOperation } from '../api/operations/traces';
import { transactionsByMessage } from '../api/operations/transactions-by-message';
import { v2Error } from '../api/operations/v2-shapes';
import { v3Error } from '../api/operations/v3-shapes';
import { startTestServer, type TestServer } from './test-support/test-server';

const blockTransactionsExtResponse = getBlockTransactionsExt.response;
const masterchainBlockShardStateResponse = masterchainBlockShardState.response;
const tracesResponse = tracesOperation.response;
const transactionsByMessageResponse = transactionsByMessage.response;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 300_000);
afterAll(async () => s?.close());

const FULL = '-9223372036854775808';
const ok = async (path: string) => {
  const r = await s.get(path);
  expect(r.status, `${path}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
  return r.body;
};
const rejected = async (path: string, mention: RegExp) => {
  const r = await s.get(path);
  expect(r.status, path).toBe(422);
  const schema = path.startsWith('/api/v2/') ? v2Error : v3Error;
  const body = schema.parse(r.body);
  expect(body.error, path).toMatch(mention);
  return body;
};

describe('every response matches its schema', () => {
  it('masterchainBlockShardState, traces (with actions), transactionsByMessage, getBlockTransactionsExt', async () => {
    masterchainBlockShardStateResponse.parse(await ok('/api/v3/masterchainBlockShardState?seqno=6'));
    const traces = tracesResponse.parse(await ok('/api/v3/traces?limit=50&include_actions=true'));
    expect(traces.traces).toHaveLength(50);
    const tx = traces.traces[0]!.transactions_order[0]!;
    transactionsByMessageResponse.parse(await ok(`/api/v3/transactionsByMessage?opcode=0&limit=20`));
    const shard = traces.traces[0]!.transactions[tx]!.block_ref;
    blockTransactionsExtResponse.parse(
      await ok(
        `/api/v2/getBlockTransactionsExt?workchain=${shard.workchain}&shard=${shard.shard}&seqno=${shard.seqno}`,
      ),
    );
  });
});

describe('bounds', () => {
  it('limit: 0 and 1001 are refused, 1 and 1000 accepted, on every listing endpoint', async () => {
    for (const base of [
      '/api/v3/traces?',
      '/api/v3/masterchainBlockShardState?seqno=5&',
      '/api/v3/transactionsByMessage?opcode=0&',
    ]) {
      await rejected(`${base}limit=0`, /limit.*1 to 1000/);
      await rejected(`${base}limit=1001`, /limit.*1 to 1000/);
      await rejected(`${base}offset=-1`, /offset/);
      await rejected(`${base}offset=99999999999999999999999`, /offset/);
      await rejected(`${base}limit=1.5`, /limit/);
      await rejected(`${base}limit=1e3`, /limit/);
      await rejected(`${base}limit=`, /limit/);
      await rejected(`${base}sort=up`, /sort.*asc or desc/);
    }
    expect((await ok('/api/v3/traces?limit=1')).traces).toHaveLength(1);
    const all = await ok('/api/v3/traces?limit=1000');
    expect(all.traces.length).toBeGreaterThan(100);
    expect(all.traces.length).toBe(
      (s.sql.prepare("SELECT count(*) FROM traces WHERE state = 'complete'").pluck().get() as bigint) > 1000n
        ? 1000
        : Number(s.sql.prepare("SELECT count(*) FROM traces WHERE state = 'complete'").pluck().get()),
    );
    await rejected('/api/v2/getBlockTransactionsExt?workchain=0&shard=' + FULL + '&seqno=1&count=0', /count/);
    await rejected('/api/v2/getBlockTransactionsExt?workchain=0&shard=' + FULL + '&seqno=1&count=1001', /count/);
  });

  it('timestamps and logical times below 0 or beyond their range are refused', async () => {
    for (const p of [
      'start_utime=-1',
      'end_utime=-1',
      'start_lt=-1',
      'end_lt=-1',
      'mc_seqno=-1',
      'start_lt=18446744073709551616',
      'end_utime=4294967296',
      'start_utime=-0',
    ]) {
      await rejected(`/api/v3/traces?${p}`, new RegExp(p.split('=')[0]!));
    }
    expect((await ok('/api/v3/traces?end_lt=18446744073709551615')).traces.length).toBeGreaterThan(0);
    await rejected('/api/v3/masterchainBlockShardState?seqno=-1', /seqno/);
    await rejected('/api/v2/getBlockTransactionsExt?workchain=2&shard=' + FULL + '&seqno=1', /workchain/);
    await rejected('/api/v2/getBlockTransactionsExt?workchain=0&shard=9223372036854775808&seqno=1', /shard/);
  });

  it('required and exclusive parameters, unknown keys and repeated scalars', async () => {
    await rejected('/api/v3/masterchainBlockShardState', /seqno is required/);
    await rejected('/api/v3/transactionsByMessage', /at least one/);
    await rejected('/api/v3/traces?hash=abc', /unknown parameter "hash".*accepts: account/);
    await rejected('/api/v3/traces?limit=1&limit=2', /limit was given more than once/);
    const tx = s.sql.prepare('SELECT account, hash FROM transactions LIMIT 1').get() as {
      account: string;
      hash: Buffer;
    };
    await rejected(
      `/api/v3/traces?account=${tx.account}&tx_hash=${hashToHex(tx.hash)}`,
      /at most one of account, trace_id, tx_hash, msg_hash/,
    );
    await rejected(
      `/api/v3/traces?supported_action_types=jetton_transfer,teleport`,
      /unknown action type "teleport".*known: latest/,
    );
    await rejected('/api/v3/traces?include_actions=yes', /include_actions/);
    await rejected(
      '/api/v2/getBlockTransactionsExt?workchain=0&shard=' + FULL + '&seqno=1&after_lt=5',
      /after_lt and after_hash/,
    );
    expect((await ok('/api/v3/traces?limit=2&api_key=whatever')).traces).toHaveLength(2);
    expect((await s.get('/api/v3/masterchainBlockShardState?seqno=999999')).body).toEqual({
      error: 'masterchain block 999999 not found',
    });
    expect((await s.get('/api/v3/masterchainBlockShardState?seqno=999999')).status).toBe(404);
    const v2 = await s.get(`/api/v2/getBlockTransactionsExt?workchain=0&shard=${FULL}&seqno=99999`);
    expect([v2.status, v2.body]).toEqual([404, { ok: false, error: 'block not found', code: 404 }]);
  });

  it('sorts both ways', async () => {
    const desc = (await ok('/api/v3/traces?limit=20')).traces.map((t: { end_lt: string }) => BigInt(t.end_lt));
    const asc = (await ok('/api/v3/traces?limit=20&sort=asc')).traces.map((t: { end_lt: string }) => BigInt(t.end_lt));
    expect([...desc].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(desc);
    expect([...asc].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(asc);
    expect(asc[0]! < desc[0]!).toBe(true);
    const mcAsc = (await ok('/api/v3/masterchainBlockShardState?seqno=8&sort=asc')).transactions.map(
      (t: { lt: string }) => BigInt(t.lt),
    );
    expect([...mcAsc].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(mcAsc);
  });
});

describe('input forms give identical answers', () => {
  it('hashes in hex, 0x-hex, base64, base64url (and base64 with + sent raw) are the same; malformed ones are 422', async () => {
    const row = s.sql
      .prepare(
        "SELECT tx_hash, msg_hash FROM messages WHERE direction = 'in' AND source IS NOT NULL AND instr(hex(msg_hash), '') LIMIT 200",
      )
      .all() as { msg_hash: Buffer }[];
    // pick a hash whose base64 has a '+' so the raw-plus-as-space rule is exercised
    const h = row.map((r) => r.msg_hash).find((b) => b.toString('base64').includes('+')) ?? row[0]!.msg_hash;
    const forms = [
      hashToHex(h),
      '0x' + hashToHex(h),
      hashToHex(h).toUpperCase(),
      encodeURIComponent(h.toString('base64')),
      hashToBase64Url(h),
      h.toString('base64'),
    ];
    const answers = await Promise.all(forms.map((f) => ok(`/api/v3/transactionsByMessage?msg_hash=${f}`)));
    expect(answers[0].transactions.length).toBe(2);
    for (const a of answers) expect(a).toEqual(answers[0]);
    for (const bad of ['abc', 'z'.repeat(64), hashToHex(h) + '00', '0x', '%00' + hashToHex(h).slice(2)]) {
      await rejected(`/api/v3/transactionsByMessage?msg_hash=${bad}`, /msg_hash.*hash/);
    }
  });

  it('addresses in raw and every user-friendly form are the same', async () => {
    const raw = s.sql
      .prepare('SELECT account FROM trace_accounts GROUP BY account ORDER BY count(*) DESC LIMIT 1')
      .pluck()
      .get() as string;
    const a = Address.parseRaw(raw.toLowerCase());
    const forms = [
      raw,
      raw.toLowerCase(),
      a.toString({ bounceable: true }),
      a.toString({ bounceable: false }),
      a.toString({ urlSafe: true, bounceable: true }),
      a.toString({ urlSafe: true, bounceable: false, testOnly: true }),
    ];
    const answers = await Promise.all(forms.map((f) => ok(`/api/v3/traces?account=${encodeURIComponent(f)}&limit=30`)));
    expect(answers[0].traces.length).toBeGreaterThan(1);
    for (const x of answers) expect(x).toEqual(answers[0]);
    await rejected('/api/v3/traces?account=2:' + 'a'.repeat(64), /workchain 2/);
    await rejected('/api/v3/traces?account=EQnotanaddress', /not an address/);
  });

  it('opcodes in hex and signed decimal are the same, above 0x7fffffff too', async () => {
    for (const [hex, dec] of [
      ['0xd53276db', '-718113061'],
      ['0x7362d09c', '1935855772'],
      ['0x0', '0'],
    ]) {
      const a = await ok(`/api/v3/transactionsByMessage?opcode=${hex}&limit=50`);
      const b = await ok(`/api/v3/transactionsByMessage?opcode=${dec}&limit=50`);
      expect(a.transactions.length).toBeGreaterThan(0);
      expect(a).toEqual(b);
      for (const t of a.transactions) {
        const msgs = [t.in_msg, ...t.out_msgs].filter(Boolean);
        expect(msgs.some((m: { opcode: number }) => m.opcode === Number(dec))).toBe(true);
      }
    }
    await rejected('/api/v3/transactionsByMessage?opcode=2147483648', /opcode/);
    await rejected('/api/v3/transactionsByMessage?opcode=0x123456789', /opcode/);
    await rejected('/api/v3/transactionsByMessage?opcode=ff', /opcode/);
  });
});
