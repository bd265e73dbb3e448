//! Toolbar button icons by the server's `source` name (antd v3 names); only these are bundled. 导入 and
//! 导出 stand side by side on most screens: antd's Import/Export icons are mirror images that a clerk
//! cannot tell apart at toolbar size, so they show a file going up and a file coming down.
import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  RetweetOutlined,
  RollbackOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
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
  import: UploadOutlined,
  export: DownloadOutlined,
  'check-circle': CheckCircleOutlined,
  'safety-certificate': SafetyCertificateOutlined,
  setting: SettingOutlined,
  upload: UploadOutlined,
  download: DownloadOutlined,
  // 发布 and 撤回 of the notices' toolbar
  send: SendOutlined,
  rollback: RollbackOutlined,
};

export function buttonIcon(source: string | undefined): React.ReactNode {
  const Icon = source ? ICONS[source] : undefined;
  return Icon ? <Icon /> : undefined;
}
