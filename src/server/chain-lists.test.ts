// TON Center's chain and in-flight lists (transactions, blocks, masterchainInfo,
// masterchainBlockShards, transactionsByMasterchainBlock, adjacentTransactions, pendingTraces,
// pendingTransactions) against the real server on the generated ledger. Every answer goes through
// the published contract and our strict schemas (startTestServer's `get`); the values are checked
// against other operations and the store, never against pinned figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToBase64 } from '../ton/hash';
import { startTestServer, type TestServer } from './test-support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 300_000);
afterAll(async () => s?.close());

const q = encodeURIComponent;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, checked field by field
type Json = any;
async function ok(path: string): Promise<Json> {
  const r = await s.get(path);
  expect(r.status, `${path}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
  return r.body;
}
const rows = <T>(sql: string, ...args: unknown[]) => s.sql.prepare(sql).all(...args) as T[];
const count = (sql: string, ...args: unknown[]) =>
  Number(
    s.sql
      .prepare(sql)
      .pluck()
      .get(...args),
  );
const hashes = (r: Json): string[] => r.transactions.map((t: Json) => t.hash);

/** Every page of a list, `limit` at a time, until a short page. */
async function walk(path: string, key: string, limit: number): Promise<Json[]> {
  const all: Json[] = [];
  for (let offset = 0; ; offset += limit) {
    const r = await ok(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`);
    all.push(...r[key]);
    if (r[key].length < limit) return all;
  }
}

/** (lt, hash) of each transaction, in the list's order, compared as TON Center sorts: lt, then hash. */
function expectOrdered(txs: Json[], sort: 'asc' | 'desc') {
  const key = (t: Json) => [BigInt(t.lt), Buffer.from(t.hash, 'base64')] as const;
  for (let i = 1; i < txs.length; i += 1) {
    const [a, b] = [key(txs[i - 1]), key(txs[i])];
    const cmp = a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : Buffer.compare(a[1], b[1]);
    expect(cmp, `${txs[i - 1].hash} then ${txs[i].hash}`).toBe(sort === 'asc' ? -1 : 1);
  }
}

