//! The files an upload refused, each with the server's reason, under one title ("2 个文件没有上传成功").
import { Alert } from 'antd';
import React from 'react';

export interface UploadRefusal {
  uid: string;
  name: string;
  reason: string;
}

const UploadRefusals: React.FC<{ refusals: UploadRefusal[]; title: string; testId?: string; style?: React.CSSProperties }> = ({
  refusals,
  title,
  testId,
  style,
}) =>
  refusals.length ? (
    <Alert
      type="error"
      showIcon
      style={style}
      data-testid={testId}
      title={title}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {refusals.map((x) => (
            <li key={x.uid}>
              {x.name}：{x.reason}
            </li>
          ))}
        </ul>
      }
    />
  ) : null;

export default UploadRefusals;
