import { describe, expect, it, beforeAll, vi } from 'vitest';
import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import { bounceRecording } from '../../test-support/recorded-traces';
import TraceGraph from './trace-graph';
import { fromApiTrace } from '../../model/trace-view';
import { accountLetters } from '../../model/account-labels';

// jsdom has no layout engine: React Flow needs ResizeObserver and DOMMatrixReadOnly to exist and a
// non-zero container size to render its nodes. These are browser APIs, not stand-ins for data.
beforeAll(() => {
  class RO {
    constructor(private cb: ResizeObserverCallback) {}
    observe(target: Element) {
      this.cb(
        [{ target, contentRect: { width: 1000, height: 600 } } as unknown as ResizeObserverEntry],
        this as unknown as ResizeObserver,
      );
    }
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver = RO as unknown as typeof ResizeObserver;
  class DM {
    m22: number;
    constructor(t?: string) {
      const scale = t?.match(/scale\(([\d.]+)\)/);
      this.m22 = scale ? Number(scale[1]) : 1;
    }
  }
  (globalThis as unknown as { DOMMatrixReadOnly: unknown }).DOMMatrixReadOnly = DM;
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: { configurable: true, get: () => 600 },
    offsetWidth: { configurable: true, get: () => 1000 },
  });
  (SVGElement.prototype as unknown as { getBBox: () => DOMRect }).getBBox = () =>
    ({ x: 0, y: 0, width: 0, height: 0 }) as DOMRect;
});

describe('TraceGraph on a recorded bounce trace', () => {
  const fixture = bounceRecording();
  const trace = fromApiTrace(fixture.trace, fixture.book);
  const letters = accountLetters(trace);

  it('draws one node per transaction, marks the skipped one as skipped (not failed), and reports clicks', async () => {
    const onSelect = vi.fn();
    render(
      <TraceGraph
        trace={trace}
        book={fixture.book}
        letters={letters}
        addressForm="bounceable"
        selected={null}
        onSelect={onSelect}
        expanded={new Set()}
        onExpand={() => {}}
        className="h-[600px] w-[1000px]"
      />,
    );
    await waitFor(() => expect(screen.getAllByTestId('trace-node')).toHaveLength(trace.txs.size));
    expect(screen.getAllByTestId('trace-node').filter((n) => n.dataset.failed)).toHaveLength(0);
    const skipped = screen.getAllByTestId('trace-node').filter((n) => n.dataset.outcome === 'skipped');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.textContent).toContain('⊘ skipped (no_state)');
    expect(screen.getByText(/Bounce/)).toBeTruthy();
    const second = screen.getAllByTestId('trace-node')[1]!;
    fireEvent.click(second);
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(trace.txs.has(onSelect.mock.calls[0]![0] as string)).toBe(true);
  });
});
