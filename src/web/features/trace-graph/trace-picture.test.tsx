import { describe, expect, it, beforeAll, afterAll, afterEach, vi } from 'vitest';
import { cleanup, render, screen, fireEvent } from '@testing-library/react';
import { bounceRecording } from '../../test-support/recorded-traces';
import { TracePicture } from './trace-picture';
import { fromApiTrace } from '../../model/trace-view';
import { accountLetters } from '../../model/account-labels';
import { buildGraphModel } from './graph-model';
import { columnsFor, frameHeight } from './trace-viewport';

// jsdom lays nothing out: the picture's frame is given the size a browser would measure.
const WIDTH = 1000;
const HEIGHT = 600;
const saved = Object.getOwnPropertyDescriptors(HTMLElement.prototype);
beforeAll(() => {
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: { configurable: true, get: () => HEIGHT },
    offsetWidth: { configurable: true, get: () => WIDTH },
  });
});
afterEach(cleanup);
afterAll(() => {
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: saved.offsetHeight!,
    offsetWidth: saved.offsetWidth!,
  });
});

describe('TracePicture on a recorded bounce trace', () => {
  const fixture = bounceRecording();
  const trace = fromApiTrace(fixture.trace, fixture.book);
  const letters = accountLetters(trace);
  const draw = (selected: string | null = null) => {
    const onSelect = vi.fn();
    const onWake = vi.fn();
    render(
      <TracePicture
        trace={trace}
        book={fixture.book}
        letters={letters}
        addressForm="bounceable"
        selected={selected}
        onSelect={onSelect}
        expanded={new Set()}
        onExpand={() => {}}
        onWake={onWake}
      />,
    );
    return { onSelect, onWake };
  };

  it('draws the transactions the graph opens on, with their outcomes, in the frame height the graph takes', () => {
    draw();
    const nodes = screen.getAllByTestId('trace-picture-node');
    // a small trace opens whole: every transaction is in view
    expect(nodes).toHaveLength(trace.txs.size);
    expect(nodes.filter((n) => n.dataset.failed)).toHaveLength(0);
    const skipped = nodes.filter((n) => n.dataset.outcome === 'skipped');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.textContent).toContain('⊘ skipped (no_state)');
    expect(screen.getByText(/Bounce/)).toBeTruthy();
    const { layout } = buildGraphModel(trace, new Set(), columnsFor(WIDTH));
    expect(screen.getByTestId('trace-picture').style.height).toBe(`${frameHeight(layout, WIDTH, HEIGHT)}px`);
    // one line per message between placed nodes
    expect(screen.getByTestId('trace-picture').querySelectorAll('path')).toHaveLength(layout.edges.length);
  });

  it('wakes the interactive graph when pointed at, touched, scrolled over or focused, and selects on click', () => {
    const { onSelect, onWake } = draw();
    const frame = screen.getByTestId('trace-picture');
    fireEvent.pointerEnter(frame);
    fireEvent.focus(frame);
    fireEvent.wheel(frame);
    fireEvent.touchStart(frame);
    expect(onWake).toHaveBeenCalledTimes(4);
    fireEvent.click(screen.getAllByTestId('trace-picture-node')[1]!);
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(trace.txs.has(onSelect.mock.calls[0]![0] as string)).toBe(true);
  });

  it('rings the selected transaction', () => {
    const hash = trace.order[1]!;
    draw(hash);
    const ringed = screen.getAllByTestId('trace-picture-node').filter((n) => n.className.includes('ring-4'));
    expect(ringed).toHaveLength(1);
  });
});
