//! The whole screen given to one message: no zone in the address nor bound to its domain, a zone that has
//! not opened its big screen, a first load that failed (the page keeps asking), or the first answer on its
//! way.
import { DisconnectOutlined, EyeInvisibleOutlined, LinkOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import React from 'react';
import { useT } from '../useT';

export type MessageKind = 'noTenant' | 'notOpen' | 'failed' | 'loading';

const ICONS: Record<Exclude<MessageKind, 'loading'>, React.ReactNode> = {
  noTenant: <LinkOutlined />,
  notOpen: <EyeInvisibleOutlined />,
  failed: <DisconnectOutlined />,
};

const ScreenMessage: React.FC<{ kind: MessageKind }> = ({ kind }) => {
  const t = useT();
  return (
    <div className="ds-message" data-testid={`screen-${kind}`} role={kind === 'loading' ? undefined : 'alert'}>
      {kind === 'loading' ? (
        <Spin size="large" />
      ) : (
        <>
          <div className="ds-message-icon" aria-hidden>
            {ICONS[kind]}
          </div>
          <div className="ds-message-title">{t(`message.${kind}.title`)}</div>
          <div className="ds-message-text">{t(`message.${kind}.text`)}</div>
        </>
      )}
    </div>
  );
};

export default ScreenMessage;
