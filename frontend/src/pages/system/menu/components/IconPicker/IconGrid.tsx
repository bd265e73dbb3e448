//! The icon picker's grid (loaded only when the picker opens): every outlined icon, searchable by
//! name, the ones the side menu (or the list buttons) can show offered first.
import { useIntl } from '@umijs/max';
import { Empty, Input, Segmented, Tooltip } from 'antd';
import React, { useMemo, useState } from 'react';
import { ALL_ICONS, type IconEntry } from '@/components/IconPreview/allIcons';
import { type IconUse, isShown } from '@/components/IconPreview/names';

/** The icons whose name contains `text`, from `usable` alone unless `all`. */
export function visibleIcons(text: string, use: IconUse, all: boolean): IconEntry[] {
  const needle = text.trim().toLowerCase().replace(/\s+/g, '-');
  return ALL_ICONS.filter((i) => (all || isShown(i.name, use)) && (!needle || i.name.includes(needle)));
}

export interface IconGridProps {
  value?: string;
  use: IconUse;
  onPick: (name: string) => void;
}

const IconGrid: React.FC<IconGridProps> = ({ value, use, onPick }) => {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `pages.system.menu.icon.${id}` });
  const [text, setText] = useState('');
  const [all, setAll] = useState(() => use === 'any' || (!!value && !isShown(value, use)));
  const icons = useMemo(() => visibleIcons(text, use, all), [text, use, all]);

  return (
    <div data-testid="icon-grid">
      <div style={{ display: 'flex', gap: 12, marginBottom: 12 }}>
        <Input.Search allowClear autoFocus placeholder={t('search')} onChange={(e) => setText(e.target.value)} style={{ flex: 1 }} />
        {use === 'any' ? null : (
          <Segmented
            value={all ? 'all' : 'shown'}
            onChange={(v) => setAll(v === 'all')}
            options={[
              { value: 'shown', label: t(use === 'button' ? 'shown.button' : 'shown.menu') },
              { value: 'all', label: t('all') },
            ]}
          />
        )}
      </div>
      {icons.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('none')} />
      ) : (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
            gap: 8,
            maxHeight: 420,
            overflowY: 'auto',
            paddingRight: 4,
          }}
        >
          {icons.map(({ name, Icon }) => {
            const selected = name === value;
            const cell = (
              <button
                key={name}
                type="button"
                title={name}
                aria-pressed={selected}
                data-icon-name={name}
                onClick={() => onPick(name)}
                style={{
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  gap: 6,
                  padding: '10px 4px 6px',
                  cursor: 'pointer',
                  borderRadius: 6,
                  border: `1px solid ${selected ? '#1890ff' : '#f0f0f0'}`,
                  background: selected ? '#e6f4ff' : '#fff',
                  color: selected ? '#1890ff' : 'rgba(0,0,0,0.88)',
                  opacity: isShown(name, use) ? 1 : 0.75,
                }}
              >
                <Icon style={{ fontSize: 22 }} />
                <span style={{ fontSize: 12, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {name}
                </span>
              </button>
            );
            return isShown(name, use) ? (
              cell
            ) : (
              <Tooltip key={name} title={t(use === 'button' ? 'notShown.button' : 'notShown.menu')}>
                {cell}
              </Tooltip>
            );
          })}
        </div>
      )}
    </div>
  );
};

export default IconGrid;
