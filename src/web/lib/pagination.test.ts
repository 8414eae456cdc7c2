import { describe, expect, it } from 'vitest';
import { clampLimit, clampOffset, fetchLimit, pageOf } from './pagination';

describe('limit/offset pagination', () => {
  const rows = Array.from({ length: 26 }, (_, i) => i);

  it('fetches one extra row to know whether a next page exists', () => {
    expect(fetchLimit(25)).toBe(26);
    expect(fetchLimit(1000)).toBe(1000);
    const p = pageOf(rows, 25, 0);
    expect(p.rows).toHaveLength(25);
    expect(p).toMatchObject({ hasNext: true, hasPrev: false, nextOffset: 25, prevOffset: null, from: 1, to: 25 });
  });

  it('has no next on the last page and goes back by one page', () => {
    const p = pageOf(rows.slice(0, 7), 25, 50);
    expect(p).toMatchObject({ hasNext: false, nextOffset: null, hasPrev: true, prevOffset: 25, from: 51, to: 57 });
    expect(pageOf([], 25, 0)).toMatchObject({ hasNext: false, from: 0, to: 0 });
    expect(pageOf([1], 25, 10).prevOffset).toBe(0);
  });

  it('keeps next enabled at the API maximum, where limit + 1 cannot be asked', () => {
    expect(pageOf(new Array(1000).fill(0), 1000, 0).hasNext).toBe(true);
  });

  it('keeps limit and offset within the API bounds', () => {
    expect(clampLimit(0, 10)).toBe(1);
    expect(clampLimit(5000, 10)).toBe(1000);
    expect(clampLimit(undefined, 10)).toBe(10);
    expect(clampOffset(-3)).toBe(0);
    expect(clampOffset(12.7)).toBe(12);
  });
});
