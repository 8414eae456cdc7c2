import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteCommitCounter } from '../../store/sqlite/sqlite-commit-counter';
import type { CommitCounter } from '../../store/interface';
import { AnswerCache } from './answer-cache';

// A real SQLite file, written by a connection of its own as the producer would write the ledger.
let writer: Database.Database;
let counter: CommitCounter;
beforeAll(() => {
  const path = join(mkdtempSync(join(tmpdir(), 'ledgerscope-answers-')), 'ledger.db');
  writer = new Database(path);
  writer.pragma('journal_mode = WAL');
  writer.exec('CREATE TABLE t (x INTEGER)');
  counter = sqliteCommitCounter(path);
});
afterAll(() => {
  counter.close();
  writer.close();
});
const commit = () => writer.prepare('INSERT INTO t VALUES (1)').run();
const body = (n: number, fill = 'a') => Buffer.from(`{"x":"${fill.repeat(n)}"}`);

describe('AnswerCache', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('keeps an answer until the next commit, and refuses one read across a commit', async () => {
    const cache = new AnswerCache(counter, 1 << 20);
    const readAt = cache.now();
    cache.put('/a', readAt, 7, body(10));
    expect(cache.get('/a')?.body).toEqual(body(10));
    expect(cache.get('/a')?.seqno).toBe(7);
    commit();
    // lookups read the counter once per turn of the event loop: the commit is seen from the next
    await nextTurn();
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toBe(0);
    // read before the commit, answered after it: the worker may have seen either state
    const before = cache.now();
    commit();
    cache.put('/b', before, 8, body(10));
    expect(cache.get('/b')).toBeUndefined();
  });

  it('sees a commit in the turn after it, and at once when a put or now has seen it', async () => {
    const cache = new AnswerCache(counter, 1 << 20);
    cache.put('/a', cache.now(), 7, body(10));
    await nextTurn();
    expect(cache.get('/a')).toBeDefined(); // the turn's one read of the counter
    commit();
    // within the turn the read stands (the request may be taken as come before the commit) ...
    expect(cache.get('/a')).toBeDefined();
    await nextTurn();
    // ... and the next turn's first lookup reads the counter again
    expect(cache.get('/a')).toBeUndefined();
    cache.put('/b', cache.now(), 8, body(10));
    await nextTurn();
    expect(cache.get('/b')).toBeDefined();
    commit();
    // a put of the same turn reads the counter itself, and its change drops what was kept at once
    cache.put('/c', cache.now(), 9, body(10));
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most its bound, drops the least recently used first, and keeps no answer over an eighth of it', () => {
    const cache = new AnswerCache(counter, 8 * 1024);
    const at = cache.now();
    cache.put('/big', at, 1, body(1100));
    expect(cache.get('/big')).toBeUndefined();
    for (let i = 0; i < 7; i++) cache.put(`/${i}`, at, 1, body(1000));
    expect(cache.get('/0')).toBeDefined(); // now the most recently used
    for (let i = 7; i < 12; i++) cache.put(`/${i}`, at, 1, body(1000));
    expect(cache.size).toBeLessThanOrEqual(8 * 1024);
    expect(cache.get('/0')).toBeDefined();
    expect(cache.get('/1')).toBeUndefined();
    expect(cache.get('/11')).toBeDefined();
  });

  it('makes each compressed variant once, counts it in the bound, and it inflates to the body', () => {
    const cache = new AnswerCache(counter, 1 << 20);
    cache.put('/v', cache.now(), 1, body(5000, 'xyz'));
    const kept = cache.get('/v')!;
    const before = cache.size;
    const br = cache.variant(kept, 'br');
    expect(cache.variant(kept, 'br')).toBe(br);
    expect(brotliDecompressSync(br)).toEqual(kept.body);
    expect(gunzipSync(cache.variant(kept, 'gzip'))).toEqual(kept.body);
    expect(inflateSync(cache.variant(kept, 'deflate'))).toEqual(kept.body);
    expect(cache.size).toBeGreaterThan(before);
  });
});
