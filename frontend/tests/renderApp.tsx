// Renders the whole app (Umi's TestBrowser: real routes, plugins, layout and src/app.tsx) at a
// location, with a memory history.
import { render, waitFor } from '@testing-library/react';
import { TestBrowser } from '@umijs/max';
import React from 'react';

export async function renderApp(pathname: string, search = '') {
  const historyRef = { current: undefined as any };
  const view = render(<TestBrowser location={{ pathname, search }} historyRef={historyRef} />);
  // The first render loads every route module: slow on a cold transform cache.
  await waitFor(
    () => {
      expect(historyRef.current).toBeTruthy();
      expect(document.querySelector('#loading')).toBeNull();
      expect(document.querySelector('[data-testid="page-loading"]')).toBeNull();
    },
    { timeout: 60000 },
  );
  return {
    ...view,
    historyRef,
    location: () => `${historyRef.current?.location.pathname}${historyRef.current?.location.search}`,
  };
}
