//! A notice's HTML as a reader sees it: the server's sanitised HTML, run through the allow-list once
//! more before it reaches the page (see sanitize.ts).
import React, { useMemo } from 'react';
import { sanitizeHtml } from './sanitize';

export interface RichTextViewProps {
  html: string | null | undefined;
  style?: React.CSSProperties;
  'data-testid'?: string;
}

/** The class the stylesheet (global.css) gives rich text: images within the width, readable spacing. */
export const RICH_TEXT_CLASS = 'keeper-rich-text';

const RichTextView: React.FC<RichTextViewProps> = ({ html, style, 'data-testid': testId = 'rich-text-view' }) => {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={RICH_TEXT_CLASS}
      style={{ overflowWrap: 'anywhere', ...style }}
      data-testid={testId}
      // sanitised just above, on top of the server's own sanitising
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
};

export default RichTextView;
