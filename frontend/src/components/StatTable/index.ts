//! The statistics table: tree rows, subtotals, the grand total, and "export what I see".
export { default as StatTable } from './StatTable';
export type { StatTableProps } from './StatTable';
export { depthTree } from './tree';
export type { DepthRow, TreeNode } from './tree';
