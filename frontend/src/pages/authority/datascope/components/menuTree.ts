//! The menu tree the scope rules hang under: `menu/tree` (it needs `menu_view`), else the user's own
//! menus from the sign-in (the rules of menus the user cannot open are of no use to them anyway).
import { getMenuTree, type MenuTreeNode } from '@/services/authority/scope';
import { getRoutes } from '@/utils/authority';
import type { TreeOption } from '@/components/Crud';

function fromMenuTree(nodes: MenuTreeNode[] | undefined): TreeOption[] {
  return (nodes ?? []).map((n) => {
    const value = String(n.value ?? n.id);
    const node: TreeOption = { value, key: value, title: n.title, label: n.title };
    if (n.children?.length) node.children = fromMenuTree(n.children);
    return node;
  });
}

function fromRoutes(routes: API.MenuRoute[] | undefined): TreeOption[] {
  return (routes ?? []).map((r) => {
    const value = String(r.id);
    const node: TreeOption = { value, key: value, title: r.name, label: r.name };
    if (r.children?.length) node.children = fromRoutes(r.children);
    return node;
  });
}

export async function loadMenuOptions(): Promise<TreeOption[]> {
  try {
    const res = await getMenuTree({ showType: 0, showMsg: false });
    if (res?.success && Array.isArray(res.data)) return fromMenuTree(res.data);
  } catch {
    // no menu_view: fall back on the signed-in user's menus
  }
  return fromRoutes(getRoutes());
}

/** id → title over the whole tree. */
export function titlesOf(options: TreeOption[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (list: TreeOption[]) =>
    list.forEach((o) => {
      out.set(o.value, o.title);
      if (o.children) walk(o.children);
    });
  walk(options);
  return out;
}
