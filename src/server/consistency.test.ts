import { Cell, loadTransaction } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_TRACE_MAX_TXS, type TestServer } from './test-support/test-server';
import { hashToBase64, hashToHex } from '../ton/hash';
import { traces } from '../api/operations/traces';

const tracesResponse = traces.response;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 300_000);
afterAll(async () => s?.close());

const ok = async (path: string) => {
  const r = await s.get(path);
  expect(r.status, `${path}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
  return r.body;
};
const b64 = (b: unknown) => hashToBase64(b as Buffer);

describe('paging', () => {
  it('pages of limit k, concatenated, equal one page of limit n (traces, shard state, by message)', async () => {
    for (const [base, key, n, k] of [
      ['/api/v3/traces?', 'traces', 60, 7],
      ['/api/v3/traces?sort=asc&', 'traces', 45, 10],
      ['/api/v3/masterchainBlockShardState?seqno=12&', 'transactions', 24, 5],
      ['/api/v3/transactionsByMessage?opcode=0&', 'transactions', 40, 9],
    ] as const) {
      const whole = (await ok(`${base}limit=${n}`))[key];
      const parts: unknown[] = [];
      for (let offset = 0; offset < n; offset += k)
        parts.push(...(await ok(`${base}limit=${Math.min(k, n - offset)}&offset=${offset}`))[key]);
      expect(parts.length).toBe(whole.length);
      expect(parts).toEqual(whole);
    }
  });

  it('walks the biggest block with the v2 cursor exactly once, ending with incomplete: false', async () => {
    const block = s.sql
      .prepare(
        'SELECT workchain, shard, seqno, tx_count FROM blocks WHERE tx_count >= 12 ORDER BY tx_count DESC LIMIT 1',
      )
      .get() as Record<string, bigint>;
    const base = `/api/v2/getBlockTransactionsExt?workchain=${block.workchain}&shard=${block.shard}&seqno=${block.seqno}`;
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i <= Number(block.tx_count) / 5; i++) {
      const r = (await ok(`${base}&count=5${cursor}`)).result;
      expect(r.req_count).toBe(5);
      seen.push(...r.transactions.map((t: { transaction_id: { hash: string } }) => t.transaction_id.hash));
      if (!r.incomplete) break;
      const last = r.transactions[r.transactions.length - 1];
      // the cursor's "hash" is the account id of the last transaction, in hex or base64 alike
      cursor =
        i % 2 === 0
          ? `&after_lt=${last.transaction_id.lt}&after_hash=${last.account.split(':')[1]}`
          : `&after_lt=${last.transaction_id.lt}&after_hash=${encodeURIComponent(last.account)}`;
    }
    expect(seen.length).toBe(Number(block.tx_count));
    expect(new Set(seen).size).toBe(seen.length);
    const expected = (
      s.sql
        .prepare(
          'SELECT hash FROM transactions WHERE workchain = ? AND shard = ? AND block_seqno = ? ORDER BY account, lt',
        )
        .all(block.workchain, block.shard, block.seqno) as { hash: Buffer }[]
    ).map((r) => b64(r.hash));
    expect(seen).toEqual(expected);
    // one page of the most v2 prints (1000): the whole block, unless the block is bigger (the wide
    // fan-out fills blocks past it)
    const one = (await ok(`${base}&count=1000`)).result;
    expect(one.transactions.length).toBe(Math.min(1000, Number(block.tx_count)));
    expect(one.incomplete).toBe(Number(block.tx_count) > 1000);
  });

  it('serves real transaction cells: data decodes with @ton/core and hashes to transaction_id.hash', async () => {
    const block = s.sql
      .prepare(
        'SELECT workchain, shard, seqno FROM blocks WHERE tx_count > 0 AND workchain = -1 ORDER BY seqno DESC LIMIT 1',
      )
      .get() as Record<string, bigint>;
    const r = (
      await ok(
        `/api/v2/getBlockTransactionsExt?workchain=${block.workchain}&shard=${block.shard}&seqno=${block.seqno}&count=1000`,
      )
    ).result;
    const tick = r.transactions.find((t: { in_msg?: unknown }) => t.in_msg === undefined);
    expect(tick, 'a tick-tock transaction has no in_msg key').toBeDefined();
    expect('in_msg' in tick).toBe(false);
    for (const t of r.transactions) {
      const cell = Cell.fromBase64(t.data);
      expect(cell.hash().toString('base64')).toBe(t.transaction_id.hash);
      const parsed = loadTransaction(cell.beginParse());
      expect(parsed.lt.toString()).toBe(t.transaction_id.lt);
    }
  });
});

describe('masterchainBlockShardState', () => {
  it('lists exactly the transactions committed by that masterchain block, and its blocks cover their shards', async () => {
    const seqno = Number(
      s.sql.prepare('SELECT mc_seqno FROM transactions GROUP BY mc_seqno ORDER BY count(*) DESC LIMIT 1').pluck().get(),
    );
    const r = await ok(`/api/v3/masterchainBlockShardState?seqno=${seqno}&limit=1000`);
    // more than a page when the block commits a big trace: the rest on the next pages
    for (let offset = 1000; r.transactions.length === offset; offset += 1000) {
      r.transactions.push(
        ...(await ok(`/api/v3/masterchainBlockShardState?seqno=${seqno}&limit=1000&offset=${offset}`)).transactions,
      );
    }
    const count = Number(s.sql.prepare('SELECT count(*) FROM transactions WHERE mc_seqno = ?').pluck().get(seqno));
    expect(r.transactions.length).toBe(count);
    for (const t of r.transactions) expect(t.mc_block_seqno).toBe(seqno);
    expect(r.blocks[0]).toMatchObject({ workchain: -1, shard: '-9223372036854775808', seqno });
    const shards = r.blocks
      .slice(1)
      .filter((b: { workchain: number }) => b.workchain === 0)
      .map((b: { shard: string }) => BigInt(b.shard));
    // the basechain shards partition the account space: their prefix ranges add up to all of it
    const total = shards.reduce((sum: bigint, sh: bigint) => {
      const u = sh < 0n ? sh + (1n << 64n) : sh;
      return sum + (u & -u) * 2n;
    }, 0n);
    expect(total).toBe(1n << 64n);
    for (const t of r.transactions) {
      const b = r.blocks.find(
        (x: { workchain: number; shard: string; seqno: number }) =>
          x.workchain === t.block_ref.workchain && x.shard === t.block_ref.shard && x.seqno === t.block_ref.seqno,
      );
      expect(b, 'each transaction is in one of the listed blocks').toBeDefined();
    }
    const empty = Number(
      s.sql
        .prepare(
          'SELECT seqno FROM blocks WHERE workchain = -1 AND seqno NOT IN (SELECT mc_seqno FROM transactions) LIMIT 1',
        )
        .pluck()
        .get() ?? -1,
    );
    if (empty >= 0) expect((await ok(`/api/v3/masterchainBlockShardState?seqno=${empty}`)).transactions).toEqual([]);
  });
});

describe('traces filters return only and all matching traces', () => {
  const ids = (r: { traces: { trace_id: string }[] }) => r.traces.map((t) => t.trace_id).sort();
  const expectIds = (sql: string, ...args: unknown[]) =>
    (s.sql.prepare(sql).all(...args) as { trace_id: Buffer }[]).map((r) => b64(r.trace_id)).sort();

  it('by account, trace id, transaction hash, message hash, masterchain seqno, time and lt ranges', async () => {
    const acct = s.sql
      .prepare('SELECT account FROM trace_accounts GROUP BY account HAVING count(*) BETWEEN 3 AND 200 LIMIT 1')
      .pluck()
      .get() as string;
    expect(ids(await ok(`/api/v3/traces?account=${acct}&limit=1000`))).toEqual(
      expectIds(
        "SELECT DISTINCT t.trace_id FROM transactions t JOIN traces tr ON tr.trace_id = t.trace_id WHERE t.account = ? AND tr.state = 'complete'",
        acct,
      ),
    );
    // the endpoint lists completed traces only: a trace still in flight is asked for and not answered
    const two = s.sql
      .prepare("SELECT trace_id FROM traces WHERE state = 'complete' ORDER BY end_lt LIMIT 2 OFFSET 40")
      .all() as { trace_id: Buffer }[];
    const inFlight = s.sql
      .prepare("SELECT trace_id FROM traces WHERE state = 'pending' LIMIT 1")
      .pluck()
      .get() as Buffer;
    expect(inFlight).toBeDefined();
    expect(
      ids(await ok(`/api/v3/traces?trace_id=${[...two.map((t) => t.trace_id), inFlight].map(hashToHex).join(',')}`)),
    ).toEqual(two.map((t) => b64(t.trace_id)).sort());
    expect(ids(await ok(`/api/v3/traces?trace_id=${two.map((t) => hashToHex(t.trace_id)).join(',')}`))).toEqual(
      two.map((t) => b64(t.trace_id)).sort(),
    );
    const tx = s.sql
      .prepare(
        "SELECT hash, t.trace_id FROM transactions t JOIN traces tr ON tr.trace_id = t.trace_id WHERE t.trace_id != hash AND tr.state = 'complete' LIMIT 1 OFFSET 50",
      )
      .get() as { hash: Buffer; trace_id: Buffer };
    expect(ids(await ok(`/api/v3/traces?tx_hash=${encodeURIComponent(b64(tx.hash))}`))).toEqual([b64(tx.trace_id)]);
    const ext = s.sql
      .prepare(
        "SELECT m.msg_hash, m.hash_norm, t.trace_id FROM messages m JOIN transactions t ON t.hash = m.tx_hash JOIN traces tr ON tr.trace_id = t.trace_id WHERE m.hash_norm IS NOT NULL AND tr.state = 'complete' LIMIT 1 OFFSET 30",
      )
      .get() as Record<string, Buffer>;
    expect(ids(await ok(`/api/v3/traces?msg_hash=${hashToHex(ext.msg_hash!)}`))).toEqual([b64(ext.trace_id)]);
    expect(ids(await ok(`/api/v3/traces?msg_hash=${hashToHex(ext.hash_norm!)}`))).toEqual([b64(ext.trace_id)]);
    const mc = Number(
      s.sql
        .prepare(
          "SELECT mc_seqno_end FROM traces WHERE state = 'complete' GROUP BY mc_seqno_end ORDER BY count(*) DESC LIMIT 1",
        )
        .pluck()
        .get(),
    );
    expect(ids(await ok(`/api/v3/traces?mc_seqno=${mc}&limit=1000`))).toEqual(
      expectIds("SELECT trace_id FROM traces WHERE mc_seqno_end = ? AND state = 'complete'", mc),
    );
    const [u0, u1] = (
      s.sql
        .prepare("SELECT end_utime FROM traces WHERE state = 'complete' ORDER BY end_utime LIMIT 2 OFFSET 100")
        .pluck()
        .all() as bigint[]
    ).map(Number);
    expect(ids(await ok(`/api/v3/traces?start_utime=${u0}&end_utime=${u1! + 10}&limit=1000`))).toEqual(
      expectIds("SELECT trace_id FROM traces WHERE end_utime BETWEEN ? AND ? AND state = 'complete'", u0, u1! + 10),
    );
    const [l0, l1] = s.sql
      .prepare("SELECT end_lt FROM traces WHERE state = 'complete' ORDER BY end_lt LIMIT 2 OFFSET 60")
      .pluck()
      .all() as bigint[];
    expect(ids(await ok(`/api/v3/traces?start_lt=${l0}&end_lt=${l1! + 50_000_000n}&limit=1000`))).toEqual(
      expectIds(
        "SELECT trace_id FROM traces WHERE end_lt BETWEEN ? AND ? AND state = 'complete'",
        l0,
        l1! + 50_000_000n,
      ),
    );
  });

  it('returns each trace as a tree over its transactions, with trace_id = root hash', async () => {
    const r = tracesResponse.parse(await ok('/api/v3/traces?limit=100'));
    for (const t of r.traces) {
      expect(t.trace!.tx_hash).toBe(t.trace_id);
      let nodes = 0;
      const walk = (n: { tx_hash: string; children: unknown[] }) => {
        nodes += 1;
        expect(t.transactions[n.tx_hash]).toBeDefined();
        for (const c of n.children as { tx_hash: string; in_msg_hash: string; children: unknown[] }[]) {
          expect(t.transactions[n.tx_hash]!.out_msgs.map((m) => m.hash)).toContain(c.in_msg_hash);
          walk(c);
        }
      };
      walk(t.trace!);
      // a trace over the cap is served cut at the cap (contract.test.ts checks the cut)
      expect(nodes).toBe(Math.min(t.trace_info.transactions, TEST_TRACE_MAX_TXS));
      expect(t.is_incomplete).toBe(t.trace_info.transactions > TEST_TRACE_MAX_TXS);
      expect(t.transactions_order.length).toBe(nodes);
    }
  });
});

describe('transactionsByMessage', () => {
  it('finds the sender (out) and the receiver (in) of an internal message, and an external by its normalized hash', async () => {
    const m = s.sql
      .prepare("SELECT msg_hash FROM messages WHERE direction = 'in' AND source IS NOT NULL LIMIT 1 OFFSET 77")
      .pluck()
      .get() as Buffer;
    const both = await ok(`/api/v3/transactionsByMessage?msg_hash=${hashToHex(m)}`);
    expect(both.transactions).toHaveLength(2);
    const out = await ok(`/api/v3/transactionsByMessage?msg_hash=${hashToHex(m)}&direction=out`);
    const inn = await ok(`/api/v3/transactionsByMessage?msg_hash=${hashToHex(m)}&direction=in`);
    expect(out.transactions).toHaveLength(1);
    expect(inn.transactions).toHaveLength(1);
    expect(out.transactions[0].out_msgs.map((x: { hash: string }) => x.hash)).toContain(b64(m));
    expect(inn.transactions[0].in_msg.hash).toBe(b64(m));
    expect(inn.transactions[0].in_msg.out_msg_tx_hash).toBe(out.transactions[0].hash);
    expect(out.transactions[0].out_msgs.find((x: { hash: string }) => x.hash === b64(m)).in_msg_tx_hash).toBe(
      inn.transactions[0].hash,
    );
    const ext = s.sql
      .prepare('SELECT msg_hash, hash_norm FROM messages WHERE hash_norm IS NOT NULL AND hash_norm != msg_hash LIMIT 1')
      .get() as Record<string, Buffer>;
    const byNorm = await ok(`/api/v3/transactionsByMessage?msg_hash=${hashToHex(ext.hash_norm!)}`);
    expect(byNorm.transactions).toHaveLength(1);
    expect(byNorm.transactions[0].in_msg.hash).toBe(b64(ext.msg_hash));
    expect(byNorm.transactions[0].in_msg.hash_norm).toBe(b64(ext.hash_norm));
    expect(byNorm.transactions[0].in_msg.source).toBeNull();
    expect(await ok(`/api/v3/transactionsByMessage?msg_hash=${'ab'.repeat(32)}`)).toEqual({
      transactions: [],
      address_book: {},
    });
  });

  it('lists each transaction once even when several of its messages match', async () => {
    const fan = s.sql
      .prepare(
        "SELECT tx_hash, opcode FROM messages WHERE direction = 'out' GROUP BY tx_hash HAVING count(*) >= 3 AND count(DISTINCT opcode) = 1 LIMIT 1",
      )
      .get() as { tx_hash: Buffer; opcode: bigint };
    const r = await ok(`/api/v3/transactionsByMessage?opcode=${fan.opcode}&direction=out&limit=1000`);
    const hashes = r.transactions.map((t: { hash: string }) => t.hash);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(hashes).toContain(b64(fan.tx_hash));
  });
});

describe('actions', () => {
  it('return the highest level among the supported types', async () => {
    const trace = s.sql
      .prepare("SELECT trace_id FROM actions WHERE type = 'jetton_transfer' AND success = 1 LIMIT 1")
      .pluck()
      .get() as Buffer;
    const id = hashToHex(trace);
    const latest = (await ok(`/api/v3/traces?trace_id=${id}&include_actions=true`)).traces[0].actions;
    expect(latest.map((a: { type: string }) => a.type)).toContain('jetton_transfer');
    expect(latest.map((a: { type: string }) => a.type)).not.toContain('call_contract');
    const jt = latest.find((a: { type: string }) => a.type === 'jetton_transfer');
    expect(jt.transactions.length).toBeGreaterThanOrEqual(4);
    const lower = (
      await ok(
        `/api/v3/traces?trace_id=${id}&include_actions=true&supported_action_types=call_contract,ton_transfer,contract_deploy`,
      )
    ).traces[0].actions;
    expect(lower.map((a: { type: string }) => a.type)).not.toContain('jetton_transfer');
    expect(lower.filter((a: { type: string }) => a.type === 'call_contract').length).toBeGreaterThanOrEqual(2);
    const covered = new Set(lower.flatMap((a: { transactions: string[] }) => a.transactions));
    for (const h of jt.transactions) expect(covered.has(h)).toBe(true);
    const none = (await ok(`/api/v3/traces?trace_id=${id}`)).traces[0];
    expect('actions' in none).toBe(false);
  });
});

describe('address book and metadata', () => {
  it('names every address of the response, with interfaces, and token info for jetton and NFT contracts', async () => {
    const trace = s.sql
      .prepare("SELECT trace_id FROM actions WHERE type = 'jetton_transfer' LIMIT 1")
      .pluck()
      .get() as Buffer;
    const r = await ok(`/api/v3/traces?trace_id=${hashToHex(trace)}`);
    const t = r.traces[0];
    for (const tx of Object.values(t.transactions) as { account: string }[])
      expect(r.address_book[tx.account]).toBeDefined();
    const kinds = new Set(Object.values(r.address_book).flatMap((e) => (e as { interfaces: string[] }).interfaces));
    expect(kinds.has('jetton_wallet')).toBe(true);
    const walletEntry = Object.values(r.address_book).find((e) =>
      (e as { interfaces: string[] }).interfaces.some((i) => i.startsWith('wallet_')),
    ) as { user_friendly: string };
    expect(walletEntry.user_friendly.startsWith('UQ')).toBe(true);
    const jettonWallet = Object.entries(r.metadata).find(
      ([, v]) => (v as { token_info: { type: string }[] }).token_info[0]!.type === 'jetton_wallets',
    );
    expect(jettonWallet).toBeDefined();
    // its master's entry is there too, with the decimals where TON Center writes them: extra.decimals,
    // a string, as the ledger's master holds them (its content cell's decimals)
    type Info = { type: string; decimals?: unknown; extra: { jetton?: string; decimals?: unknown } };
    const master = (jettonWallet![1] as { token_info: Info[] }).token_info[0]!.extra.jetton!;
    const masterInfo = (r.metadata[master] as { token_info: Info[] }).token_info[0]!;
    const stored = s.sql.prepare('SELECT decimals FROM token_info WHERE account = ?').pluck().get(master);
    expect(masterInfo.type).toBe('jetton_masters');
    expect(masterInfo.extra.decimals).toBe(String(stored));
    expect('decimals' in masterInfo).toBe(false);
  });

  // Traces are classified as they complete, not in lt order: a trace of a token contract that
  // completes after a later one must not put the contract's older state back in its metadata.
  it("token info is the contract's newest state, as the token lists say: supply, balance, owner", async () => {
    type Extra = Record<string, string | null | undefined>;
    const extraOf = async (address: string, type: string) => {
      const md = (await ok(`/api/v3/metadata?address=${encodeURIComponent(address)}`)) as Record<
        string,
        { token_info: Array<{ type: string; extra: Extra }> }
      >;
      const info = Object.values(md)[0]!.token_info.find((t) => t.type === type);
      expect(info, `${type} metadata of ${address}`).toBeDefined();
      return info!.extra;
    };
    const { jetton_masters: masters } = await ok('/api/v3/jetton/masters?limit=100');
    expect(masters.length).toBeGreaterThan(0);
    for (const m of masters as Array<{ address: string; total_supply: string; admin_address: string | null }>) {
      const extra = await extraOf(m.address, 'jetton_masters');
      expect([extra.total_supply, extra.admin ?? null]).toEqual([m.total_supply, m.admin_address]);
    }
    const { jetton_wallets: wallets } = await ok('/api/v3/jetton/wallets?limit=100');
    expect(wallets.length).toBeGreaterThan(10);
    for (const w of wallets as Array<{ address: string; balance: string }>)
      expect((await extraOf(w.address, 'jetton_wallets')).balance, w.address).toBe(w.balance);
    const { nft_items: items } = await ok('/api/v3/nft/items?limit=100');
    expect(items.length).toBeGreaterThan(0);
    for (const i of items as Array<{ address: string; owner_address: string | null }>)
      expect((await extraOf(i.address, 'nft_items')).owner ?? null, i.address).toBe(i.owner_address);
  });
});
