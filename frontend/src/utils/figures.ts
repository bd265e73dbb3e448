//! Figures as a clerk reads them: grouped thousands, no trailing zeros that say nothing (5,000, not
//! 5,000.0000), and the unit the figure is counted in (万元, 人, 亩; domain-model §2.1).

/** `value` with at most `digits` decimals and its `unit`; "-" when there is no value, as ProForm and
 * ProTable show any empty field. */
export function formatFigure(value: number | string | null | undefined, opts: { unit?: string; digits?: number } = {}): string {
  if (value === null || value === undefined || value === '' || Number.isNaN(Number(value))) return '-';
  const text = Number(value).toLocaleString('zh-CN', { maximumFractionDigits: opts.digits ?? 4 });
  return opts.unit ? `${text} ${opts.unit}` : text;
}
