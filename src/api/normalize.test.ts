import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerClient, ApiError, ApiUnreachableError } from './client';
import {
  normalizeTransaction,
  normalizeV2BlockTransactions,
  normalizeBlock,
  normalizeTrace,
  normalizeOpcode,
  normalizeShard,
} from './normalize';
import {
  wireShardStateResponse,
  wireTracesResponse,
  wireTransactionsResponse,
  wireV2BlockTransactions,
  wireV2Transaction,
} from './wire';
import { startTestServer, type TestServer } from '../server/test-support/test-server';

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(__dirname, 'test-support', 'fixtures', 'ton-center', name), 'utf8'));

describe('the public TON Center dialect, on real responses', () => {
  it('v3 transactions: hex opcodes, unsigned hex shards, the older skipped compute layout, missing fields', () => {
    const r = wireTransactionsResponse.parse(fixture('v3-transactions-1.json'));
    const txs = r.transactions.map(normalizeTransaction);
    expect(txs).toHaveLength(2);
    const t = txs[0]!;
    expect(t.inMsg!.opcode).toBe(0x7362d09c);
    expect(t.block.shard).toBe('2305843009213693952');
    expect(t.description.compute).toEqual({ skipped: true, reason: 'no_gas' });
    expect(t.traceId).toBeNull();
    expect(t.stateBefore!.balance).toBe('1000000000');
    expect(
      txs.map((x) => x.description.compute?.skipped && (x.description.compute as { reason: string }).reason),
    ).toEqual(['no_gas', 'no_state']);
  });

  it('v3 blocks: {blocks} alone, unsigned hex shards, string times', () => {
    const r = wireShardStateResponse.parse(fixture('v3-blocks-javadoc.json'));
    expect(r.transactions).toEqual([]);
    const b = normalizeBlock(r.blocks[0]!);
    expect(b.shard).toBe('2305843009213693952');
    expect(b.genUtime).toBe(1717130279);
    expect(b.mcSeqno).toBeGreaterThan(0);
  });

  it('v2 getBlockTransactionsExt with the ton. prefix and tick-tock transactions without in_msg', () => {
    const r = normalizeV2BlockTransactions(
      wireV2BlockTransactions.parse(fixture('v2-block-transactions-ext-blockpi-mc39984096.json')),
    );
    expect(r.block).toMatchObject({ workchain: -1, shard: '-9223372036854775808', seqno: 39984096 });
    expect(r.transactions).toHaveLength(3);
    expect(r.transactions.filter((t) => t.inMsg === null)).toHaveLength(2);
    for (const t of fixture('v2-transactions-1.json').result) {
      const parsed = wireV2Transaction.parse(t);
      expect(parsed.transaction_id.hash).toHaveLength(44);
    }
  });

  it('opcodes and shards in either form', () => {
    expect(normalizeOpcode('0xd53276db')).toBe(-718113061);
    expect(normalizeOpcode(-718113061)).toBe(-718113061);
    expect(normalizeOpcode(null)).toBeNull();
    expect(normalizeShard('8000000000000000')).toBe('-9223372036854775808');
    expect(normalizeShard('-9223372036854775808')).toBe('-9223372036854775808');
    expect(normalizeShard('4611686018427387904')).toBe('4611686018427387904');
  });
});

/** Rewrites one of our responses into the TON Center dialect, as its indexer prints it. */
function toTonCenter(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => toTonCenter(v, key));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (k === 'opcode' && typeof v === 'number') out[k] = '0x' + (v >>> 0).toString(16).padStart(8, '0');
      else if (k === 'shard' && typeof v === 'string')
        out[k] = (BigInt(v) < 0n ? BigInt(v) + (1n << 64n) : BigInt(v)).toString(16).toUpperCase().padStart(16, '0');
      else if (k === 'trace' && v && typeof v === 'object') out[k] = node(v as Record<string, unknown>);
      else if (k === 'details')
        out[k] = v; // action details keep their own shapes
      else out[k] = toTonCenter(v, k);
    }
    return out;
  }
  return value;
}
function node(n: Record<string, unknown>): unknown {
  const children = (n.children as Record<string, unknown>[]).map(node);
  return { tx_hash: n.tx_hash, in_msg_hash: n.in_msg_hash, children: children.length ? children : null };
}

describe('both dialects normalize to the same model', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  }, 300_000);
  afterAll(async () => s?.close());

  it('a real traces response and its TON Center rewrite give the same traces', async () => {
    const ours = (await s.get('/api/v3/traces?limit=20&include_actions=true')).body;
    const a = wireTracesResponse.parse(ours).traces.map(normalizeTrace);
    const b = wireTracesResponse.parse(toTonCenter(ours)).traces.map(normalizeTrace);
    for (let i = 0; i < a.length; i++) {
      for (const k of Object.keys(a[i]!) as (keyof (typeof a)[number])[])
        expect(b[i]![k], `trace ${i} ${k}`).toEqual(a[i]![k]);
    }
    expect(b).toEqual(a);
    expect(a.some((t) => t.root!.children.length > 0)).toBe(true);
  });

  it('the client reads every operation of the real server', async () => {
    const c = new LedgerClient({ baseUrl: s.base });
    const traces = await c.getTraces({ limit: 5, include_actions: true });
    expect(traces.traces).toHaveLength(5);
    const t = traces.traces[0]!;
    expect(t.order[0]).toBe(t.traceId);
    expect(traces.addressBook[t.transactions[t.traceId]!.account]).toBeDefined();
    const mc = await c.getMasterchainBlockShardState({ seqno: t.mcSeqnoEnd, limit: 1000 });
    expect(mc.blocks[0]).toMatchObject({ workchain: -1, seqno: t.mcSeqnoEnd });
    const tx = Object.values(t.transactions)[0]!;
    const byMsg = await c.getTransactionsByMessage({ msg_hash: tx.inMsg!.hash });
    expect(byMsg.transactions.map((x) => x.hash)).toContain(tx.hash);
    const v2 = await c.getBlockTransactionsExt({ ...tx.block, count: 100 });
    expect(v2.transactions.map((x) => x.hash)).toContain(tx.hash);
    const lists = await c.getTraces({ account: [tx.account, tx.account], limit: 2 });
    expect(lists.traces.length).toBeGreaterThan(0);
    // the chain's head and its first block, as the store holds them
    const head = await c.getMasterchainInfo();
    const [lo, hi] = (
      s.sql.prepare('SELECT min(seqno), max(seqno) FROM blocks WHERE workchain = -1').raw().get() as bigint[]
    ).map(Number);
    expect(head.first).toMatchObject({ workchain: -1, seqno: lo });
    expect(head.last).toMatchObject({ workchain: -1, seqno: hi });
    expect(head.last.seqno).toBeGreaterThanOrEqual(t.mcSeqnoEnd);
  });

  it('reports the server’s message on errors, and an unreachable API as such', async () => {
    const c = new LedgerClient({ baseUrl: s.base });
    await expect(c.getTraces({ limit: 5000 })).rejects.toEqual(
      expect.objectContaining({
        name: 'ApiError',
        status: 422,
        message: 'parameter limit must be from 1 to 1000, got "5000"',
      }),
    );
    await expect(c.getMasterchainBlockShardState({ seqno: 10_000_000 })).rejects.toBeInstanceOf(ApiError);
    const down = new LedgerClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(down.getTraces({ limit: 1 })).rejects.toBeInstanceOf(ApiUnreachableError);
  });
});
