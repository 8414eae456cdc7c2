import Database from 'better-sqlite3';
import { Cell } from '@ton/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { testLedgerPath } from './test-support/test-ledger';
import { decodeAction, decodeBoc, decodeDescription } from '../store/compact';
import { messageCells } from '../tvm/extract-messages';
import { shardContainsAccount } from '../ton/shard';
import { OP } from './contracts/opcodes';
import { configBlockLimits } from './network/block-limits';
import { generateLedger } from './generate';
import { WIDE_FAN_TRANSACTIONS } from './traffic/traffic';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Row = Record<string, unknown>;
let db: Database.Database;
const all = (sql: string, ...args: unknown[]) =>
  db
    .prepare(sql)
    .safeIntegers(true)
    .all(...args) as Row[];
const one = (sql: string, ...args: unknown[]) =>
  db
    .prepare(sql)
    .safeIntegers(true)
    .get(...args) as Row;
const hex = (b: unknown) => (b as Buffer).toString('hex');

beforeAll(async () => {
  db = new Database(await testLedgerPath(), { readonly: true });
  // the store keeps these deflated (src/store/compact.ts): plain again for the checks below
  db.function('plain_description', (b: unknown) => JSON.stringify(decodeDescription(b as Buffer)));
  db.function('plain_boc', (b: unknown) => decodeBoc(b as Buffer));
  db.function('action_transactions', (b: unknown) => JSON.stringify(decodeAction(b as Buffer).transactions));
  db.function('action_details', (b: unknown) => JSON.stringify(decodeAction(b as Buffer).details));
}, 300_000);

describe('the generated ledger: blocks and shards', () => {
  it('puts every transaction in exactly one existing block whose shard holds the account and whose lt range holds the lt', () => {
    const txs =
      all(`SELECT t.account, t.lt, t.workchain, t.shard, t.block_seqno, t.mc_seqno, b.start_lt, b.end_lt, b.mc_seqno AS b_mc
                     FROM transactions t LEFT JOIN blocks b ON b.workchain = t.workchain AND b.shard = t.shard AND b.seqno = t.block_seqno`);
    expect(txs.length).toBeGreaterThanOrEqual(700);
    for (const t of txs) {
      expect(t.start_lt, `block of ${t.account} exists`).not.toBeNull();
      const id = Buffer.from((t.account as string).split(':')[1]!, 'hex');
      expect(shardContainsAccount(t.shard as bigint, id)).toBe(true);
      expect((t.lt as bigint) >= (t.start_lt as bigint) && (t.lt as bigint) < (t.end_lt as bigint)).toBe(true);
      expect(t.mc_seqno).toBe(t.b_mc);
      expect(Number(t.workchain)).toBe(Number((t.account as string).split(':')[0]));
    }
  });

  it('commits every shard block in the masterchain block of its mc_seqno, and counts its transactions', () => {
    const blocks = all('SELECT * FROM blocks WHERE workchain = 0');
    for (const b of blocks) {
      const s = one(
        'SELECT seqno FROM shard_state WHERE mc_seqno = ? AND workchain = 0 AND shard = ?',
        b.mc_seqno,
        b.shard,
      );
      expect(s?.seqno).toBe(b.seqno);
      const n = one(
        'SELECT count(*) AS n FROM transactions WHERE workchain = 0 AND shard = ? AND block_seqno = ?',
        b.shard,
        b.seqno,
      ).n;
      expect(n).toBe(b.tx_count);
    }
    const mcs = all('SELECT seqno, prev_blocks FROM blocks WHERE workchain = -1 ORDER BY seqno');
    mcs.forEach((m, i) => {
      expect(Number(m.seqno)).toBe(i);
      expect(JSON.parse(m.prev_blocks as string)).toEqual(
        i === 0 ? [] : [{ workchain: -1, shard: '-9223372036854775808', seqno: i - 1 }],
      );
    });
  });

  it('splits a basechain shard during the history, linking the children to the parent', () => {
    const parent = one('SELECT * FROM blocks WHERE before_split = 1');
    expect(parent).toBeDefined();
    const children = all('SELECT * FROM blocks WHERE after_split = 1');
    expect(children).toHaveLength(2);
    for (const c of children) {
      expect(JSON.parse(c.prev_blocks as string)).toEqual([
        { workchain: 0, shard: String(parent.shard), seqno: Number(parent.seqno) },
      ]);
      expect(c.seqno).toBe((parent.seqno as bigint) + 1n);
    }
    // the children live side by side: three basechain shards in the masterchain blocks that follow
    const split = all(
      'SELECT count(DISTINCT shard) AS n FROM shard_state WHERE mc_seqno = ?',
      Number(parent.mc_seqno) + 1,
    );
    expect(Number(split[0]!.n)).toBe(3);
  });

  it('merges the two halves back later, the merged block after both of them', () => {
    const merged = one('SELECT * FROM blocks WHERE after_merge = 1');
    expect(merged).toBeDefined();
    const halves = all('SELECT * FROM blocks WHERE want_merge = 1 ORDER BY shard');
    expect(halves).toHaveLength(2);
    const children = all('SELECT * FROM blocks WHERE after_split = 1 ORDER BY shard');
    // the halves that merge are the children of the split, each in its last block
    expect(halves.map((h) => h.shard)).toEqual(children.map((c) => c.shard));
    expect(JSON.parse(merged.prev_blocks as string)).toEqual(
      halves.map((h) => ({ workchain: 0, shard: String(h.shard), seqno: Number(h.seqno) })),
    );
    for (const h of halves) expect(h.mc_seqno).toBe((merged.mc_seqno as bigint) - 1n);
    const parent = one('SELECT * FROM blocks WHERE before_split = 1');
    expect(merged.shard).toBe(parent.shard);
    // before the merge three basechain shards, from it on two again
    const count = (mc: bigint) =>
      Number(all('SELECT count(DISTINCT shard) AS n FROM shard_state WHERE mc_seqno = ?', Number(mc))[0]!.n);
    expect(count((merged.mc_seqno as bigint) - 1n)).toBe(3);
    expect(count(merged.mc_seqno as bigint)).toBe(2);
  });
});

