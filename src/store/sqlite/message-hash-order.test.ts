import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteLedgerStore } from './open-sqlite-store';
import { syntheticBatches } from '../test-support/synthetic-ledger';
import type { MessageFilter, Page } from '../interface';

// A message-hash lookup is ordered and paged in JavaScript (message-hash-page.ts); it must give exactly
// what SQLite's DISTINCT … ORDER BY gives, including ties on lt and account and external messages
// that share one normalized hash.

let store: SqliteLedgerStore;
const hashes: Buffer[] = [];

beforeAll(async () => {
  store = openSqliteStore(join(mkdtempSync(join(tmpdir(), 'ledgerscope-msg-order-')), 'ledger.db'));
  for (const batch of syntheticBatches({ batches: 3, txPerBatch: 30, accounts: 12, pendingEvery: 4 }))
    await store.writer!.writeBatch(batch);
  const db = store.db;
  // Replays of external messages: same normalized hash, other message and transaction hashes; some
  // with the same lt (and account) as the original, so only the later sort keys order them.
  const externals = db
    .prepare('SELECT msg_hash FROM messages WHERE hash_norm IS NOT NULL LIMIT 12')
    .pluck()
    .all() as Buffer[];
  const copy =
    db.prepare(`INSERT INTO messages SELECT ?, direction, position, ?, hash_norm, tx_lt + ?, ?, source, destination, value, value_extra,
      fwd_fee, ihr_fee, import_fee, created_lt, created_at, opcode, bounce, bounced, ihr_disabled, body_hash, init_state_hash, comment
      FROM messages WHERE msg_hash = ?`);
  externals.forEach((m, i) => {
    // the account's key (account-key.ts); k === 1: another account, sorting just before it
    const account = db.prepare('SELECT tx_account FROM messages WHERE msg_hash = ?').pluck().get(m) as Buffer;
    const other = Buffer.from(account);
    other[other.length - 1]! &= 0xf0;
    for (let k = 0; k < 3; k++) {
      const fill = (i * 8 + k * 3 + 1) & 0xff;
      copy.run(Buffer.alloc(32, fill), Buffer.alloc(32, fill ^ 0x5a), k === 2 ? 1000 : 0, k === 1 ? other : account, m);
    }
  });
  for (const r of db
    .prepare(
      'SELECT DISTINCT msg_hash FROM messages UNION SELECT DISTINCT hash_norm FROM messages WHERE hash_norm IS NOT NULL',
    )
    .pluck()
    .all() as Buffer[])
    hashes.push(r);
});

/** The general query, as SQLite orders and pages it. */
function reference(filter: MessageFilter & { msgHash: Buffer }, page: Page): string[] {
  const dir = page.sort === 'asc' ? 'ASC' : 'DESC';
  const where: string[] = ['1'];
  const args: unknown[] = [filter.msgHash, filter.msgHash, filter.msgHash];
  if (filter.opcode !== undefined) {
    where.push('m.opcode = ?');
    args.push(filter.opcode);
  }
  if (filter.direction) {
    where.push('m.direction = ?');
    args.push(filter.direction);
  }
  const sql = `SELECT DISTINCT m.tx_lt, m.tx_account, m.tx_hash FROM
      (SELECT * FROM messages WHERE msg_hash = ? UNION ALL SELECT * FROM messages WHERE hash_norm = ? AND msg_hash != ?) m
      WHERE ${where.join(' AND ')} ORDER BY m.tx_lt ${dir}, m.tx_account ${dir}, m.tx_hash ${dir} LIMIT ? OFFSET ?`;
  return (store.db.prepare(sql).all(...args, page.limit, page.offset) as { tx_hash: Buffer }[]).map((r) =>
    r.tx_hash.toString('hex'),
  );
}

describe('transactions by message hash', () => {
  it('orders, deduplicates and pages as SQLite does, for every message and normalized hash', async () => {
    expect(hashes.length).toBeGreaterThan(100);
    let multi = 0;
    for (const msgHash of hashes) {
      for (const extra of [{}, { direction: 'in' as const }, { direction: 'out' as const }, { opcode: 0x7369676e }]) {
        for (const sort of ['asc', 'desc'] as const) {
          for (const [offset, limit] of [
            [0, 10],
            [0, 1],
            [1, 1],
            [1, 2],
            [3, 1000],
          ] as const) {
            const filter = { msgHash, ...extra };
            const page = { sort, offset, limit };
            const want = reference(filter, page);
            if (want.length > 1) multi += 1;
            expect(
              (await store.reader.findTransactionHashesByMessage(filter, page)).map((h) => h.toString('hex')),
            ).toEqual(want);
          }
        }
      }
    }
    expect(multi).toBeGreaterThan(20);
  });
});
