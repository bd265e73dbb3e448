//! The figures above the 技术改造 list, for the filters it shows (domain-model §2.2.4): 技改投资 of the
//! year and its share of the zone's industrial investment, the equipment investment and its share of
//! the planned total, and how many projects. The server computes; this formats ("—" without a base).
import { useIntl } from '@umijs/max';
import { Card, Col, Row, Statistic } from 'antd';
import React, { useEffect, useState } from 'react';
import { formatMoney, formatRate } from '@/components/Figures';
import { type RenovationQuery, type RenovationSummary, renovationSummary } from '@/services/business/renovation';

/** The filters of a list query, as a key: paging does not change the figures. */
const filtersKey = ({ current: _current, size: _size, ...filters }: RenovationQuery) => JSON.stringify(filters);

const RenovationSummaryCard: React.FC<{ query?: RenovationQuery }> = ({ query }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.investment.technicalRenovation.summary.${key}` });
  const [summary, setSummary] = useState<RenovationSummary>();
  const key = query ? filtersKey(query) : undefined;
  useEffect(() => {
    if (key === undefined) return undefined;
    let alive = true;
    renovationSummary(JSON.parse(key), { skipErrorHandler: true })
      .then((res) => alive && setSummary(res.success ? res.data : undefined))
      .catch(() => alive && setSummary(undefined));
    return () => {
      alive = false;
    };
  }, [key]);

  const wan = t('wan');
  const figures: [string, string, string?][] = [
    ['ytdInvestment', formatMoney(summary?.ytdInvestment), wan],
    ['industrialShare', formatRate(summary?.industrialShare)],
    ['equipmentInvestment', formatMoney(summary?.equipmentInvestment), wan],
    ['equipmentShare', formatRate(summary?.equipmentShare)],
    ['projectCount', summary ? String(summary.projectCount) : '—'],
  ];
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="renovation-summary" loading={!summary && key !== undefined}>
      <Row gutter={16}>
        {figures.map(([name, text, unit]) => (
          // five figures share a wide row (a sixth of it leaves an English figure and its unit no room)
          <Col key={name} xs={12} md={8} xl={{ flex: '20%' }}>
            <Statistic
              title={summary && name === 'ytdInvestment' ? `${t(name)} (${summary.year})` : t(name)}
              value={text}
              formatter={() => text}
              suffix={unit}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
};

export default RenovationSummaryCard;
