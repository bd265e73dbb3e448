// Renders one component inside the providers the app gives every page: the zh-CN messages, antd's
// zh-CN locale, and no motion (so a dialog is there, or gone, at once).
import { act, fireEvent, render } from '@testing-library/react';
import { getIntl, RawIntlProvider } from '@umijs/max';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import React from 'react';

export function renderWidget(node: React.ReactNode) {
  return render(
    <RawIntlProvider value={getIntl('zh-CN')}>
      <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
        {node}
      </ConfigProvider>
    </RawIntlProvider>,
  );
}

/** A click whose effects (state updates, opened dialogs) have been applied when it resolves. */
export async function click(el: Element) {
  await act(async () => {
    fireEvent.click(el);
  });
}
