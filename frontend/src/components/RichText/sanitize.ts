//! An allow-list of the HTML a notice may hold. The server sanitises every notice it stores, so this is
//! a second line: HTML reaches `innerHTML` here (the renderer, and the editor loading a stored notice),
//! and pasted HTML (a Word document, a web page) would otherwise bring its styles and scripts into the
//! editor. What is not listed is dropped: elements with their content when they are code or forms,
//! otherwise unwrapped to their text; every attribute but a link's address and an image's source.

/** Dropped with everything inside them. */
const DROP = new Set(['script', 'style', 'iframe', 'frame', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base', 'title', 'head']);

/** Kept, with the attributes listed for them. */
const ALLOWED: Record<string, string[]> = {
  p: [],
  br: [],
  div: [],
  span: [],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  strike: [],
  sub: [],
  sup: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  pre: [],
  code: [],
  hr: [],
  a: ['href'],
  img: ['src', 'alt'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

/** Addresses a link may go to: the web, mail, phone, or a place in the app. `javascript:` and the
 * like are not among them. */
export function safeHref(href: string): string | undefined {
  const h = href.trim();
  if (/^(https?:|mailto:|tel:)/i.test(h)) return h;
  if (/^[/#?]/.test(h) && !h.startsWith('//')) return h;
  return undefined;
}

const safeSrc = (src: string) => (/^https?:/i.test(src.trim()) ? src.trim() : undefined);

function clean(node: Node) {
  Array.from(node.childNodes).forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE) return;
    if (child.nodeType !== Node.ELEMENT_NODE) {
      // comments, processing instructions
      child.remove();
      return;
    }
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROP.has(tag)) {
      el.remove();
      return;
    }
    clean(el);
    const allowed = ALLOWED[tag];
    if (!allowed) {
      // an unknown wrapper (font, o:p, section…): its text stays
      el.replaceWith(...Array.from(el.childNodes));
      return;
    }
    Array.from(el.attributes).forEach((attr) => {
      if (!allowed.includes(attr.name.toLowerCase())) el.removeAttribute(attr.name);
    });
    if (tag === 'a') {
      const href = safeHref(el.getAttribute('href') ?? '');
      if (href) {
        el.setAttribute('href', href);
        // a notice's link leaves the app in a tab of its own, without handing it this window
        el.setAttribute('target', '_blank');
        el.setAttribute('rel', 'noopener noreferrer');
      } else el.removeAttribute('href');
    }
    if (tag === 'img') {
      const src = safeSrc(el.getAttribute('src') ?? '');
      if (src) el.setAttribute('src', src);
      else el.remove();
    }
  });
}

/** The HTML with only what a notice may hold. Parsed in a document of its own: nothing in it runs or
 * loads while it is read. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}

/** The HTML shows nothing: no text and no image (an emptied editor still holds `<p><br></p>`). */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  return !(doc.body.textContent ?? '').trim() && !doc.body.querySelector('img');
}