describe('transactions', () => {
  it('pages through the whole ledger in a stable total order, both ways, each transaction once', async () => {
    const total = count('SELECT count(*) FROM transactions');
    const asc = await walk('/api/v3/transactions?sort=asc', 'transactions', 1000);
    expect(asc).toHaveLength(total);
    expect(new Set(asc.map((t) => t.hash)).size).toBe(total);
    expectOrdered(asc, 'asc');
    // small pages neither repeat nor skip: the same sequence as the big ones
    const desc = await walk('/api/v3/transactions', 'transactions', 997);
    expect(desc.map((t) => t.hash)).toEqual(asc.map((t) => t.hash).reverse());
  }, 300_000);

  it('account=: the transactions of the account that its traces hold, and those of its traces in flight', async () => {
    const [busy] = rows<{ account: string }>(
      'SELECT account FROM transactions WHERE workchain = 0 GROUP BY account ORDER BY count(*) DESC, account LIMIT 1',
    );
    const account = busy!.account;
    const listed = await walk(`/api/v3/transactions?account=${account}`, 'transactions', 100);
    expectOrdered(listed, 'desc');
    expect(listed.every((t) => t.account === account)).toBe(true);
    // the complete traces the account is in, read through `traces`
    const viaTraces = new Set<string>();
    for (const t of await walk(`/api/v3/traces?account=${account}`, 'traces', 50))
      for (const [h, tx] of Object.entries(t.transactions as Record<string, Json>))
        if (tx.account === account) viaTraces.add(h);
    // and the pending ones, read through `pendingTransactions`
    const pending = hashes(await ok(`/api/v3/pendingTransactions?account=${account}`));
    expect(new Set(listed.map((t) => t.hash))).toEqual(new Set([...viaTraces, ...pending]));
  }, 300_000);

  it('several accounts: their lists merged in order; exclude_account leaves exactly the others', async () => {
    const accounts = rows<{ account: string }>(
      'SELECT account FROM transactions GROUP BY account ORDER BY count(*) DESC, account LIMIT 3',
    ).map((r) => r.account);
    const merged = await walk(`/api/v3/transactions?account=${accounts.join(',')}&sort=asc`, 'transactions', 200);
    const each = (
      await Promise.all(accounts.map((a) => walk(`/api/v3/transactions?account=${a}`, 'transactions', 500)))
    ).flat();
    expectOrdered(merged, 'asc');
    expect(new Set(merged.map((t) => t.hash))).toEqual(new Set(each.map((t) => t.hash)));
    const rest = await walk(`/api/v3/transactions?exclude_account=${accounts.join(',')}`, 'transactions', 1000);
    expect(rest.some((t) => accounts.includes(t.account))).toBe(false);
    expect(rest.length + merged.length).toBe(count('SELECT count(*) FROM transactions'));
  }, 300_000);

  it('hash=: any transaction, one whose trace is still in flight too (no other list returns those)', async () => {
    const inFlight = rows<{ hash: Buffer; account: string }>(
      `SELECT x.hash, x.account FROM transactions x JOIN traces t ON t.trace_id = x.trace_id
       WHERE t.state = 'pending' ORDER BY x.lt LIMIT 5`,
    );
    expect(inFlight.length).toBeGreaterThan(0);
    for (const x of inFlight) {
      const b64 = hashToBase64(x.hash);
      for (const form of [x.hash.toString('hex'), b64, b64.replace(/\+/g, '-').replace(/\//g, '_')]) {
        const r = await ok(`/api/v3/transactions?hash=${q(form)}`);
        expect(hashes(r)).toEqual([b64]);
        expect(r.transactions[0].account).toBe(x.account);
      }
      expect((await ok(`/api/v3/traces?tx_hash=${q(b64)}`)).traces).toEqual([]);
    }
    expect(hashes(await ok(`/api/v3/transactions?hash=${'0'.repeat(64)}`))).toEqual([]);
  });

  it('a block, a masterchain seqno, a workchain, a shard: the same transactions other operations give', async () => {
    const blocks = rows<{ workchain: bigint; shard: bigint; seqno: bigint; tx_count: bigint; mc_seqno: bigint }>(
      'SELECT * FROM blocks WHERE tx_count > 0 ORDER BY tx_count DESC LIMIT 3',
    );
    for (const b of blocks) {
      const listed = await walk(
        `/api/v3/transactions?workchain=${b.workchain}&shard=${b.shard}&seqno=${b.seqno}&sort=asc`,
        'transactions',
        1000,
      );
      expectOrdered(listed, 'asc');
      expect(listed).toHaveLength(Number(b.tx_count));
      const stored = rows<{ hash: Buffer }>(
        'SELECT hash FROM transactions WHERE workchain = ? AND shard = ? AND block_seqno = ?',
        b.workchain,
        b.shard,
        b.seqno,
      );
      expect(new Set(listed.map((t) => t.hash))).toEqual(new Set(stored.map((r) => hashToBase64(r.hash))));
      const byMc = await walk(`/api/v3/transactions?mc_seqno=${b.mc_seqno}`, 'transactions', 1000);
      const shardState = await walk(`/api/v3/masterchainBlockShardState?seqno=${b.mc_seqno}`, 'transactions', 1000);
      expect(new Set(byMc.map((t) => t.hash))).toEqual(new Set(shardState.map((t) => t.hash)));
      const byMcBlock = await walk(`/api/v3/transactionsByMasterchainBlock?seqno=${b.mc_seqno}`, 'transactions', 300);
      expect(byMcBlock.map((t) => t.hash)).toEqual(shardState.map((t) => t.hash));
    }
    for (const workchain of [-1, 0]) {
      const r = await walk(`/api/v3/transactions?workchain=${workchain}`, 'transactions', 1000);
      expect(r.every((t) => t.block_ref.workchain === workchain)).toBe(true);
      expect(r).toHaveLength(count('SELECT count(*) FROM transactions WHERE workchain = ?', workchain));
    }
    const [shard] = rows<{ shard: bigint }>('SELECT shard FROM blocks WHERE workchain = 0 LIMIT 1');
    const inShard = await walk(`/api/v3/transactions?workchain=0&shard=${shard!.shard}`, 'transactions', 1000);
    expect(inShard.every((t) => t.block_ref.shard === String(shard!.shard))).toBe(true);
    expect(inShard).toHaveLength(count('SELECT count(*) FROM transactions WHERE shard = ?', shard!.shard));
  }, 300_000);

  it('lt, lt ranges and time ranges: exactly the transactions within the bounds', async () => {
    // the time bounds are read as lt bounds (transaction-list.ts): they hold because `now` never
    // goes back as lt grows in this ledger
    const byLt = rows<{ now: bigint }>('SELECT now FROM transactions ORDER BY lt');
    for (let i = 1; i < byLt.length; i += 1) expect(byLt[i]!.now >= byLt[i - 1]!.now).toBe(true);
    const [mid] = rows<{ lt: bigint; now: bigint; hash: Buffer }>(
      'SELECT lt, now, hash FROM transactions ORDER BY lt LIMIT 1 OFFSET (SELECT count(*) / 2 FROM transactions)',
    );
    expect(hashes(await ok(`/api/v3/transactions?lt=${mid!.lt}`))).toEqual([hashToBase64(mid!.hash)]);
    const lo = mid!.lt - 20_000_000n;
    const ltRange = await walk(`/api/v3/transactions?start_lt=${lo}&end_lt=${mid!.lt}`, 'transactions', 1000);
    expect(ltRange.every((t) => BigInt(t.lt) >= lo && BigInt(t.lt) <= mid!.lt)).toBe(true);
    expect(ltRange).toHaveLength(count('SELECT count(*) FROM transactions WHERE lt BETWEEN ? AND ?', lo, mid!.lt));
    const from = Number(mid!.now) - 3;
    const to = Number(mid!.now) + 3;
    const timeRange = await walk(
      `/api/v3/transactions?start_utime=${from}&end_utime=${to}&sort=asc`,
      'transactions',
      1000,
    );
    expectOrdered(timeRange, 'asc');
    expect(timeRange.every((t) => t.now >= from && t.now <= to)).toBe(true);
    expect(timeRange).toHaveLength(count('SELECT count(*) FROM transactions WHERE now BETWEEN ? AND ?', from, to));
    expect((await ok(`/api/v3/transactions?start_utime=${4_000_000_000}`)).transactions).toEqual([]);
  }, 300_000);

  it('refuses what TON Center refuses, naming the parameter', async () => {
    for (const [path, named] of [
      ['/api/v3/transactions?shard=-9223372036854775808', /shard/],
      ['/api/v3/transactions?workchain=0&seqno=1', /seqno/],
      ['/api/v3/transactions?workchain=1', /workchain/],
      ['/api/v3/transactions?account=0:zz', /account/],
      ['/api/v3/transactions?exclude_account=x', /exclude_account/],
      ['/api/v3/transactions?hash=abc', /hash/],
      ['/api/v3/transactions?lt=-1', /lt/],
      ['/api/v3/transactions?limit=1001', /limit/],
      ['/api/v3/transactions?tx_hash=1', /tx_hash/],
      ['/api/v3/blocks?seqno=1', /seqno/],
      ['/api/v3/masterchainInfo?seqno=1', /seqno/],
      ['/api/v3/masterchainBlockShards', /seqno/],
      ['/api/v3/adjacentTransactions?direction=in', /hash/],
      ['/api/v3/adjacentTransactions?hash=00&direction=up', /hash/],
      ['/api/v3/pendingTraces?ext_msg_hash=1', /ext_msg_hash/],
      ['/api/v3/pendingTransactions?trace_id=zz', /trace_id/],
    ] as const) {
      const r = await s.get(path);
      expect(r.status, path).toBe(422);
      expect(r.body.error, path).toMatch(named);
    }
  });
});

describe('blocks and the masterchain', () => {
  it('masterchainInfo: the first and the newest masterchain block, as blocks lists them', async () => {
    const info = await ok('/api/v3/masterchainInfo');
    const [oldest] = (await ok('/api/v3/blocks?workchain=-1&sort=asc&limit=1')).blocks;
    const [newest] = (await ok('/api/v3/blocks?workchain=-1&limit=1')).blocks;
    expect(info.first).toEqual(oldest);
    expect(info.last).toEqual(newest);
    const r = await s.get('/api/v3/masterchainInfo');
    expect(String(info.last.seqno)).toBe(r.headers.get('x-ledger-seqno'));
  });

  it('blocks: every block once, by time, each with as many transactions as transactions lists for it', async () => {
    const all = await walk('/api/v3/blocks?sort=asc', 'blocks', 40);
    expect(all).toHaveLength(count('SELECT count(*) FROM blocks'));
    const key = (b: Json) => `${b.workchain}:${b.shard}:${b.seqno}`;
    expect(new Set(all.map(key)).size).toBe(all.length);
    for (let i = 1; i < all.length; i += 1)
      expect(Number(all[i].gen_utime)).toBeGreaterThanOrEqual(Number(all[i - 1].gen_utime));
    for (const b of all.filter((x) => x.tx_count > 0).slice(0, 6)) {
      const txs = await ok(
        `/api/v3/transactions?workchain=${b.workchain}&shard=${b.shard}&seqno=${b.seqno}&limit=1000`,
      );
      expect(txs.transactions).toHaveLength(b.tx_count);
      expect((await ok(`/api/v3/blocks?root_hash=${q(b.root_hash)}`)).blocks).toEqual([b]);
      expect((await ok(`/api/v3/blocks?file_hash=${q(b.file_hash)}`)).blocks).toEqual([b]);
      expect((await ok(`/api/v3/blocks?workchain=${b.workchain}&shard=${b.shard}&seqno=${b.seqno}`)).blocks).toEqual([
        b,
      ]);
    }
    const desc = await walk('/api/v3/blocks', 'blocks', 1000);
    expect(desc.map(key)).toEqual(all.map(key).reverse());
    for (const workchain of [-1, 0]) {
      const one = await walk(`/api/v3/blocks?workchain=${workchain}`, 'blocks', 1000);
      expect(one.map(key)).toEqual(desc.filter((b) => b.workchain === workchain).map(key));
    }
    const mid = all[Math.floor(all.length / 2)];
    const range = await walk(`/api/v3/blocks?start_utime=${mid.gen_utime}&end_lt=${mid.start_lt}`, 'blocks', 1000);
    expect(range.map(key)).toEqual(
      desc
        .filter((b) => Number(b.gen_utime) >= Number(mid.gen_utime) && BigInt(b.start_lt) <= BigInt(mid.start_lt))
        .map(key),
    );
  }, 300_000);

  it('masterchainBlockShards: the masterchain block and the shard blocks it committed; 404 past the newest', async () => {
    const info = await ok('/api/v3/masterchainInfo');
    for (const seqno of [info.first.seqno, Math.floor(info.last.seqno / 2), info.last.seqno]) {
      const r = await walk(`/api/v3/masterchainBlockShards?seqno=${seqno}`, 'blocks', 3);
      expect(r.filter((b) => b.workchain === -1).map((b) => b.seqno)).toEqual([seqno]);
      const committed = await walk(`/api/v3/blocks?mc_seqno=${seqno}&sort=asc`, 'blocks', 1000);
      expect(r).toEqual(committed);
      expect(r.every((b) => b.masterchain_block_ref.seqno === seqno)).toBe(true);
    }
    for (const path of [
      `/api/v3/masterchainBlockShards?seqno=${info.last.seqno + 1}`,
      `/api/v3/transactionsByMasterchainBlock?seqno=${info.last.seqno + 1}`,
    ]) {
      const r = await s.get(path);
      expect(r.status, path).toBe(404);
    }
  });
});

describe('adjacent and in-flight transactions', () => {
  it('adjacentTransactions: the sender of the inbound message and the receivers of the outbound ones', async () => {
    const [tx] = (await ok('/api/v3/transactions?limit=1&offset=0&sort=asc&workchain=0')).transactions;
    const sample = await walk('/api/v3/transactions?workchain=0&sort=asc', 'transactions', 1000);
    for (const t of sample
      .filter((x) => x.out_msgs.length > 0 && x.in_msg?.source)
      .slice(0, 5)
      .concat([tx])) {
      const parent = hashes(await ok(`/api/v3/adjacentTransactions?hash=${q(t.hash)}&direction=in`));
      expect(parent).toEqual(t.in_msg?.out_msg_tx_hash ? [t.in_msg.out_msg_tx_hash] : []);
      const children = hashes(await ok(`/api/v3/adjacentTransactions?hash=${q(t.hash)}&direction=out`));
      expect(new Set(children)).toEqual(
        new Set(t.out_msgs.map((m: Json) => m.in_msg_tx_hash).filter((h: string | undefined) => h !== undefined)),
      );
      const both = hashes(await ok(`/api/v3/adjacentTransactions?hash=${q(t.hash)}`));
      expect(new Set(both)).toEqual(new Set([...parent, ...children]));
    }
    expect((await s.get(`/api/v3/adjacentTransactions?hash=${'0'.repeat(64)}`)).status).toBe(404);
  }, 300_000);

  it('pendingTraces and pendingTransactions: the traces our delivery keeps open, and their transactions', async () => {
    const pending = rows<{ trace_id: Buffer; transactions: bigint }>(
      "SELECT trace_id, transactions FROM traces WHERE state = 'pending' ORDER BY end_lt DESC, trace_id DESC",
    );
    expect(pending.length).toBeGreaterThan(0);
    const traces = (await ok('/api/v3/pendingTraces')).traces;
    expect(traces.map((t: Json) => t.trace_id)).toEqual(pending.map((p) => hashToBase64(p.trace_id)));
    for (const t of traces) expect(t.trace_info.trace_state).toBe('pending');
    const txs = (await ok('/api/v3/pendingTransactions')).transactions;
    expectOrdered(txs, 'desc');
    expect(txs).toHaveLength(pending.reduce((n, p) => n + Number(p.transactions), 0));
    // each trace's transactions are its own, by trace id and by account
    for (const t of traces.slice(0, 4)) {
      const own = hashes(await ok(`/api/v3/pendingTransactions?trace_id=${q(t.trace_id)}`));
      expect(new Set(own)).toEqual(new Set(Object.keys(t.transactions)));
      const account = (Object.values(t.transactions)[0] as Json).account;
      const byAccount = (await ok(`/api/v3/pendingTraces?account=${account}`)).traces.map((x: Json) => x.trace_id);
      expect(byAccount).toContain(t.trace_id);
      for (const x of (await ok(`/api/v3/pendingTransactions?account=${account}`)).transactions)
        expect(x.account).toBe(account);
    }
    const external = traces.filter((t: Json) => t.external_hash !== null);
    expect(external.length).toBeGreaterThan(0);
    for (const t of external.slice(0, 4))
      expect(
        (await ok(`/api/v3/pendingTraces?ext_msg_hash=${q(t.external_hash)}`)).traces.map((x: Json) => x.trace_id),
      ).toEqual([t.trace_id]);
  });
});
