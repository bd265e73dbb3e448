//! /dataAnalysis?tenant=<tenant id>: the zone's public big screen (SPEC §2, domain-model §4), for a wall
//! display. Without `?tenant=`, the zone is the tenant bound to the domain the page is opened on (its
//! 绑定域名 in 租户管理, looked up through the public `tenant/info`); `?tenant=` always wins, and then nothing
//! is looked up. Public: no sign-in, no menus, no layout, and no call that needs a token. The title bar
//! and the headline figures on top, then the charts and scrolling tables the zone has made public, closed
//! up round the ones it has not; asked again every minute.
import { ConfigProvider, theme } from 'antd';
import React, { useEffect, useMemo } from 'react';
import { useQueryParams } from '@/utils/useQueryParams';
import type { Screen } from '@/services/business/dataAnalysis';
import KpiCards from './components/KpiCards';
import ScaledCanvas from './components/ScaledCanvas';
import ScreenHeader from './components/ScreenHeader';
import ScreenMessage from './components/ScreenMessage';
import Widget from './components/Widget';
import { arrange, bodyHeight, GAP, type PanelWidget, panelHeight } from './layout';
import { useDomainTenant, useScreen } from './useScreen';
import { monthsLabel, useT } from './useT';
import './index.css';

const DARK = { algorithm: theme.darkAlgorithm };

/** Whether a widget is public: listed by the server and sent (a list may be empty, but not absent). */
const publicIn = (screen: Screen) => (w: string) => screen.widgets.includes(w) && screen[w as keyof Screen] != null;

const Board: React.FC<{ screen: Screen; stale: boolean }> = ({ screen, stale }) => {
  const t = useT();
  const months = monthsLabel(t, screen.period);
  const isPublic = publicIn(screen);
  const withKpi = isPublic('kpi');
  const columns = useMemo(() => arrange((w: PanelWidget) => publicIn(screen)(w)), [screen]);
  const body = bodyHeight(withKpi);
  const title = t('title', { zone: screen.zoneName });
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <>
      <ScreenHeader zoneName={screen.zoneName} period={screen.period} refreshedAt={screen.refreshedAt} stale={stale} />
      {withKpi && screen.kpi ? <KpiCards kpi={screen.kpi} months={months} /> : null}
      {columns.length ? (
        <main className="ds-body" style={{ height: body, gap: GAP }}>
          {columns.map((column) => {
            const height = panelHeight(body, column.rows.length);
            return (
              <div key={column.rows.flat().join()} className="ds-column" style={{ flex: `${column.weight} 1 0`, gap: GAP }}>
                {column.rows.map((row) => (
                  <div key={row.join()} className="ds-row" style={{ gap: GAP }}>
                    {row.map((w) => (
                      <Widget key={w} widget={w} screen={screen} months={months} height={height} />
                    ))}
                  </div>
                ))}
              </div>
            );
          })}
        </main>
      ) : null}
    </>
  );
};

const DataAnalysis: React.FC = () => {
  const [params] = useQueryParams();
  const inAddress = (params.get('tenant') ?? '').trim();
  const bound = useDomainTenant(!inAddress);
  const tenant = inAddress || (bound.tenant ?? '');
  const { screen, failure, stale } = useScreen(tenant);
  let content: React.ReactNode;
  // no zone yet: none bound to the domain, its look-up failed, or on its way
  if (!tenant && bound.status === 'none') content = <ScreenMessage kind="noTenant" />;
  else if (!tenant && bound.status === 'failed') content = <ScreenMessage kind="failed" />;
  else if (!tenant) content = <ScreenMessage kind="loading" />;
  else if (screen) content = <Board screen={screen} stale={stale} />;
  else if (failure) content = <ScreenMessage kind={failure} />;
  else content = <ScreenMessage kind="loading" />;
  return (
    <ConfigProvider theme={DARK}>
      <ScaledCanvas>{content}</ScaledCanvas>
    </ConfigProvider>
  );
};

export default DataAnalysis;
