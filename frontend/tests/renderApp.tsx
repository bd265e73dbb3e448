// Renders the whole app (Umi's TestBrowser: real routes, plugins, layout and src/app.tsx) at a
// location, with a memory history.
//
// antd's generated CSS stays out of the document (StyleProvider mock="server"): jsdom lays nothing
// out, and its cascade runs every rule against every element and its ancestors, so a role or
// accessible-name query over a whole-app page took minutes with antd's sheets in place.
import { StyleProvider } from '@ant-design/cssinjs';
import { render, waitFor } from '@testing-library/react';
import { TestBrowser } from '@umijs/max';
import React from 'react';

export async function renderApp(pathname: string, search = '') {
  const historyRef = { current: undefined as any };
  const view = render(
    <StyleProvider mock="server">
      <TestBrowser location={{ pathname, search }} historyRef={historyRef} />
    </StyleProvider>,
  );
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
