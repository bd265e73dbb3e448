//! The big screen's widgets a zone makes public, as a form control: a check box per widget in the
//! screen's order with 全选 above them, or, read-only, the chosen widgets' names. The value always
//! keeps the screen's order, whatever order the boxes were ticked in.
import { useIntl } from '@umijs/max';
import { Checkbox, Col, Row, Space, Tag, Typography } from 'antd';
import React from 'react';

/** A widget's title: the big screen's own, or this page's for a widget the screen shows untitled. */
export function widgetLabel(intl: ReturnType<typeof useIntl>, key: string): string {
  const id = [`pages.zoneSetting.widget.${key}`, `pages.dataAnalysis.widget.${key}`].find((k) => intl.messages?.[k]);
  return id ? intl.formatMessage({ id }) : key;
}

export interface WidgetPickerProps {
  /** every widget, in the screen's order */
  keys: string[];
  value?: string[];
  onChange?: (value: string[]) => void;
  readOnly?: boolean;
  /** read-only, when no widget is public */
  emptyText?: string;
  id?: string;
}

const WidgetPicker: React.FC<WidgetPickerProps> = ({ keys, value = [], onChange, readOnly, emptyText = '-', id }) => {
  const intl = useIntl();
  const chosen = keys.filter((k) => value.includes(k));

  if (readOnly) {
    return chosen.length ? (
      <Space size={[0, 8]} wrap data-testid="widget-list">
        {chosen.map((k) => (
          <Tag key={k}>{widgetLabel(intl, k)}</Tag>
        ))}
      </Space>
    ) : (
      <Typography.Text type="secondary">{emptyText}</Typography.Text>
    );
  }

  const inOrder = (list: string[]) => keys.filter((k) => list.includes(k));
  return (
    <div id={id}>
      <span data-testid="widget-all">
        <Checkbox
          indeterminate={chosen.length > 0 && chosen.length < keys.length}
          checked={keys.length > 0 && chosen.length === keys.length}
          onChange={(e) => onChange?.(e.target.checked ? [...keys] : [])}
        >
          {intl.formatMessage({ id: 'pages.zoneSetting.screen.selectAll' })}
        </Checkbox>
      </span>
      <Checkbox.Group value={chosen} onChange={(list) => onChange?.(inOrder(list as string[]))} style={{ width: '100%', marginTop: 8 }}>
        <Row gutter={[16, 8]} style={{ width: '100%' }}>
          {keys.map((k) => (
            <Col key={k} xs={24} sm={12} lg={8}>
              <Checkbox value={k}>{widgetLabel(intl, k)}</Checkbox>
            </Col>
          ))}
        </Row>
      </Checkbox.Group>
    </div>
  );
};

export default WidgetPicker;
