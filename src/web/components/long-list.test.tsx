import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { LIST_STEP, useLongList } from './long-list';

const rows = Array.from({ length: 4000 }, (_, i) => i);

describe('a long list', () => {
  it('opens at one step of rows however long, and grows by a step or to the whole on request', () => {
    const { result } = renderHook(() => useLongList(rows));
    expect(result.current.shown).toHaveLength(LIST_STEP);
    act(() => result.current.more());
    expect(result.current.shown).toHaveLength(2 * LIST_STEP);
    act(() => result.current.all());
    expect(result.current.shown).toBe(rows);
  });

  it('always shows the row that must be seen (the selected one), wherever it is', () => {
    const { result, rerender } = renderHook(({ at }) => useLongList(rows, at), { initialProps: { at: 3500 } });
    expect(result.current.shown).toHaveLength(3501);
    expect(result.current.shown.at(-1)).toBe(3500);
    rerender({ at: 5 });
    expect(result.current.shown).toHaveLength(LIST_STEP);
  });

  it('shows a short list whole', () => {
    const short = rows.slice(0, 12);
    expect(renderHook(() => useLongList(short)).result.current.shown).toBe(short);
  });
});