describe('the generated ledger: delivery as on the network', () => {
  it('processes no message to another shard (or across the masterchain) in a block whose masterchain reference predates its source block', () => {
    // both ends of every delivered internal message: the sender's block and the receiver's
    const hops = all(`SELECT s.workchain AS s_wc, s.shard AS s_shard, s.mc_seqno AS s_mc, s.lt AS s_lt,
                             r.workchain AS r_wc, r.shard AS r_shard, r.mc_seqno AS r_mc, r.lt AS r_lt
                      FROM messages o JOIN messages i ON i.msg_hash = o.msg_hash AND i.direction = 'in'
                      JOIN transactions s ON s.hash = o.tx_hash JOIN transactions r ON r.hash = i.tx_hash
                      WHERE o.direction = 'out'`);
    let cross = 0;
    let sameBlock = 0;
    for (const h of hops) {
      expect((h.r_lt as bigint) > (h.s_lt as bigint)).toBe(true);
      if (h.s_wc === h.r_wc && h.s_shard === h.r_shard) {
        expect((h.r_mc as bigint) >= (h.s_mc as bigint)).toBe(true);
        if (h.r_mc === h.s_mc) sameBlock += 1;
        continue;
      }
      cross += 1;
      // a block of slot s refers to masterchain block s - 1 (a masterchain block follows it), the
      // first that commits source blocks of slot s - 1
      expect(
        (h.r_mc as bigint) - 1n >= (h.s_mc as bigint),
        `${h.s_wc}:${h.s_shard}@${h.s_mc} -> ${h.r_wc}:${h.r_shard}@${h.r_mc}`,
      ).toBe(true);
    }
    expect(cross).toBeGreaterThan(100);
    // a message to the same shard may be processed in the very block that sent it
    expect(sameBlock).toBeGreaterThan(0);
  });

  it("keeps every block within the config's block limits, importing no message once a soft limit is reached", () => {
    const limits = configBlockLimits();
    const blocks = all('SELECT workchain, shard, seqno, start_lt, end_lt FROM blocks WHERE tx_count > 0');
    const txsOf = db
      .prepare(
        `SELECT lt, plain_description(description) AS d, length(plain_boc(boc)) AS bytes, EXISTS (SELECT 1 FROM messages m WHERE m.tx_hash = t.hash AND m.direction = 'in') AS imported
                              FROM transactions t WHERE workchain = ? AND shard = ? AND block_seqno = ? ORDER BY lt`,
      )
      .safeIntegers(true);
    let imported = 0;
    for (const b of blocks) {
      const l = b.workchain === -1n ? limits.masterchain : limits.basechain;
      const used = { gas: 0, bytes: 0 };
      for (const t of txsOf.all(b.workchain, b.shard, b.seqno) as Row[]) {
        if (t.imported === 1n) {
          imported += 1;
          const ltDelta = Number((t.lt as bigint) - (b.start_lt as bigint));
          expect(used.gas < l.gas.soft && used.bytes < l.bytes.soft && ltDelta < l.ltDelta.soft).toBe(true);
        }
        const compute = (JSON.parse(t.d as string) as { compute_ph?: { gas_used?: string } }).compute_ph;
        used.gas += Number(compute?.gas_used ?? 0);
        used.bytes += Number(t.bytes);
      }
      expect(used.gas).toBeLessThanOrEqual(l.gas.hard);
      expect(used.bytes).toBeLessThanOrEqual(l.bytes.hard);
      expect(Number((b.end_lt as bigint) - (b.start_lt as bigint))).toBeLessThanOrEqual(l.ltDelta.hard);
    }
    expect(imported).toBeGreaterThan(700);
  });

  it('has traces that span masterchain blocks, each complete trace with nothing pending', () => {
    const spans = all(
      "SELECT mc_seqno_end - mc_seqno_start AS span, pending_messages FROM traces WHERE state = 'complete'",
    );
    expect(spans.filter((t) => (t.span as bigint) > 0n).length).toBeGreaterThan(spans.length / 4);
    for (const t of spans) expect(t.pending_messages).toBe(0n);
    // the history ends with traces in flight: pending, their messages counted
    const pending = all("SELECT pending_messages FROM traces WHERE state = 'pending'");
    expect(pending.length).toBeGreaterThan(0);
    for (const t of pending) expect((t.pending_messages as bigint) > 0n).toBe(true);
  });
});

