//! A small rich-text field without a dependency: a contentEditable area with a toolbar of the browser's
//! own editing commands (bold, italic, underline, heading, lists, link, clear formatting). It holds
//! HTML through `value`/`onChange`, so it sits in a ProForm field like any input; an emptied area
//! answers '' (a required rule then catches it). Pasted HTML goes through the notice allow-list, so a
//! Word document brings its text and structure, not its styles.
import {
  BoldOutlined,
  ClearOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Button, Flex, Form, Input, Modal, theme, Tooltip } from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { RICH_TEXT_CLASS } from './RichTextView';
import { isBlankHtml, safeHref, sanitizeHtml } from './sanitize';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** the field's id (Form.Item gives it, and its label points at it) */
  id?: string;
  placeholder?: string;
  /** the area's accessible name, usually the field's label */
  'aria-label'?: string;
  /** the area's height before it grows with its text */
  minHeight?: number;
  'data-testid'?: string;
}

type Command = 'bold' | 'italic' | 'underline' | 'heading' | 'orderedList' | 'bulletList' | 'link' | 'clear';

const ICONS: Record<Command, React.ReactNode> = {
  bold: <BoldOutlined />,
  italic: <ItalicOutlined />,
  underline: <UnderlineOutlined />,
  heading: <FontSizeOutlined />,
  orderedList: <OrderedListOutlined />,
  bulletList: <UnorderedListOutlined />,
  link: <LinkOutlined />,
  clear: <ClearOutlined />,
};
const COMMANDS = Object.keys(ICONS) as Command[];

/** The heading level the heading button makes: a notice's section title under the notice's own. */
const HEADING = 'h3';

/** Runs a browser editing command; false where the browser has none (it is deprecated but has no
 * replacement for contentEditable, and every browser the app supports keeps it). */
function exec(command: string, arg?: string): boolean {
  return typeof document.execCommand === 'function' ? document.execCommand(command, false, arg) : false;
}

/** How the browser should edit this area: tags rather than inline styles (the allow-list keeps no
 * style attribute), and a new paragraph as <p> rather than Chrome's <div>. */
function prepare() {
  exec('styleWithCSS', 'false');
  exec('defaultParagraphSeparator', 'p');
}

/** The block the caret is in (`h3`, `p`…), as the browser reports it. */
function currentBlock(): string {
  try {
    return typeof document.queryCommandValue === 'function' ? String(document.queryCommandValue('formatBlock')).toLowerCase() : '';
  } catch {
    return '';
  }
}

