//! The rows of a statistics answer — flat, in tree order, a depth on each, the total last — as the tree
//! `StatTable` shows, with the total apart for its summary row. Rows that are not departments (a group of
//! a dictionary, figures of departments removed since) stand at the top.

/** A row as the server sends it. */
export interface DepthRow {
  /** `dept` rows nest by depth; `total` is the grand total; any other kind stands at the top */
  kind: string;
  depth: number;
}

export type TreeNode<R> = R & { rowId: string; children?: TreeNode<R>[] };

export function depthTree<R extends DepthRow>(rows: R[]): { tree: TreeNode<R>[]; total?: TreeNode<R> } {
  const tree: TreeNode<R>[] = [];
  const stack: TreeNode<R>[] = [];
  let total: TreeNode<R> | undefined;
  rows.forEach((r, i) => {
    const node = { ...r, rowId: String(i) } as TreeNode<R>;
    if (r.kind === 'total') {
      total = node;
      return;
    }
    while (stack.length > r.depth) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent && r.kind === 'dept') (parent.children ??= []).push(node);
    else tree.push(node);
    if (r.kind === 'dept') stack.push(node);
  });
  return { tree, total };
}
