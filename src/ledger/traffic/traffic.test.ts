import Database from 'better-sqlite3';
import { beginCell } from '@ton/core';
import { keyPairFromSecretKey, sign as tonSign, signVerify } from '@ton/crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { deriveKeyPair, signerFor } from './keys';
import { Random } from './random';
import { testLedgerPath } from '../test-support/test-ledger';

describe('keys derived from the ledger seed', () => {
  it('sign exactly as @ton/crypto does, and verify under the derived public key', async () => {
    const pair = deriveKeyPair(42, 3);
    const secretKey = Buffer.concat([pair.secretSeed, pair.publicKey]);
    expect(keyPairFromSecretKey(secretKey).publicKey.equals(pair.publicKey)).toBe(true);
    const cell = beginCell().storeUint(0xdeadbeef, 32).storeStringTail('hello').endCell();
    const ours = await signerFor(pair)(cell);
    expect(ours.equals(tonSign(cell.hash(), secretKey))).toBe(true);
    expect(signVerify(cell.hash(), ours, pair.publicKey)).toBe(true);
  });

  it('are a function of (seed, index): equal for equal inputs, distinct otherwise', () => {
    expect(deriveKeyPair(42, 0).publicKey.equals(deriveKeyPair(42, 0).publicKey)).toBe(true);
    const keys = new Set(
      [deriveKeyPair(42, 0), deriveKeyPair(42, 1), deriveKeyPair(43, 0)].map((k) => k.publicKey.toString('hex')),
    );
    expect(keys.size).toBe(3);
  });
});

describe('the traffic PRNG', () => {
  it('repeats its sequence for a seed, differs across seeds, and stays in range', () => {
    const seq = (seed: number) => {
      const r = new Random(seed);
      return Array.from({ length: 50 }, () => r.next());
    };
    expect(seq(7)).toEqual(seq(7));
    expect(seq(7)).not.toEqual(seq(8));
    const r = new Random(1);
    const ints = Array.from({ length: 2000 }, () => r.int(3, 9));
    expect(Math.min(...ints)).toBe(3);
    expect(Math.max(...ints)).toBe(9);
    for (const x of seq(99)) expect(x >= 0 && x < 1).toBe(true);
  });
});

describe('the deep shapes in a generated ledger', () => {
  let db: Database.Database;
  beforeAll(async () => {
    db = new Database(await testLedgerPath(), { readonly: true });
  }, 300_000);

  // depth of a trace = the longest path root -> leaf, following each transaction's out messages to
  // the transactions that received them (internal messages, linked by message hash)
  function maxDepth(traceId: Buffer): number {
    const txs = db.prepare('SELECT hash FROM transactions WHERE trace_id = ?').pluck().all(traceId) as Buffer[];
    const receiverOf = new Map<string, string>();
    const outs = new Map<string, string[]>();
    const hasParent = new Set<string>();
    for (const h of txs) {
      const key = h.toString('hex');
      const rows = db.prepare('SELECT direction, msg_hash FROM messages WHERE tx_hash = ?').all(h) as {
        direction: string;
        msg_hash: Buffer;
      }[];
      for (const m of rows) {
        if (m.direction === 'in') receiverOf.set(m.msg_hash.toString('hex'), key);
        else outs.set(key, [...(outs.get(key) ?? []), m.msg_hash.toString('hex')]);
      }
    }
    const children = new Map<string, string[]>();
    for (const [tx, msgs] of outs) {
      for (const m of msgs) {
        const child = receiverOf.get(m);
        if (child) {
          children.set(tx, [...(children.get(tx) ?? []), child]);
          hasParent.add(child);
        }
      }
    }
    const depth = (tx: string): number => 1 + Math.max(0, ...(children.get(tx) ?? []).map(depth));
    return Math.max(
      ...txs
        .map((h) => h.toString('hex'))
        .filter((k) => !hasParent.has(k))
        .map(depth),
    );
  }

  it('holds a chain trace at least 20 transactions deep, linked message by message', () => {
    const candidates = db
      .prepare('SELECT trace_id FROM traces WHERE transactions >= 20 ORDER BY transactions LIMIT 40')
      .pluck()
      .all() as Buffer[];
    const deepest = Math.max(0, ...candidates.map(maxDepth));
    expect(deepest).toBeGreaterThanOrEqual(20);
  });

  it('holds a fan-out trace of 200+ transactions, wide rather than deep', () => {
    const big = db.prepare('SELECT trace_id, transactions FROM traces ORDER BY transactions DESC LIMIT 1').get() as {
      trace_id: Buffer;
      transactions: number;
    };
    expect(big.transactions).toBeGreaterThanOrEqual(200);
    const inTrace = db
      .prepare('SELECT count(*) FROM transactions WHERE trace_id = ?')
      .pluck()
      .get(big.trace_id) as number;
    expect(inTrace).toBe(big.transactions);
    // wide, not deep: its depth is a small fraction of its size
    expect(maxDepth(big.trace_id)).toBeLessThan(big.transactions / 10);
  });
});
