// The big screen's scrolling table with fake timers (SPEC §9 loop-scroll): 6 rows in view, 1 row up every
// 5 s, round again after the last row; a list that fits stands still, an empty one says so; the pointer
// over the table holds it and leaving it lets it go on.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { getIntl, RawIntlProvider } from '@umijs/max';
import React from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance } from '../../../tests/helpers';
import { LOOP_INTERVAL_MS, LOOP_STEP, LOOP_WINDOW, LoopScroll, windowOf } from '.';

interface Line {
  id: string;
  name: string;
}

const lines = (n: number): Line[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `项目${i + 1}` }));

const board = (rows: Line[]) => (
  <LoopScroll<Line> testId="board" rows={rows} columns={[{ key: 'name', title: '项目名称', render: (r) => r.name }]} />
);

const inApp = (rows: Line[]) => <RawIntlProvider value={getIntl('zh-CN')}>{board(rows)}</RawIntlProvider>;

function show(rows: Line[]) {
  const view = render(inApp(rows));
  return { rerender: (next: Line[]) => view.rerender(inApp(next)) };
}

/** The names in the rows in view, top to bottom (not the one sliding out above them). */
const inView = () => Array.from(document.querySelectorAll('[data-loop-row="shown"]')).map((r) => r.textContent);
const names = (...ns: number[]) => ns.map((n) => `项目${n}`);

describe('LoopScroll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes its window, step and interval from SPEC §9', () => {
    expect([LOOP_WINDOW, LOOP_STEP, LOOP_INTERVAL_MS]).toEqual([6, 1, 5000]);
  });

  it('shows 6 rows under its header and moves up one row every 5 seconds', async () => {
    show(lines(9));
    expect(screen.getByRole('columnheader').textContent).toBe('项目名称');
    expect(inView()).toEqual(names(1, 2, 3, 4, 5, 6));
    await advance(4999);
    expect(inView()).toEqual(names(1, 2, 3, 4, 5, 6));
    await advance(1);
    expect(inView()).toEqual(names(2, 3, 4, 5, 6, 7));
    // the row that moved out is kept above the window for the slide, hidden from assistive technology
    const leaving = document.querySelector('[data-loop-row="leaving"]')!;
    expect(leaving.textContent).toBe('项目1');
    expect(leaving.getAttribute('aria-hidden')).toBe('true');
    await advance(5000);
    expect(inView()).toEqual(names(3, 4, 5, 6, 7, 8));
  });

  it('goes round: after the last row come the first ones, and after a whole turn it is back at the top', async () => {
    show(lines(8));
    await advance(3 * 5000);
    expect(inView()).toEqual(names(4, 5, 6, 7, 8, 1));
    await advance(4 * 5000);
    expect(inView()).toEqual(names(8, 1, 2, 3, 4, 5));
    await advance(5000);
    expect(inView()).toEqual(names(1, 2, 3, 4, 5, 6));
  });

  it('leaves a list that fits in the window where it is', async () => {
    show(lines(6));
    await advance(30_000);
    expect(inView()).toEqual(names(1, 2, 3, 4, 5, 6));
    expect(document.querySelector('[data-loop-row="leaving"]')).toBeNull();
  });

  it('leaves a short list where it is', async () => {
    show(lines(2));
    await advance(30_000);
    expect(inView()).toEqual(names(1, 2));
  });

  it('says 暂无数据 for an empty list, under its header', async () => {
    show([]);
    await advance(10_000);
    expect(screen.getByTestId('board').textContent).toBe('项目名称暂无数据');
    expect(inView()).toEqual([]);
  });

  it('holds while the pointer is over it, and moves on a whole interval after the pointer leaves', async () => {
    show(lines(9));
    await advance(3000);
    await act(async () => {
      fireEvent.mouseEnter(screen.getByTestId('board'));
    });
    await advance(20_000);
    expect(inView()).toEqual(names(1, 2, 3, 4, 5, 6));
    await act(async () => {
      fireEvent.mouseLeave(screen.getByTestId('board'));
    });
    await advance(4999);
    expect(inView()).toEqual(names(1, 2, 3, 4, 5, 6));
    await advance(1);
    expect(inView()).toEqual(names(2, 3, 4, 5, 6, 7));
  });

  it('keeps its place when the list comes again, and starts at the top when the list now fits', async () => {
    const view = show(lines(9));
    await advance(2 * 5000);
    // the screen's poll: the same rows in a new list
    view.rerender(lines(9));
    expect(inView()).toEqual(names(3, 4, 5, 6, 7, 8));
    view.rerender(lines(4));
    await advance(0);
    expect(inView()).toEqual(names(1, 2, 3, 4));
  });
});

describe('windowOf', () => {
  it('wraps around the end of the list and returns a list that fits as it is', () => {
    expect(windowOf(4, 3, 3)).toEqual([3, 0, 1]);
    expect(windowOf(2, 0, 6)).toEqual([0, 1]);
  });
});
