//! How ticking works in the grant trees. Every node is granted on its own (the tree is "strict"),
//! so what is shown is exactly what the role holds; ticking a node also ticks everything below it
//! and the parents that lead to it (a menu is only reachable through them), and unticking a node
//! unticks everything below it.
import type { TreeNode } from '@/services/authority/role';

interface Index {
  parent: Map<string, string | undefined>;
  children: Map<string, TreeNode[]>;
}

function index(tree: TreeNode[]): Index {
  const parent = new Map<string, string | undefined>();
  const children = new Map<string, TreeNode[]>();
  const walk = (nodes: TreeNode[], up: string | undefined) =>
    nodes.forEach((n) => {
      parent.set(n.key, up);
      children.set(n.key, n.children ?? []);
      if (n.children?.length) walk(n.children, n.key);
    });
  walk(tree, undefined);
  return { parent, children };
}

function below(idx: Index, key: string): string[] {
  return (idx.children.get(key) ?? []).flatMap((c) => [c.key, ...below(idx, c.key)]);
}

/** The keys ticked after (un)ticking `key`. */
export function toggleGrant(tree: TreeNode[], checked: string[], key: string, on: boolean): string[] {
  const idx = index(tree);
  const next = new Set(checked);
  if (on) {
    next.add(key);
    below(idx, key).forEach((k) => next.add(k));
    for (let up = idx.parent.get(key); up; up = idx.parent.get(up)) next.add(up);
  } else {
    next.delete(key);
    below(idx, key).forEach((k) => next.delete(k));
  }
  return [...next];
}

/**
 * What the menu tree shows for the held keys. A held node with everything below it held is ticked; a
 * node with only part of what is below it held is half-ticked, even when the role holds the node
 * itself (ticking a button grants the menus above it, and a fully ticked parent read as "everything
 * below is granted"). Only the display changes: the keys granted stay `checked`.
 */
export function grantDisplay(tree: TreeNode[], checked: string[]): { checked: string[]; halfChecked: string[] } {
  const held = new Set(checked);
  const full: string[] = [];
  const half: string[] = [];
  /** Whether the node and everything below it are held; whether anything in it is held. */
  const walk = (n: TreeNode): { all: boolean; any: boolean } => {
    const below = (n.children ?? []).map(walk);
    const all = held.has(n.key) && below.every((b) => b.all);
    const any = held.has(n.key) || below.some((b) => b.any);
    if (all) full.push(n.key);
    else if (any) half.push(n.key);
    return { all, any };
  };
  tree.forEach(walk);
  return { checked: full, halfChecked: half };
}

/** Every key of a tree. */
export function allGrantKeys(tree: TreeNode[]): string[] {
  return tree.flatMap((n) => [n.key, ...allGrantKeys(n.children ?? [])]);
}

/** Keys the role holds that the tree still shows (a deleted menu may linger in old grants). */
export function shownKeys(tree: TreeNode[], keys: string[]): string[] {
  const present = new Set(allGrantKeys(tree));
  return keys.filter((k) => present.has(k));
}

/** Keys of the nodes without children: the scope rules of a scope tree (their parents are menus). */
export function leafGrantKeys(tree: TreeNode[]): string[] {
  return tree.flatMap((n) => (n.children?.length ? leafGrantKeys(n.children) : [n.key]));
}

/** `keys` without the parents: only rules are granted in the scope trees. */
export function onlyLeaves(tree: TreeNode[], keys: string[]): string[] {
  const leaves = new Set(leafGrantKeys(tree));
  return keys.filter((k) => leaves.has(k));
}
