//! Rich text written once for every screen that needs it (notices first): the editing field of a
//! form, the read-only renderer of the server's sanitised HTML, and the allow-list both go through.
export { default as RichTextEditor, linkAddress } from './RichTextEditor';
export type { RichTextEditorProps } from './RichTextEditor';
export { default as RichTextView, RICH_TEXT_CLASS } from './RichTextView';
export type { RichTextViewProps } from './RichTextView';
export { isBlankHtml, safeHref, sanitizeHtml } from './sanitize';