describe('the generated ledger: transactions and messages', () => {
  it('keeps each account chain unbroken: prev_trans hash/lt and state before = previous state after', () => {
    const txs = all(
      'SELECT account, hash, lt, prev_trans_hash, prev_trans_lt, state_before, state_after FROM transactions ORDER BY account, lt',
    );
    let prev: Row | null = null;
    for (const t of txs) {
      if (prev && prev.account === t.account) {
        expect(hex(t.prev_trans_hash)).toBe(hex(prev.hash));
        expect(t.prev_trans_lt).toBe(prev.lt);
        expect(hex(t.state_before)).toBe(hex(prev.state_after));
      }
      prev = t;
    }
  });

  it('stores each transaction as its real BOC, whose hash is the transaction hash, and message hashes of the raw cells', () => {
    const txs = all('SELECT hash, plain_boc(boc) AS boc FROM transactions');
    for (const t of txs) {
      const cell = Cell.fromBoc(t.boc as Buffer)[0]!;
      expect(hex(cell.hash())).toBe(hex(t.hash));
      const cells = messageCells(cell);
      const rows = all(
        'SELECT direction, position, msg_hash FROM messages WHERE tx_hash = ? ORDER BY direction, position',
        t.hash,
      );
      const expected = [...(cells.inMsg ? [['in', cells.inMsg]] : []), ...cells.outMsgs.map((c) => ['out', c])] as [
        string,
        Cell,
      ][];
      expect(rows.map((r) => [r.direction, hex(r.msg_hash)])).toEqual(
        expected.sort((a, b) => a[0].localeCompare(b[0])).map(([d, c]) => [d, hex(c.hash())]),
      );
    }
  });

  it('links every delivered internal message to its sender and its receiver', () => {
    const orphans = one(`SELECT count(*) AS n FROM messages i WHERE i.direction = 'in' AND i.source IS NOT NULL
                         AND NOT EXISTS (SELECT 1 FROM messages o WHERE o.msg_hash = i.msg_hash AND o.direction = 'out')`).n;
    expect(orphans).toBe(0n);
  });

  it('builds each trace as a tree linked by message hashes, with trace_id = root transaction hash', () => {
    const traces = all("SELECT trace_id, transactions FROM traces WHERE state = 'complete'");
    expect(traces.length).toBeGreaterThan(50);
    for (const tr of traces) {
      const txs = all('SELECT hash FROM transactions WHERE trace_id = ? ORDER BY lt', tr.trace_id);
      expect(BigInt(txs.length)).toBe(tr.transactions);
      expect(hex(txs[0]!.hash)).toBe(hex(tr.trace_id));
      const outs = new Set(
        all(
          `SELECT m.msg_hash FROM messages m JOIN transactions t ON t.hash = m.tx_hash WHERE t.trace_id = ? AND m.direction = 'out'`,
          tr.trace_id,
        ).map((r) => hex(r.msg_hash)),
      );
      for (const t of txs.slice(1)) {
        const inMsg = one("SELECT msg_hash FROM messages WHERE tx_hash = ? AND direction = 'in'", t.hash);
        expect(outs.has(hex(inMsg.msg_hash))).toBe(true);
      }
    }
  });
});

