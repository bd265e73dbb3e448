// The chart wrapper: a placeholder while the ECharts chunk loads, then the chart drawn with the page's
// option, redrawn when it changes and disposed with the component. ECharts itself (canvas) is replaced
// by a recording fake: jsdom cannot draw.
import { act, render, screen, waitFor } from '@testing-library/react';
import { getIntl, RawIntlProvider } from '@umijs/max';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Chart } from '.';

const fake = vi.hoisted(() => ({
  setOption: vi.fn(),
  resize: vi.fn(),
  dispose: vi.fn(),
  init: vi.fn(),
  release: undefined as undefined | (() => void),
}));

vi.mock('./echarts', async () => {
  // the chunk arrives when the test says so
  await new Promise<void>((resolve) => {
    fake.release = resolve;
  });
  fake.init.mockImplementation(() => ({ setOption: fake.setOption, resize: fake.resize, dispose: fake.dispose }));
  return { init: fake.init };
});

const HERE = dirname(fileURLToPath(import.meta.url));

describe('Chart', () => {
  it('shows a placeholder, then draws the option in its box, redraws a new option and disposes on unmount', async () => {
    const trend = { xAxis: { type: 'category', data: ['1月', '2月'] }, yAxis: {}, series: [{ type: 'line', data: [1, 2] }] };
    const wrap = (option: Record<string, unknown>) => (
      <RawIntlProvider value={getIntl('zh-CN')}>
        <Chart option={option} height={240} />
      </RawIntlProvider>
    );
    const view = render(wrap(trend));
    expect(screen.getByTestId('chart-placeholder')).toBeTruthy();
    await waitFor(() => expect(fake.release).toBeDefined());
    expect(fake.init).not.toHaveBeenCalled();

    await act(async () => {
      fake.release!();
    });
    await waitFor(() => expect(fake.setOption).toHaveBeenCalledWith(trend, true));
    expect(fake.init).toHaveBeenCalledWith(screen.getByTestId('chart'));
    expect(screen.queryByTestId('chart-placeholder')).toBeNull();

    const bars = { ...trend, series: [{ type: 'bar', data: [3, 4] }] };
    view.rerender(wrap(bars));
    await waitFor(() => expect(fake.setOption).toHaveBeenLastCalledWith(bars, true));
    view.unmount();
    expect(fake.dispose).toHaveBeenCalledTimes(1);
  });

  it('keeps ECharts out of every static import, so that it lands in its own lazy chunk', () => {
    const staticEcharts = /^import\s+(?!type\b)[^;]*from\s+['"](echarts[^'"]*|\.\/echarts)['"]/m;
    for (const file of ['Chart.tsx', 'index.ts']) {
      expect(readFileSync(join(HERE, file), 'utf8'), file).not.toMatch(staticEcharts);
    }
    expect(readFileSync(join(HERE, 'Chart.tsx'), 'utf8')).toMatch(/import\(\s*\/\*[^*]*\*\/\s*'\.\/echarts'\s*\)/);
  });
});
