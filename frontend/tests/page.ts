// What a test does on a Keeper page rendered whole (tests/renderApp.tsx): read the requests the page
// sent, grant it menu buttons, and find its buttons, row links, dialogs and select options.
//
// Everything here looks elements up by selector and text, never by role: a `*ByRole` query (above all
// one with `{ name }`) over a whole-app page makes jsdom compute the style of every element and its
// ancestors, and a single one can run for minutes. Keep role queries for small standalone components.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { path } from './backend';
import type { RecordedRequest } from './fetchMock';

/** The query string of a request, as an object. */
export const query = (r: RecordedRequest) => Object.fromEntries(new URL(r.url, 'http://x').searchParams);
/** A form-encoded request body (`ids=1,2&status=2`), as an object. */
export const form = (r: RecordedRequest) => Object.fromEntries(new URLSearchParams(String(r.body)));
/** A JSON request body. */
export const body = (r: RecordedRequest) => JSON.parse(String(r.body));
/** The last request sent to this path, if any. */
export const last = (calls: RecordedRequest[], p: string) => calls.filter((c) => path(c) === p).pop();

/** One button of a menu, shaped like the children of `menu/buttons` (the seed writes `-` in an alias
 * as `_` in its code). */
export function menuButton(menuCode: string, alias: string, action: number, route: string, sort: number): API.MenuButton {
  return {
    id: `${menuCode}-${alias}`,
    parentId: menuCode,
    code: `${menuCode}_${alias.replace(/-/g, '_')}`,
    name: alias,
    alias,
    path: route,
    action,
    sort,
  };
}

/** The text without white space: antd spaces out a two-character button label ("新 增"). */
export const squash = (s: string | null | undefined) => (s ?? '').replace(/\s/g, '');

/** What `getAllByRole('button')` finds (a switch is a `<button role="switch">`), less the buttons a
 * table puts in a row that are no action on it: a tree row's expand button, a copyable cell's copy. */
const BUTTONS = 'button:not([role]):not(.ant-table-row-expand-icon):not(.ant-typography-copy), [role="button"]';

const buttons = (root: ParentNode) => Array.from(root.querySelectorAll<HTMLElement>(BUTTONS));

/** The labels of the buttons in `root`, in order. */
export const buttonsIn = (root: ParentNode): string[] => buttons(root).map((b) => squash(b.textContent));

/** The button labelled `text` (spaces ignored) in `root`, or undefined. */
export function buttonByText(text: string, root: ParentNode = document): HTMLButtonElement | undefined {
  return buttons(root).find((b) => squash(b.textContent) === squash(text)) as HTMLButtonElement | undefined;
}

/** The button labelled `label` (spaces ignored) in `root`; throws, naming the labels there, if none. */
export function buttonIn(root: ParentNode, label: string): HTMLButtonElement {
  const found = buttonByText(label, root);
  if (!found) throw new Error(`no button "${label}" among ${JSON.stringify(buttonsIn(root))}`);
  return found;
}

/** The one element in `root` with this `role` attribute (antd writes it on switches, number inputs
 * and alerts). */
export function roleIn(root: ParentNode, role: string): HTMLElement {
  const found = root.querySelectorAll<HTMLElement>(`[role="${role}"]`);
  if (found.length !== 1) throw new Error(`${found.length} elements with role "${role}", not one`);
  return found[0];
}

/** Clicks an element and lets React settle. The page first runs the effects of its last render, as it
 * has long before a person clicks: an element found the moment it was drawn may still wait for them, and
 * react-router's links ignore a click until theirs have run (`useNavigate` is inactive until its effect:
 * the to-do link of the home page went nowhere once on a loaded machine). */
export async function click(el: Element) {
  await act(async () => {
    await new Promise((settled) => setTimeout(settled, 0));
  });
  await act(async () => {
    fireEvent.click(el);
  });
}

/** The table row in which an element shows exactly `text` (waits for it). */
export async function rowWith(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

const toolbar = () => document.querySelector('.ant-pro-table-list-toolbar');

/** The labels of the buttons of a list's toolbar. */
export const toolbarButtons = (): string[] => {
  const bar = toolbar();
  return bar ? buttonsIn(bar) : [];
};

/** A button of a list's toolbar. */
export const toolbarButton = (label: string) => buttonIn(toolbar() ?? document, label);

/** The search form's submit button of a ProTable. */
export const searchButton = () => buttonIn(document.querySelector('.ant-pro-query-filter') ?? document, '查询');

/** Opens the "更多" menu of a row's links (a hover menu: its items then stand in the document). */
export async function openMore(row: HTMLElement) {
  await act(async () => {
    fireEvent.mouseEnter(buttonIn(row, '更多'));
  });
  await waitFor(() => {
    if (!document.querySelector('.ant-dropdown-menu-item')) throw new Error('no 更多 menu');
  });
}

/** The open dialog (modal or confirm): the first `.ant-modal` not hidden with its closed wrapper. */
export function findDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const open = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal')).find((m) => !m.closest('[style*="display: none"]'));
    if (!open) throw new Error('no open dialog');
    return open;
  });
}

/** Opens the select or tree select of the form item labelled `label` (in `root`) and clicks its
 * option or tree node `option`. */
export async function pickOption(label: string, option: string, root: HTMLElement = document.body) {
  const item = (await within(root).findByText(label, { selector: 'label' })).closest('.ant-form-item') as HTMLElement;
  const select = item.querySelector('.ant-select') as HTMLElement;
  await act(async () => {
    fireEvent.mouseDown(select.querySelector('input') ?? select);
  });
  // the dropdown renders in the document's body, not in the form item
  const node = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option, .ant-select-tree-title')).find(
      (n) => n.textContent === option,
    );
    if (!found) throw new Error(`no option "${option}" for ${label}`);
    return found;
  });
  await act(async () => {
    fireEvent.click(node);
  });
}

/** The panel of the open drawer (the topmost, when one opened over another). */
export const openDrawer = () =>
  waitFor(() => {
    const panels = document.querySelectorAll<HTMLElement>('.ant-drawer-open .ant-drawer-section');
    if (!panels.length) throw new Error('no open drawer');
    return panels[panels.length - 1];
  });

/** The form item labelled `label` in `root`. */
export const itemOf = async (root: HTMLElement, label: string) =>
  (await within(root).findByText(label, { selector: 'label' })).closest('.ant-form-item') as HTMLElement;

/** Types into the input of the form item labelled `label` (a text, number or date field) and leaves it. */
export async function typeInto(root: HTMLElement, label: string, value: string) {
  const input = (await itemOf(root, label)).querySelector('input, textarea') as HTMLInputElement;
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
  });
  await act(async () => {
    // Enter confirms a date or number input; in a text area it would only start a new line
    if (input.tagName === 'INPUT') fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(input);
  });
}
