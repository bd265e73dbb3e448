//! A scrolling table for big screens (SPEC §9, domain-model §4): a window of 6 rows under a fixed header
//! that moves up 1 row every 5 s and starts again from the top after the last row, the way DataV's scroll
//! board does (`rowNum` 6, `waitTime` 5000, `carousel` "single"). A list that fits in the window stands
//! still, an empty one says so, and the pointer over the table holds it so that a row can be read.
import { useIntl } from '@umijs/max';
import React, { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '@/utils/motion';

/** SPEC §9: rows in view, rows per move, time between moves. */
export const LOOP_WINDOW = 6;
export const LOOP_STEP = 1;
export const LOOP_INTERVAL_MS = 5000;
/** How long a move slides; well inside the interval. */
const SLIDE_MS = 600;

export interface LoopColumn<T> {
  key: string;
  title: React.ReactNode;
  /** a CSS grid track: `2fr`, `96px`; `1fr` when left out */
  width?: string;
  align?: 'left' | 'center' | 'right';
  render: (row: T) => React.ReactNode;
}

export interface LoopScrollProps<T> {
  rows: T[];
  columns: LoopColumn<T>[];
  /** a row's key; by default its place in the list (a poll's new list then updates the rows in place) */
  rowKey?: (row: T, index: number) => string;
  /** the height of each row, in px */
  rowHeight?: number;
  /** the height of the header row, in px; that of a row when left out */
  headerHeight?: number;
  window?: number;
  step?: number;
  interval?: number;
  /** extra class of a row (an overdue issue in red) */
  rowClassName?: (row: T) => string | undefined;
  className?: string;
  style?: React.CSSProperties;
  testId?: string;
}

/** The places in a list of `count` rows of the rows in view when the first is `start`, wrapping round
 * the end of the list. */
export function windowOf(count: number, start: number, size: number): number[] {
  return Array.from({ length: Math.min(count, size) }, (_, i) => (start + i) % count);
}

const cellStyle = (align: LoopColumn<unknown>['align'] = 'left'): React.CSSProperties => ({
  textAlign: align,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  padding: '0 8px',
});

function LoopScroll<T>({
  rows,
  columns,
  rowKey = (_row, index) => String(index),
  rowHeight = 32,
  headerHeight = rowHeight,
  window: size = LOOP_WINDOW,
  step = LOOP_STEP,
  interval = LOOP_INTERVAL_MS,
  rowClassName,
  className,
  style,
  testId,
}: LoopScrollProps<T>) {
  const intl = useIntl();
  const reduced = usePrefersReducedMotion();
  const [start, setStart] = useState(0);
  // moves made so far: after the first, the rows that moved out last stay above the window for the slide
  const [moved, setMoved] = useState(0);
  const [paused, setPaused] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const moves = rows.length > size;
  const count = rows.length;

  // a list that now fits stands still at its top; a shorter one keeps the place it had
  useEffect(() => {
    if (!moves) {
      setStart(0);
      setMoved(0);
    } else setStart((s) => s % count);
  }, [moves, count]);

  useEffect(() => {
    if (!moves || paused) return undefined;
    const timer = setInterval(() => {
      setStart((s) => (s + step) % count);
      setMoved((m) => m + 1);
    }, interval);
    return () => clearInterval(timer);
  }, [moves, paused, step, interval, count]);

  const leaving = moves && moved > 0 ? windowOf(count, (((start - step) % count) + count) % count, step) : [];
  const shown = windowOf(count, start, size);

  useLayoutEffect(() => {
    // the rows slide up from where they stood; without the Web Animations API (or with reduced
    // motion asked for) they are simply in their new places
    const el = track.current;
    if (!moved || reduced || !el || typeof el.animate !== 'function') return;
    el.animate([{ transform: 'translateY(0)' }, { transform: `translateY(-${rowHeight * step}px)` }], {
      duration: SLIDE_MS,
      easing: 'ease-in-out',
    });
  }, [moved, reduced, rowHeight, step]);

  const template = columns.map((c) => c.width ?? '1fr').join(' ');
  const rowOf = (index: number, out: boolean) => {
    const row = rows[index];
    return (
      <div
        key={`${out ? 'out:' : ''}${rowKey(row, index)}`}
        role="row"
        aria-hidden={out || undefined}
        data-loop-row={out ? 'leaving' : 'shown'}
        className={['keeper-loop-row', rowClassName?.(row)].filter(Boolean).join(' ')}
        style={{ display: 'grid', gridTemplateColumns: template, alignItems: 'center', height: rowHeight }}
      >
        {columns.map((c) => (
          <div key={c.key} role="cell" style={cellStyle(c.align)}>
            {c.render(row)}
          </div>
        ))}
      </div>
    );
  };

  return (
    <div
      role="table"
      className={['keeper-loop', className].filter(Boolean).join(' ')}
      style={style}
      data-testid={testId}
      data-paused={paused || undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <div role="row" className="keeper-loop-head" style={{ display: 'grid', gridTemplateColumns: template, alignItems: 'center', height: headerHeight }}>
        {columns.map((c) => (
          <div key={c.key} role="columnheader" style={cellStyle(c.align)}>
            {c.title}
          </div>
        ))}
      </div>
      <div role="rowgroup" style={{ height: rowHeight * size, overflow: 'hidden', position: 'relative' }}>
        {count === 0 ? (
          <div className="keeper-loop-empty" style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            {intl.formatMessage({ id: 'component.loopScroll.empty' })}
          </div>
        ) : (
          <div ref={track} style={{ transform: leaving.length ? `translateY(-${rowHeight * leaving.length}px)` : undefined }}>
            {leaving.map((i) => rowOf(i, true))}
            {shown.map((i) => rowOf(i, false))}
          </div>
        )}
      </div>
    </div>
  );
}

export default LoopScroll;
