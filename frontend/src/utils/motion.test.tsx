// antd's motion token follows the reduced-motion media query, under the root container.
import { act, render } from '@testing-library/react';
import { theme } from 'antd';
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { rootContainer } from '@/app';

const original = window.matchMedia;
type Listener = () => void;

/** matchMedia answering the reduced-motion query from `reduce`, with its change listeners kept. */
function mediaWith(reduce: { value: boolean }, listeners: Listener[]) {
  window.matchMedia = ((query: string) => ({
    ...original(query),
    get matches() {
      return query.includes('prefers-reduced-motion') ? reduce.value : original(query).matches;
    },
    addEventListener: (_: string, l: Listener) => {
      listeners.push(l);
    },
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

function Probe() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

describe('reduced motion', () => {
  afterEach(() => {
    window.matchMedia = original;
  });

  it('keeps antd motions for people who did not ask for less', () => {
    mediaWith({ value: false }, []);
    const { getByTestId } = render(rootContainer(<Probe />) as React.ReactElement);
    expect(getByTestId('motion').textContent).toBe('true');
  });

  it('switches antd motions off when reduced motion is asked for, and follows a change', () => {
    const reduce = { value: true };
    const listeners: Listener[] = [];
    mediaWith(reduce, listeners);
    const { getByTestId } = render(rootContainer(<Probe />) as React.ReactElement);
    expect(getByTestId('motion').textContent).toBe('false');
    reduce.value = false;
    act(() => listeners.forEach((l) => l()));
    expect(getByTestId('motion').textContent).toBe('true');
  });
});
