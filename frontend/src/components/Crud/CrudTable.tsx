//! The list screen of an entity (api-contract §1.4, §4.1, §9.5): a ProTable that pages and sorts on
//! the server, with the toolbar and row buttons the user was granted on the menu, an optional tree
//! panel on the left that filters the list, and tree tables for tree entities.
//!
//! Columns marked `optional` start hidden and are one tick away in the table's column settings (the
//! choice is kept per list in the browser): a list shows what a person needs at 1440 px without
//! scrolling sideways. Columns keep their `width` (the table scrolls only when the columns shown need
//! more room than there is). On a narrow screen (below antd's `lg`, 992 px) the tree panel folds into
//! a drawer behind a button above the list, and no column is fixed.
//!
//! A list may name filters a link can set (`urlFilters`, e.g. `?reportStatus=1`): it opens with them in
//! its search form, unfolded so that the person sees why the rows are few, and keeps them in the URL.
//!
//! Buttons come from the menu's stored buttons: `add`, `edit` and `view` open the button's route
//! (with `/<id>`), `delete` asks first and then posts `ids`; any other alias runs the page's handler
//! in `actions` and is left out when the page has none. A page may add buttons the server does not
//! list (`extraButtons`), shown to whoever holds the button that grants them.
import { type ActionType, type ColumnsState, ProTable, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
import { history, useIntl } from '@umijs/max';
import { ApartmentOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Col, Drawer, Dropdown, Grid, Row, Space } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import React, { useCallback, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { postForm } from '@/services/crud';
import { showWarning } from '@/utils/requestMessages';
import { buttonIcon } from './buttonIcons';
import { buttonLabel, type ExtraButton, menuButtons, onRow, onToolbar } from './buttons';
import { fromListReply, type PageQuery, parentKeys, toListQuery } from './query';
import TreeFilter from './TreeFilter';
import { useCrudConfirm } from './useCrudConfirm';
import { type TreeOption, treeTitle } from './useOptions';
import { useUrlFilters } from './useUrlFilters';

export interface CrudActionContext<T> {
  button: API.MenuButton;
  /** the row of a row button, or the selected rows of a toolbar button */
  rows: T[];
  /** reloads the list (and clears the selection) */
  reload: () => void;
  /** the filters and sort of the rows shown now, as last sent to `list` (exports use them) */
  query: Record<string, any> & PageQuery;
}

export interface CrudAction<T> {
  /** what the button does; may be left out to keep the built-in behaviour of add/edit/view/delete
   * and only change when the button shows (`hidden`) or how it reads (`label`) */
  run?: (ctx: CrudActionContext<T>) => unknown;
  /** the label for a row (e.g. "disable" on an enabled account); the button's label otherwise */
  label?: (row?: T) => React.ReactNode;
  /** a row button that does not apply to this row */
  hidden?: (row: T) => boolean;
  /** rows a toolbar button works on: none, exactly one, or at least one (default) */
  needs?: 'none' | 'one' | 'some';
  danger?: boolean;
}

/** The height of one entry of the column settings list (antd Tree's `itemHeight` there). */
const SETTING_ITEM_HEIGHT = 24;
/** The tallest the column settings list grows: about a laptop screen's height below the toolbar. */
const SETTING_LIST_MAX = 480;

/**
 * A column settings list tall enough for every column. The list is a virtual tree: an entry below its
 * fold is not in the page at all until scrolled to, and at the default 280 px the enterprise list's
 * contact number (the tenth entry of its group, below the group titles) sat near the fold, rendered or
 * not by a few pixels of font metrics: the likely cause of a browser test that failed only on a busy
 * machine, and a column a clerk had to scroll a small popover to find. Two entries of slack keep a taller
 * row from pushing the last one out.
 */
export function settingListHeight(columns: number): number {
  return Math.min(SETTING_LIST_MAX, (columns + 2) * SETTING_ITEM_HEIGHT);
}

/** A list column; `optional` ones start hidden and can be shown from the column settings. */
export type CrudColumn<T> = ProColumns<T> & { optional?: boolean };

/** The key ProTable gives a column in its column settings. */
const columnKey = <T,>(c: ProColumns<T>) => String(c.key ?? (Array.isArray(c.dataIndex) ? c.dataIndex.join('-') : c.dataIndex ?? ''));

/** What a column without a `width`, and the selection column, take of the table's width. */
const COLUMN_WIDTH = 120;
const SELECTION_WIDTH = 48;

/** About how wide a label is at 14 px (a CJK character 14 px, anything else 8): enough to size the
 * row-button column before it is drawn. */
const textWidth = (text: string) => [...text].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 14 : 8), 0);

