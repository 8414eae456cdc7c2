import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from './open-sqlite-store';
import { SqliteLedgerReader } from './sqlite-reader';
import { StatementCache } from './statement-cache';

describe('StatementCache', () => {
  it('keeps at most its bound, dropping the least recently used first', () => {
    const prepared: string[] = [];
    const cache = new StatementCache((sql) => (prepared.push(sql), sql.toUpperCase()), 3);
    for (const sql of ['a', 'b', 'c']) cache.get(sql);
    expect(cache.get('a')).toBe('A');
    cache.get('d');
    expect(cache.size).toBe(3);
    // b was the least recently used: prepared again, a and d were kept
    cache.get('a');
    cache.get('d');
    cache.get('b');
    expect(prepared).toEqual(['a', 'b', 'c', 'd', 'b']);
  });

  it('bounds a reader whatever filters and list lengths its requests combine', async () => {
    // the statements are the same on an empty ledger: what a request makes the reader prepare
    const store = openSqliteStore(join(mkdtempSync(join(tmpdir(), 'stmts-')), 'ledger.db'));
    const reader = new SqliteLedgerReader(store.db);
    const hash = (i: number) => Buffer.alloc(32, i);
    const accounts = (n: number) =>
      Array.from({ length: n }, (_, i) => `0:${i.toString(16).padStart(64, '0').toUpperCase()}`);
    // every id filter at list lengths 1..100, each with every combination of the range filters
    const ranges = [{ mcSeqno: 1 }, { startUtime: 1 }, { endUtime: 2 ** 31 }, { startLt: 1n }, { endLt: 2n ** 62n }];
    for (let n = 1; n <= 100; n += 3) {
      const ids = Array.from({ length: n }, (_, i) => hash(i));
      for (let mask = 0; mask < 1 << ranges.length; mask++) {
        const range = Object.assign({}, ...ranges.filter((_, i) => mask & (1 << i))) as object;
        for (const filter of [{ traceIds: ids }, { txHashes: ids }, { msgHashes: ids }, { accounts: accounts(n) }]) {
          await reader.findTraces({ ...filter, ...range }, { limit: 10, offset: 0, sort: 'desc' });
        }
      }
    }
    // more distinct statements than the bound were made, and no more than the bound were kept
    expect(reader.statements.prepared).toBeGreaterThan(256);
    expect(reader.statements.size).toBeLessThanOrEqual(256);
    store.close();
  });
});
