import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RECENT_MAX,
  addRecent,
  describeTarget,
  loadRecent,
  parseRecent,
  saveRecent,
  type RecentSearch,
} from './recent-searches';

const H1 = 'fbf7' + '0'.repeat(56) + '0db1';
const tx = (hash: string, query = hash): RecentSearch => ({ query, target: { to: '/tx/$hash', params: { hash } } });
const mc = (seqno: number): RecentSearch => ({
  query: String(seqno),
  target: { to: '/mc/$seqno', params: { seqno: String(seqno) } },
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('recent searches', () => {
  it('puts the newest first and keeps only the last RECENT_MAX', () => {
    let list: RecentSearch[] = [];
    for (let i = 1; i <= RECENT_MAX + 3; i++) list = addRecent(list, mc(i));
    expect(list.map((e) => e.query)).toEqual(Array.from({ length: RECENT_MAX }, (_, i) => String(RECENT_MAX + 3 - i)));
  });

  it('keeps one entry per page: searching it again, in any form, moves it to the top with the new query', () => {
    let list = [mc(1), tx(H1), mc(2)].reduce<RecentSearch[]>((l, e) => addRecent(l, e), []);
    list = addRecent(list, tx(H1, 'base64 form of it'));
    expect(list.map((e) => e.query)).toEqual(['base64 form of it', '2', '1']);
  });

  it('survives a save and load round trip', () => {
    const list = [
      tx(H1),
      mc(150),
      {
        query: '0:80:3',
        target: {
          to: '/block/$workchain/$shard/$seqno',
          params: { workchain: '0', shard: '-9223372036854775808', seqno: '3' },
        },
      } as RecentSearch,
    ];
    saveRecent(list);
    expect(loadRecent()).toEqual(list);
    saveRecent([]);
    expect(localStorage.length).toBe(0);
  });

  it('ignores garbage instead of failing: bad JSON, wrong shapes, unknown pages, extra params', () => {
    expect(parseRecent('{not json')).toEqual([]);
    expect(parseRecent('{"query":"x"}')).toEqual([]);
    expect(parseRecent('null')).toEqual([]);
    const stored = JSON.stringify([
      42,
      null,
      { query: 'a' },
      { query: 'b', target: { to: '/evil/$x', params: { x: '1' } } },
      { query: 'c', target: { to: '/tx/$hash', params: { hash: 7 } } },
      { query: 'd', target: { to: '/tx/$hash', params: { hash: H1, extra: 'x' } } },
      { query: 'e', target: { to: '/mc/$seqno', params: {} } },
      mc(5),
      mc(5), // a duplicate written by another tab
    ]);
    expect(parseRecent(stored)).toEqual([mc(5)]);
    expect(parseRecent(JSON.stringify(Array.from({ length: 20 }, (_, i) => mc(i))))).toHaveLength(RECENT_MAX);
  });

  it('works without storage: reading gives nothing, writing is dropped', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(loadRecent()).toEqual([]);
    expect(() => saveRecent([mc(1)])).not.toThrow();
  });

  it('names what each search opened', () => {
    expect(describeTarget(tx(H1).target, 'bounceable')).toBe('transaction fbf7…0db1');
    expect(describeTarget(mc(150).target, 'raw')).toBe('masterchain block 150');
    const raw = '0:' + 'AB'.repeat(32);
    expect(describeTarget({ to: '/account/$address', params: { address: raw } }, 'raw')).toBe('account 0:ABAB…ABAB');
    expect(describeTarget({ to: '/account/$address', params: { address: raw } }, 'bounceable')).toMatch(
      /^account EQ[A-Za-z0-9_-]{2}…[A-Za-z0-9_-]{4}$/,
    );
  });
});
