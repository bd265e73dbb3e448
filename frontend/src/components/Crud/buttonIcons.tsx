//! Toolbar button icons by the server's `source` name (antd v3 names); only these are bundled.
import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  ExportOutlined,
  EyeOutlined,
  ImportOutlined,
  PlusOutlined,
  RetweetOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  UnlockOutlined,
  UploadOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import React from 'react';

const ICONS: Record<string, React.ComponentType> = {
  plus: PlusOutlined,
  form: EditOutlined,
  edit: EditOutlined,
  delete: DeleteOutlined,
  eye: EyeOutlined,
  'user-add': UserAddOutlined,
  retweet: RetweetOutlined,
  unlock: UnlockOutlined,
  import: ImportOutlined,
  export: ExportOutlined,
  'check-circle': CheckCircleOutlined,
  'safety-certificate': SafetyCertificateOutlined,
  setting: SettingOutlined,
  upload: UploadOutlined,
  download: DownloadOutlined,
};

export function buttonIcon(source: string | undefined): React.ReactNode {
  const Icon = source ? ICONS[source] : undefined;
  return Icon ? <Icon /> : undefined;
}