/** A typed address made into a link's: a bare host gets https://; what is not a safe address is refused. */
export function linkAddress(text: string): string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  if (safeHref(t)) return safeHref(t);
  // `www.example.com`: a host without its scheme; anything else with a scheme (javascript:) is refused
  if (/^[a-z][a-z\d+.-]*:/i.test(t)) return undefined;
  return safeHref(`https://${t}`);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const RichTextEditor: React.FC<RichTextEditorProps> = (props) => {
  const { value, onChange, id, placeholder, minHeight = 240, 'data-testid': testId = 'rich-text-editor' } = props;
  const intl = useIntl();
  const { token } = theme.useToken();
  // the form item's verdict, so that a refused content is outlined like any refused input
  const { status } = Form.Item.useStatus();
  const invalid = status === 'error';
  const t = (key: string) => intl.formatMessage({ id: `component.richText.${key}` });
  const area = useRef<HTMLDivElement>(null);
  /** the HTML this field last answered: when it comes back as `value`, the area already shows it and
   * rewriting it would throw the caret to the start */
  const emitted = useRef<string | undefined>(undefined);
  /** where the caret or selection was in the area, for commands run from the toolbar or the link dialog */
  const saved = useRef<Range | undefined>(undefined);
  const [focused, setFocused] = useState(false);
  const [blank, setBlank] = useState(() => isBlankHtml(value));
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkText, setLinkText] = useState('');
  const [linkError, setLinkError] = useState(false);

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const next = value ?? '';
    if (next === emitted.current) return;
    const clean = sanitizeHtml(next);
    if (el.innerHTML !== clean) el.innerHTML = clean;
    emitted.current = next;
    setBlank(isBlankHtml(clean));
  }, [value]);

  const emit = useCallback(() => {
    const el = area.current;
    if (!el) return;
    const empty = isBlankHtml(el.innerHTML);
    const html = empty ? '' : el.innerHTML;
    setBlank(empty);
    if (html === emitted.current) return;
    emitted.current = html;
    onChange?.(html);
  }, [onChange]);

  const remember = () => {
    const sel = window.getSelection();
    if (sel && sel.rangeCount && area.current?.contains(sel.getRangeAt(0).commonAncestorContainer)) {
      saved.current = sel.getRangeAt(0).cloneRange();
    }
  };

  /** Focus back in the area, on the selection it had. */
  const restore = () => {
    const el = area.current;
    if (!el) return;
    el.focus();
    const sel = window.getSelection();
    if (sel && saved.current) {
      sel.removeAllRanges();
      sel.addRange(saved.current);
    }
  };

  const run = (command: Command) => {
    if (command === 'link') {
      remember();
      setLinkText('');
      setLinkError(false);
      setLinkOpen(true);
      return;
    }
    restore();
    prepare();
    switch (command) {
      case 'heading':
        exec('formatBlock', currentBlock() === HEADING ? '<p>' : `<${HEADING}>`);
        break;
      case 'orderedList':
        exec('insertOrderedList');
        break;
      case 'bulletList':
        exec('insertUnorderedList');
        break;
      case 'clear':
        exec('removeFormat');
        exec('unlink');
        if (/^h[1-6]$/.test(currentBlock())) exec('formatBlock', '<p>');
        break;
      default:
        exec(command);
    }
    remember();
    emit();
  };

  const insertLink = () => {
    const href = linkAddress(linkText);
    if (!href) {
      setLinkError(true);
      return;
    }
    setLinkOpen(false);
    restore();
    const sel = window.getSelection();
    if (sel && sel.rangeCount && !sel.getRangeAt(0).collapsed) exec('createLink', href);
    else exec('insertHTML', `<a href="${escapeHtml(href)}">${escapeHtml(linkText.trim())}</a>`);
    remember();
    emit();
  };

  const onPaste = (e: React.ClipboardEvent<HTMLDivElement>) => {
    const html = e.clipboardData.getData('text/html');
    // plain text the browser pastes as text by itself
    if (!html) return;
    e.preventDefault();
    exec('insertHTML', sanitizeHtml(html));
    emit();
  };

  return (
    <div
      style={{
        border: `1px solid ${invalid ? token.colorError : focused ? token.colorPrimary : token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        boxShadow: focused ? `0 0 0 2px ${invalid ? token.colorErrorBg : token.colorPrimaryBg}` : undefined,
      }}
      data-testid={testId}
    >
      <Flex
        role="toolbar"
        aria-label={t('toolbar')}
        gap={2}
        wrap
        style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        {COMMANDS.map((command) => (
          <Tooltip key={command} title={t(command)} mouseEnterDelay={0.6}>
            <Button
              type="text"
              size="small"
              icon={ICONS[command]}
              aria-label={t(command)}
              data-command={command}
              // the area keeps its selection while the button is pressed
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(command)}
            />
          </Tooltip>
        ))}
      </Flex>
      <div style={{ position: 'relative' }}>
        {blank && placeholder ? (
          <div aria-hidden style={{ position: 'absolute', inset: '8px 11px', color: token.colorTextPlaceholder, pointerEvents: 'none' }}>
            {placeholder}
          </div>
        ) : null}
        <div
          ref={area}
          id={id}
          className={RICH_TEXT_CLASS}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-label={props['aria-label']}
          aria-invalid={invalid || undefined}
          aria-placeholder={placeholder}
          tabIndex={0}
          style={{ minHeight, maxHeight: 640, overflowY: 'auto', padding: '8px 11px', outline: 'none', overflowWrap: 'anywhere' }}
          onInput={() => {
            remember();
            emit();
          }}
          onKeyUp={remember}
          onMouseUp={remember}
          onPaste={onPaste}
          onFocus={() => {
            prepare();
            setFocused(true);
          }}
          onBlur={() => {
            remember();
            setFocused(false);
          }}
        />
      </div>
      <Modal
        open={linkOpen}
        title={t('link.title')}
        okText={intl.formatMessage({ id: 'crud.ok' })}
        cancelText={intl.formatMessage({ id: 'crud.cancel' })}
        onOk={insertLink}
        onCancel={() => {
          setLinkOpen(false);
          restore();
        }}
        destroyOnHidden
      >
        <Input
          autoFocus
          value={linkText}
          aria-label={t('link.title')}
          placeholder={t('link.placeholder')}
          status={linkError ? 'error' : undefined}
          onChange={(e) => {
            setLinkText(e.target.value);
            setLinkError(false);
          }}
          onPressEnter={insertLink}
          data-testid="rich-text-link-input"
        />
        {linkError ? <div style={{ color: token.colorError, marginTop: 4 }}>{t('link.invalid')}</div> : null}
      </Modal>
    </div>
  );
};

export default RichTextEditor;