function readColumns(key: string | undefined): Record<string, ColumnsState> {
  if (!key) return {};
  try {
    return JSON.parse(localStorage.getItem(key) ?? '{}') ?? {};
  } catch {
    return {};
  }
}

export interface CrudTableHandle {
  reload: () => void;
}

export interface CrudTableProps<T> {
  /** the menu whose buttons this list shows (`user`, `role`…); none for a list without buttons */
  menuCode?: string;
  /** the name the column choices are kept under in the browser, when one menu shows more than one
   * list (tabs); the menu code by default */
  settingsKey?: string;
  /** buttons of the page that the server does not list, each brought by a granted button */
  extraButtons?: ExtraButton[];
  columns: CrudColumn<T>[];
  /** the list call; gets the filters, `current`/`size` (paged lists) and `ascs`/`descs` */
  list: (query: Record<string, any> & PageQuery) => Promise<API.Result<API.Page<T> | T[]>>;
  /** the reply is a tree without paging; rows open fully when loaded */
  tree?: boolean;
  rowKey?: string;
  /** handlers of the page's own button aliases, or replacements of the built-in ones */
  actions?: Record<string, CrudAction<T>>;
  /** removal; by default a form POST of `ids` to the delete button's path */
  remove?: (ids: string[]) => Promise<API.Result<unknown>>;
  /** tree tables: a row link adding a child through the add button's route + `/<id>`; a function
   * says for which rows */
  addChild?: boolean | ((row: T) => boolean);
  /** row buttons shown before the rest go into a "more" menu */
  rowButtonLimit?: number;
  /** a tree on the left that filters the list by `param` */
  filterPanel?: { title: React.ReactNode; param: string; options: TreeOption[]; loading?: boolean };
  headerTitle?: React.ReactNode;
  /** filters (single-valued search fields) read from the URL on arrival and kept there (useUrlFilters) */
  urlFilters?: string[];
  /** anything else ProTable accepts */
  tableProps?: Partial<ProTableProps<T, Record<string, unknown>>>;
}

function postIds(path: string) {
  return (ids: string[]) => postForm<unknown>(path, { ids });
}

const BUILT_IN_NEEDS: Record<string, CrudAction<unknown>['needs']> = {
  add: 'none',
  edit: 'one',
  view: 'one',
  delete: 'some',
};

