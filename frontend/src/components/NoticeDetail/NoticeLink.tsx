//! A notice's title that opens it: a real button (reached with Tab, pressed with Enter), drawn as a link
//! and cut with an ellipsis when the line is short, the whole title in its tooltip.
import { Button } from 'antd';
import React from 'react';

export interface NoticeLinkProps {
  title: string;
  onOpen: () => void;
  /** an unread notice stands out */
  strong?: boolean;
  'data-testid'?: string;
}

const NoticeLink: React.FC<NoticeLinkProps> = ({ title, onOpen, strong, 'data-testid': testId }) => (
  <Button
    type="link"
    size="small"
    title={title}
    onClick={onOpen}
    data-testid={testId}
    style={{ padding: 0, height: 'auto', maxWidth: '100%', minWidth: 0, justifyContent: 'flex-start', fontWeight: strong ? 600 : undefined }}
  >
    <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</span>
  </Button>
);

export default NoticeLink;
