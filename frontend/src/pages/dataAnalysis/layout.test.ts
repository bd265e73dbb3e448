// Where the big screen's panels stand: all of them in three columns; the ones the zone keeps private left
// out and the rest closed up (a row goes with its last panel, a column with its last row); and the
// scrolling tables' row height from the room their panel has on the 1920×1080 canvas.
import { describe, expect, it } from 'vitest';
import { arrange, bodyHeight, panelHeight, PLAN, tableFontSize, tableSize } from './layout';

const all = PLAN.flatMap((c) => c.rows.flat());

describe('the arrangement of the panels', () => {
  it('places every panel once, in three columns of three rows', () => {
    expect(new Set(all).size).toBe(10);
    expect(arrange(() => true).map((c) => c.rows.length)).toEqual([3, 3, 3]);
  });

  it('closes up round the panels that are not public', () => {
    const shown = new Set(['outputTrend', 'industryInvestment', 'keyProjects', 'latestSigned']);
    expect(arrange((w) => shown.has(w))).toEqual([
      { weight: 1, rows: [['outputTrend']] },
      { weight: 1.36, rows: [['industryInvestment'], ['keyProjects']] },
      { weight: 1, rows: [['latestSigned']] },
    ]);
    expect(arrange((w) => w === 'issues')).toEqual([{ weight: 1.36, rows: [['issues']] }]);
    expect(arrange(() => false)).toEqual([]);
  });
});

describe('the size of a scrolling table', () => {
  it('fits six rows and the header in a panel of a full column', () => {
    const body = bodyHeight(true);
    expect(body).toBe(1080 - 88 - 116 - 16 - 20);
    const third = panelHeight(body, 3);
    const { headerHeight, rowHeight } = tableSize(third, 6);
    expect([headerHeight, rowHeight]).toEqual([31, 31]);
    expect(headerHeight + 6 * rowHeight).toBeLessThanOrEqual(third - 36 - 14);
    expect(tableFontSize(rowHeight)).toBe(14);
  });

  it('fills a taller panel with taller rows under a header of at most 40 px, the text at most 18 px', () => {
    const room = 1080 - 88 - 20 - 36 - 14;
    const { headerHeight, rowHeight } = tableSize(panelHeight(bodyHeight(false), 1), 6);
    expect(headerHeight).toBe(40);
    expect(rowHeight).toBe(Math.floor((room - 40) / 6));
    expect(tableFontSize(rowHeight)).toBe(18);
  });
});