function CrudTableInner<T extends Record<string, any>>(
  props: CrudTableProps<T>,
  ref: React.Ref<CrudTableHandle>,
) {
  const { menuCode, settingsKey, extraButtons, columns, list, tree, rowKey = 'id', actions = {}, remove, addChild, filterPanel, headerTitle, urlFilters, tableProps } = props;
  const rowButtonLimit = props.rowButtonLimit ?? 3;
  const { search: searchProps, form: formProps, ...otherTableProps } = tableProps ?? {};
  const linked = useUrlFilters(urlFilters);
  const intl = useIntl();
  const [confirm, confirmHolder] = useCrudConfirm();
  const actionRef = useRef<ActionType>(undefined);
  const [selected, setSelected] = useState<T[]>([]);
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const [filterValue, setFilterValue] = useState<string | undefined>();
  const [filterOpen, setFilterOpen] = useState(false);
  // The columns a person chose to see, over the list's defaults; kept in the browser per menu.
  const columnsKey = (settingsKey ?? menuCode) ? `keeper-columns:${settingsKey ?? menuCode}` : undefined;
  const [chosenColumns, setChosenColumns] = useState(() => readColumns(columnsKey));
  const screens = Grid.useBreakpoint();
  const wide = !!screens.lg;
  const lastQuery = useRef<Record<string, any> & PageQuery>({});
  /** The newest list load, so that an older reply arriving late cannot replace its rows. */
  const latestLoad = useRef<{ seq: number; reply?: Promise<{ data: T[]; total: number; success: boolean }> }>({ seq: 0 });
  const msg = (id: string, values?: Record<string, unknown>) => intl.formatMessage({ id }, values as any);
  const idOf = useCallback((row: T) => String(row[rowKey]), [rowKey]);

  const reload = useCallback(() => {
    setSelected([]);
    actionRef.current?.clearSelected?.();
    void actionRef.current?.reload();
  }, []);
  useImperativeHandle(ref, () => ({ reload }), [reload]);

  const buttons = useMemo(() => menuButtons(menuCode, extraButtons), [menuCode, extraButtons]);

  const confirmDelete = useCallback(
    (button: API.MenuButton, rows: T[]) => {
      const ids = rows.map(idOf);
      const call = remove ?? postIds(button.path);
      confirm({
        title: msg('crud.delete.title'),
        content: msg('crud.delete.content', { count: ids.length }),
        danger: true,
        call: () => call(ids),
        onDone: reload,
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [idOf, confirm, remove, reload, intl],
  );

  /** The handler of a button: the page's own on top of the built-in one; none (not shown) when
   * neither says what to run. */
  const handlerOf = useCallback(
    (button: API.MenuButton): (CrudAction<T> & Required<Pick<CrudAction<T>, 'run'>>) | undefined => {
      const needs = BUILT_IN_NEEDS[button.alias];
      let builtIn: CrudAction<T> | undefined;
      switch (button.alias) {
        case 'add':
          builtIn = { needs, run: () => history.push(button.path) };
          break;
        case 'edit':
        case 'view':
          builtIn = { needs, run: ({ rows }) => history.push(`${button.path}/${idOf(rows[0])}`) };
          break;
        case 'delete':
          builtIn = { needs, danger: true, run: ({ rows }) => confirmDelete(button, rows) };
          break;
        default:
          builtIn = undefined;
      }
      const merged = { ...builtIn, ...actions[button.alias] };
      return merged.run ? (merged as CrudAction<T> & Required<Pick<CrudAction<T>, 'run'>>) : undefined;
    },
    [actions, confirmDelete, idOf],
  );

  const toolbar = buttons.filter((b) => onToolbar(b) && handlerOf(b));
  const rowButtons = buttons.filter((b) => onRow(b) && b.alias !== 'add' && handlerOf(b));
  const addButton = buttons.find((b) => b.alias === 'add');
  const selectable = toolbar.some((b) => (handlerOf(b)?.needs ?? 'some') !== 'none');

  const runToolbar = (button: API.MenuButton) => {
    const handler = handlerOf(button)!;
    const needs = handler.needs ?? 'some';
    if (needs === 'one' && selected.length !== 1) {
      showWarning(msg('crud.select.one'));
      return;
    }
    if (needs === 'some' && selected.length === 0) {
      showWarning(msg('crud.select.some'));
      return;
    }
    void handler.run({ button, rows: needs === 'none' ? [] : selected, reload, query: lastQuery.current });
  };

  const canAddChild = (row: T) => !!(tree && addButton && (typeof addChild === 'function' ? addChild(row) : addChild));

  /** The row's links: the first `rowButtonLimit` inline, the others under "more". */
  const rowLinks = (row: T) => {
    const items: { key: string; label: React.ReactNode; danger?: boolean; onClick: () => void }[] = [];
    if (canAddChild(row)) {
      items.push({ key: 'crud-add-child', label: msg('crud.addChild'), onClick: () => history.push(`${addButton!.path}/${idOf(row)}`) });
    }
    rowButtons.forEach((b) => {
      const handler = handlerOf(b)!;
      if (handler.hidden?.(row)) return;
      items.push({
        key: b.code,
        label: handler.label?.(row) ?? buttonLabel(intl, b),
        danger: handler.danger,
        onClick: () => void handler.run({ button: b, rows: [row], reload, query: lastQuery.current }),
      });
    });
    const inline = items.length > rowButtonLimit + 1 ? items.slice(0, rowButtonLimit) : items;
    const more = items.slice(inline.length);
    return (
      <Space size={0}>
        {inline.map((i) => (
          <Button key={i.key} type="link" size="small" danger={i.danger} style={{ paddingInline: 4 }} onClick={i.onClick}>
            {i.label}
          </Button>
        ))}
        {more.length ? (
          <Dropdown
            menu={{
              items: more.map((i) => ({ key: i.key, label: i.label, danger: i.danger })),
              onClick: ({ key }) => more.find((i) => i.key === key)?.onClick(),
            }}
          >
            <Button type="link" size="small" style={{ paddingInline: 4 }} data-testid="crud-row-more">
              {msg('crud.more')} <DownOutlined />
            </Button>
          </Dropdown>
        ) : null}
      </Space>
    );
  };

  /** The width of the widest row's links: those shown inline, then "more ▾" for the rest. */
  const rowLinksWidth = (() => {
    const labels: string[] = [];
    if (tree && addChild && addButton) labels.push(msg('crud.addChild'));
    rowButtons.forEach((b) => {
      const label = handlerOf(b)?.label?.() ?? buttonLabel(intl, b);
      labels.push(typeof label === 'string' ? label : b.name);
    });
    const link = (label: string) => textWidth(label) + 8;
    if (labels.length <= rowButtonLimit + 1) return labels.reduce((w, l) => w + link(l), 0);
    return labels.slice(0, rowButtonLimit).reduce((w, l) => w + link(l), 0) + link(msg('crud.more')) + 16;
  })();

  const optionColumn: ProColumns<T> | undefined =
    rowButtons.length || (tree && addChild && addButton)
      ? {
          title: msg('crud.actions'),
          key: 'crud-actions',
          valueType: 'option',
          fixed: 'right',
          // the links and the cell's padding
          width: Math.max(80, rowLinksWidth + 34),
          render: (_, row) => rowLinks(row),
        }
      : undefined;

  const hasSearch = columns.some((c) => c.search !== false && c.valueType !== 'option');

  const defaultColumns = useMemo(
    () => Object.fromEntries(columns.filter((c) => c.optional).map((c) => [columnKey(c), { show: false }])) as Record<string, ColumnsState>,
    [columns],
  );
  const columnsMap = useMemo(() => ({ ...defaultColumns, ...chosenColumns }), [defaultColumns, chosenColumns]);
  const shownColumns = useMemo(
    () =>
      (optionColumn ? [...columns, optionColumn] : columns).map(({ optional: _optional, ...c }: CrudColumn<T>) =>
        // a fixed column on a phone covers the others
        (screens.md ? c : { ...c, fixed: undefined }) as ProColumns<T>,
      ),
    [columns, optionColumn, screens.md],
  );
  // The table is as wide as the columns shown (wider when there is room), so that each keeps its
  // width, cuts its text with an ellipsis where it says so, and the table scrolls only when needed.
  const tableWidth =
    shownColumns
      .filter((c) => !c.hideInTable && columnsMap[columnKey(c)]?.show !== false)
      .reduce((w, c) => w + (typeof c.width === 'number' ? c.width : COLUMN_WIDTH), 0) + (selectable ? SELECTION_WIDTH : 0);
  const table = (
    <ProTable<T, Record<string, unknown>>
      rowKey={rowKey}
      actionRef={actionRef}
      headerTitle={headerTitle}
      columns={shownColumns}
      columnsState={{
        defaultValue: defaultColumns,
        value: columnsMap,
        onChange: (map) => {
          // ProTable also calls this when it takes `value` over, with the same map: only a change
          // is kept (else every update would start another, for ever).
          const text = JSON.stringify(map);
          if (text === JSON.stringify(columnsMap)) return;
          if (columnsKey) localStorage.setItem(columnsKey, text);
          // It calls this from inside its own state update, i.e. while it renders: this list's state
          // changes just after, not during another component's render.
          queueMicrotask(() => setChosenColumns(map));
        },
      }}
      params={filterPanel ? { [filterPanel.param]: filterValue } : undefined}
      request={async (params, sort) => {
        const query = toListQuery(params as Record<string, unknown>, sort as Record<string, SortOrder>, { paged: !tree });
        lastQuery.current = query;
        linked.sent(query);
        const reply = (async () => {
          try {
            const data = fromListReply<T>(await list(query));
            if (tree) setExpanded(parentKeys(data.data, idOf));
            return data;
          } catch {
            return { data: [] as T[], total: 0, success: false };
          }
        })();
        const seq = ++latestLoad.current.seq;
        latestLoad.current.reply = reply;
        const data = await reply;
        // ProTable shows whichever reply arrives last: a load overtaken by a newer one (the reload after
        // 启用 while the first load is still on its way) answers with the newer one's rows instead.
        return seq === latestLoad.current.seq ? data : latestLoad.current.reply;
      }}
      // The form lays its fields out by its own width: one per row, labels above, when narrow.
      search={
        hasSearch && searchProps !== false
          ? { labelWidth: 'auto', defaultCollapsed: false, ...(searchProps || {}), ...(linked.arrivedWithFilters ? { defaultCollapsed: false } : {}) }
          : false
      }
      form={linked.initialValues ? { ...formProps, initialValues: { ...formProps?.initialValues, ...linked.initialValues } } : formProps}
      pagination={tree ? false : { defaultPageSize: 10, showSizeChanger: true, simple: !screens.md }}
      expandable={tree ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) } : undefined}
      rowSelection={
        selectable
          ? {
              selectedRowKeys: selected.map(idOf),
              onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
              checkStrictly: true,
            }
          : false
      }
      options={{ density: false, reload: true, setting: { listsHeight: settingListHeight(columns.length) }, fullScreen: false }}
      toolBarRender={() =>
        toolbar.map((b) => {
          const handler = handlerOf(b)!;
          return (
            <Button
              key={b.code}
              type={b.alias === 'add' ? 'primary' : 'default'}
              danger={handler.danger}
              icon={buttonIcon(b.source)}
              onClick={() => runToolbar(b)}
            >
              {buttonLabel(intl, b)}
            </Button>
          );
        })
      }
      scroll={{ x: tableWidth }}
      {...otherTableProps}
    />
  );

  const treePanel = filterPanel ? (
    <TreeFilter
      embedded={!wide}
      title={filterPanel.title}
      options={filterPanel.options}
      loading={filterPanel.loading}
      value={filterValue}
      onChange={(value) => {
        setFilterValue(value);
        setFilterOpen(false);
      }}
    />
  ) : null;

  // The table keeps its place in the element tree whichever way the panel is laid out (beside it on a
  // wide window, behind a button on a narrow one), so that crossing the breakpoint re-lays the page out
  // without mounting the list anew: its page, its selection and an open column-settings popover stay.
  // (A full-page screenshot in Chromium resizes the window for a moment, and had closed that popover.)
  let body: React.ReactNode = table;
  if (filterPanel) {
    // Beside the list the tree would leave the form and the rows a few characters of width: on a narrow
    // window it opens from a button that says what is picked.
    const picked = filterValue ? treeTitle(filterPanel.options, filterValue) : undefined;
    body = (
      <Row gutter={wide ? 16 : 0} wrap={false}>
        {wide ? (
          <Col flex="200px" style={{ minWidth: 0 }}>
            {treePanel}
          </Col>
        ) : null}
        <Col flex="auto" style={{ minWidth: 0 }}>
          {wide ? null : (
            <>
              <Button
                block
                icon={<ApartmentOutlined />}
                onClick={() => setFilterOpen(true)}
                data-testid="tree-filter-open"
                style={{ marginBottom: 16, justifyContent: 'flex-start' }}
              >
                {filterPanel.title}：{picked ?? msg('crud.tree.all')}
              </Button>
              <Drawer
                open={filterOpen}
                placement="left"
                size="min(320px, 85vw)"
                title={filterPanel.title}
                onClose={() => setFilterOpen(false)}
                styles={{ body: { padding: 12 } }}
              >
                {treePanel}
              </Drawer>
            </>
          )}
          {table}
        </Col>
      </Row>
    );
  }

  return (
    <>
      {confirmHolder}
      {body}
    </>
  );
}

/** See the module comment. `ref` exposes `reload()`. */
const CrudTable = React.forwardRef(CrudTableInner) as <T extends Record<string, any>>(
  props: CrudTableProps<T> & { ref?: React.Ref<CrudTableHandle> },
) => React.ReactElement;

export default CrudTable;
