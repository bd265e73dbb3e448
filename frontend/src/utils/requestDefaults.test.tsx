// useRequest defaults installed by the root container: refresh on focus at most every 5000 ms,
// cached results kept 60 s.
import { act, render } from '@testing-library/react';
import { UseRequestProvider, useRequest } from '@umijs/max';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { rootContainer } from '@/app';
import { FOCUS_TIMESPAN_MS, REQUEST_CACHE_TIME_MS, useRequestDefaults } from './requestDefaults';

describe('useRequest defaults', () => {
  it('are 5000 ms focus timespan and 60 s cache', () => {
    expect(useRequestDefaults).toEqual({ focusTimespan: 5000, cacheTime: 60000 });
    expect(FOCUS_TIMESPAN_MS).toBe(5000);
    expect(REQUEST_CACHE_TIME_MS).toBe(60000);
  });

  it('refresh on focus at most once per 5000 ms under the root container', async () => {
    vi.useFakeTimers();
    const service = vi.fn(async () => ({ data: 1 }));
    const Probe = () => {
      useRequest(service, { refreshOnWindowFocus: true });
      return null;
    };
    render(rootContainer(<Probe />) as React.ReactElement);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(service).toHaveBeenCalledTimes(1);
    const focus = async () =>
      act(async () => {
        window.dispatchEvent(new Event('focus'));
        await vi.advanceTimersByTimeAsync(10);
      });
    await focus();
    expect(service).toHaveBeenCalledTimes(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    await focus();
    expect(service).toHaveBeenCalledTimes(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    await focus();
    expect(service).toHaveBeenCalledTimes(3);
    expect(UseRequestProvider).toBeTruthy();
  });
});
