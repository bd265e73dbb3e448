//! The icon field of the menu form: shows the chosen icon and its name, and opens a searchable grid
//! of the outlined icons to change it. The grid (every outlined icon) is a separate chunk, loaded the
//! first time the picker opens, so the menu screens stay light. Read-only, it shows the icon and name.
import { AppstoreOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Button, Input, Modal, Skeleton, Space, Typography } from 'antd';
import React, { Suspense, useState } from 'react';
import { IconPreview } from '@/components/IconPreview';
import { type IconUse, isShown } from '@/components/IconPreview/names';

const IconGrid = React.lazy(() => import('./IconGrid'));

export interface IconPickerProps {
  value?: string;
  onChange?: (value: string) => void;
  /** side-menu entry or list button: decides which icons are offered first */
  use: IconUse;
  readOnly?: boolean;
  id?: string;
}

const IconPicker: React.FC<IconPickerProps> = ({ value, onChange, use, readOnly, id }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.system.menu.icon.${key}` });
  const [open, setOpen] = useState(false);

  if (readOnly) {
    return value ? (
      <Space>
        <IconPreview name={value} use={use} />
        <span>{value}</span>
      </Space>
    ) : (
      <span>-</span>
    );
  }

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={value ?? ''}
          placeholder={t('placeholder')}
          prefix={<span style={{ display: 'inline-flex', width: 16 }}>{<IconPreview name={value} use={use} />}</span>}
          allowClear
          onChange={(e) => onChange?.(e.target.value.trim())}
        />
        <Button icon={<AppstoreOutlined />} onClick={() => setOpen(true)}>
          {t('choose')}
        </Button>
      </Space.Compact>
      {value && !isShown(value, use) ? (
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          {t(use === 'button' ? 'notShown.button' : 'notShown.menu')}
        </Typography.Text>
      ) : null}
      <Modal
        open={open}
        title={t('title')}
        width={760}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <IconGrid
            value={value}
            use={use}
            onPick={(name) => {
              onChange?.(name);
              setOpen(false);
            }}
          />
        </Suspense>
      </Modal>
    </>
  );
};

export default IconPicker;