describe('the generated ledger: every kind of trace', () => {
  it('holds transfers with comments, deploys, bounces, compute failures, jettons, NFTs, masterchain and tick-tock activity', () => {
    expect(one("SELECT count(*) AS n FROM messages WHERE comment IS NOT NULL AND comment != ''").n).toBeGreaterThan(
      20n,
    );
    expect(
      one("SELECT count(*) AS n FROM transactions WHERE orig_status IN ('uninit','nonexist') AND end_status = 'active'")
        .n,
    ).toBeGreaterThan(5n);
    expect(
      one(
        "SELECT count(*) AS n FROM messages o JOIN messages i ON i.msg_hash = o.msg_hash AND i.direction = 'in' WHERE o.bounced = 1 AND o.direction = 'out'",
      ).n,
    ).toBeGreaterThan(2n);
    expect(
      one(
        "SELECT count(*) AS n FROM transactions WHERE json_extract(plain_description(description), '$.compute_ph.skipped') = 0 AND json_extract(plain_description(description), '$.compute_ph.exit_code') NOT IN (0, 1)",
      ).n,
    ).toBeGreaterThan(2n);
    for (const op of [
      OP.jettonTransferNotification,
      OP.excesses,
      OP.jettonBurnNotification,
      OP.nftOwnershipAssigned,
      OP.jettonInternalTransfer,
    ]) {
      expect(
        one("SELECT count(*) AS n FROM messages WHERE opcode = ? AND direction = 'in'", op | 0).n,
        `opcode ${op.toString(16)}`,
      ).toBeGreaterThan(0n);
    }
    expect(
      one(
        "SELECT count(*) AS n FROM transactions WHERE workchain = -1 AND json_extract(plain_description(description), '$.type') = 'ord'",
      ).n,
    ).toBeGreaterThan(0n);
    expect(
      one(
        "SELECT count(*) AS n FROM transactions WHERE json_extract(plain_description(description), '$.type') = 'tick_tock' AND json_extract(plain_description(description), '$.is_tock') = 1",
      ).n,
    ).toBeGreaterThan(0n);
    expect(one('SELECT count(*) AS n FROM traces WHERE external_hash IS NULL').n).toBeGreaterThan(0n);
    expect(one('SELECT max(transactions) AS n FROM traces').n).toBeGreaterThanOrEqual(200n);
    // a chain: a trace whose every transaction has at most one child, at least 20 deep
    const chain = all('SELECT trace_id, transactions FROM traces WHERE transactions BETWEEN 21 AND 40');
    expect(chain.length).toBeGreaterThan(0);
    expect(
      one('SELECT count(DISTINCT mc_seqno_start) AS n FROM traces WHERE mc_seqno_end > mc_seqno_start').n,
    ).toBeGreaterThan(0n);
  });

  it('holds the rare shapes: a bounce that cannot pay its forward fee, and a fan-out over 4,000 transactions', () => {
    // the thrower failed, and what was left of the value could not pay for the bounce: no message back
    const noFunds = all(
      "SELECT hash, plain_description(description) AS description FROM transactions WHERE json_extract(plain_description(description), '$.bounce.type') = 'nofunds'",
    );
    expect(noFunds.length).toBeGreaterThan(0);
    for (const t of noFunds) {
      const d = JSON.parse(t.description as string);
      expect(d.compute_ph).toMatchObject({ skipped: false, success: false });
      expect(BigInt(d.bounce.req_fwd_fees)).toBeGreaterThan(0n);
      expect(one("SELECT count(*) AS n FROM messages WHERE tx_hash = ? AND direction = 'out'", t.hash).n).toBe(0n);
    }
    // one wide fan-out, the wallet's transaction and three levels of forwarders in one trace, over
    // the 4,000 transactions TON Center prints of a trace (and the API's default cap), so the cut shows
    const wide = one('SELECT trace_id, transactions FROM traces ORDER BY transactions DESC LIMIT 1');
    expect(wide.transactions).toBe(BigInt(WIDE_FAN_TRANSACTIONS));
    expect(WIDE_FAN_TRANSACTIONS).toBeGreaterThan(4000);
    expect(one("SELECT count(*) AS n FROM traces WHERE trace_id = ? AND state = 'complete'", wide.trace_id).n).toBe(1n);
    // every forwarder of it ran and was deployed: the value reached the leaves
    expect(one('SELECT count(*) AS n FROM transactions WHERE trace_id = ?', wide.trace_id).n).toBe(
      BigInt(WIDE_FAN_TRANSACTIONS),
    );
    expect(
      one(
        "SELECT count(*) AS n FROM transactions WHERE trace_id = ? AND (end_status <> 'active' OR json_extract(plain_description(description), '$.aborted'))",
        wide.trace_id,
      ).n,
    ).toBe(0n);
  });

  it('classifies the classic shapes: one jetton_transfer over its 4+ transactions; a bounce fails its action', () => {
    const jt = all(
      "SELECT *, action_transactions(body) AS transactions, action_details(body) AS details FROM actions WHERE type = 'jetton_transfer' AND parent_action_id IS NULL AND success = 1",
    );
    expect(jt.length).toBeGreaterThan(0);
    for (const a of jt) {
      const txs = JSON.parse(a.transactions as string) as string[];
      expect(txs.length).toBeGreaterThanOrEqual(4);
      const ops = txs.map(
        (h) =>
          one("SELECT opcode FROM messages WHERE tx_hash = ? AND direction = 'in'", Buffer.from(h, 'base64'))?.opcode,
      );
      expect(ops).toContain(BigInt(OP.jettonTransferNotification | 0));
      expect(ops).toContain(BigInt(OP.excesses | 0));
      const children = all('SELECT type FROM actions WHERE parent_action_id = ?', a.action_id);
      expect(children.length).toBeGreaterThanOrEqual(3);
      expect(JSON.parse(a.details as string).amount).toMatch(/^\d+$/);
    }
    // a bounce belongs to the action whose message bounced, and fails it
    const bounced = all(
      "SELECT i.tx_hash FROM messages o JOIN messages i ON i.msg_hash = o.msg_hash AND i.direction = 'in' WHERE o.bounced = 1 AND o.direction = 'out'",
    );
    expect(bounced.length).toBeGreaterThan(2);
    for (const b of bounced) {
      const h = (b.tx_hash as Buffer).toString('base64');
      const owners = all(
        'SELECT success, action_transactions(body) AS transactions, type FROM actions WHERE action_transactions(body) LIKE ?',
        `%${h}%`,
      );
      expect(owners.length, `actions holding bounce ${h}`).toBeGreaterThan(0);
      for (const a of owners) {
        expect(a.success).toBe(0n);
        expect((JSON.parse(a.transactions as string) as string[]).length).toBeGreaterThanOrEqual(2);
      }
    }
    for (const type of [
      'ton_transfer',
      'contract_deploy',
      'call_contract',
      'jetton_mint',
      'jetton_burn',
      'nft_mint',
      'nft_transfer',
    ]) {
      expect(one('SELECT count(*) AS n FROM actions WHERE type = ?', type).n, type).toBeGreaterThan(0n);
    }
  });

  it('knows interfaces and token metadata', () => {
    for (const i of [
      'wallet_v4r2',
      'wallet_v5r1',
      'jetton_master',
      'jetton_wallet',
      'nft_collection',
      'nft_item',
      'nft_sale',
    ]) {
      expect(one('SELECT count(*) AS n FROM accounts WHERE interfaces LIKE ?', `%"${i}"%`).n, i).toBeGreaterThan(0n);
    }
    const master = one("SELECT * FROM token_info WHERE type = 'jetton_masters'");
    expect([master.name, master.symbol, Number(master.decimals)]).toEqual(['Ledger Jetton', 'LJT', 9]);
    expect(one("SELECT name FROM token_info WHERE type = 'nft_collections'").name).toBe('Ledger Shapes');
    expect(one("SELECT name FROM token_info WHERE type = 'nft_items' LIMIT 1").name).toMatch(/^Shape #\d+$/);
  });
});

describe('determinism', () => {
  it('gives the same hashes for the same seed and different ones for another seed', async () => {
    const run = async (seed: number, name: string) => {
      const path = join(tmpdir(), `ledgerscope-det-${process.pid}-${name}.db`);
      rmSync(path, { force: true });
      await generateLedger({ dbPath: path, seed, txs: 120 });
      const d = new Database(path, { readonly: true });
      const hashes = (d.prepare('SELECT hash FROM transactions ORDER BY lt').pluck().all() as Buffer[]).map(hex);
      d.close();
      rmSync(path, { force: true });
      return hashes;
    };
    const a = await run(5, 'a');
    const b = await run(5, 'b');
    const c = await run(6, 'c');
    expect(a.length).toBeGreaterThanOrEqual(120);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });
});
