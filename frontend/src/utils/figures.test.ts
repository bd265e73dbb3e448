import { describe, expect, it } from 'vitest';
import { formatFigure } from './figures';

describe('figures as a clerk reads them', () => {
  it('groups thousands, drops zeros that say nothing and adds the unit', () => {
    expect(formatFigure(5000, { unit: '万元', digits: 4 })).toBe('5,000 万元');
    expect(formatFigure('5000.1250', { unit: '万元', digits: 4 })).toBe('5,000.125 万元');
    expect(formatFigure(85.5, { unit: '亩', digits: 2 })).toBe('85.5 亩');
    expect(formatFigure(123456.789, { digits: 2 })).toBe('123,456.79');
    expect(formatFigure(0, { unit: '人' })).toBe('0 人');
  });

  it('shows an empty figure as ProForm shows any empty field', () => {
    for (const v of [null, undefined, '', 'abc']) expect(formatFigure(v, { unit: '万元' })).toBe('-');
  });
});
