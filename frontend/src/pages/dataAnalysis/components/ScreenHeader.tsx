//! The title bar: the zone's name, the month the figures are of (数据截至 2026年10月), when they were last
//! fetched (or that the last fetch failed and these are older), a clock, and the language.
import { SelectLang, useIntl } from '@umijs/max';
import dayjs from 'dayjs';
import React, { useEffect, useState } from 'react';
import { periodLabel } from '@/components/Period';
import { useT } from '../useT';

/** The wall clock, to the second. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const Clock: React.FC = () => {
  const intl = useIntl();
  const now = useNow();
  return (
    <span className="ds-clock" data-testid="screen-clock">
      <span className="ds-clock-time">{dayjs(now).format('YYYY-MM-DD HH:mm:ss')}</span>
      <span>{intl.formatDate(now, { weekday: 'long' })}</span>
    </span>
  );
};

export interface ScreenHeaderProps {
  zoneName: string;
  period: string;
  refreshedAt: string;
  stale: boolean;
}

const ScreenHeader: React.FC<ScreenHeaderProps> = ({ zoneName, period, refreshedAt, stale }) => {
  const t = useT();
  const intl = useIntl();
  // `2026-11-29 20:45:00` → 11-29 20:45
  const fetched = refreshedAt.length >= 16 ? refreshedAt.slice(5, 16) : refreshedAt;
  return (
    <header className="ds-header">
      <div className="ds-header-side ds-header-left">
        <span className="ds-as-of" data-testid="screen-as-of">
          {t('asOf', { month: periodLabel(intl, period) })}
        </span>
        {stale ? (
          <span className="ds-warn" data-testid="screen-stale">
            {t('stale', { time: fetched })}
          </span>
        ) : (
          <span className="ds-muted" data-testid="screen-refreshed">
            {t('refreshed', { time: fetched })}
          </span>
        )}
      </div>
      <h1 className="ds-title" data-testid="screen-title">
        {t('title', { zone: zoneName })}
      </h1>
      <div className="ds-header-side ds-header-right">
        <Clock />
        <SelectLang reload={false} style={{ color: '#9dc3ff', padding: 0 }} />
      </div>
    </header>
  );
};

export default ScreenHeader;
