//! Decimal text as whole numbers of its smallest shown unit (a cent of 万元, a hundredth of a percent):
//! the server sends amounts as decimal strings (`decimal(18,4)`), and a float would show
//! 0.1 + 0.2 as 0.30000000000000004 or lose the last cents of a zone's yearly total.

/** The text of a finite number without an exponent (1e21 and up have none to give). */
function plainText(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20) : text;
}

/**
 * `value` as a whole number of 10^-`scale` units, rounded half away from zero (四舍五入, as published
 * tables round); undefined for an empty or non-numeric value.
 */
export function toScaled(value: unknown, scale: number): bigint | undefined {
  if (value === null || value === undefined) return undefined;
  const text = typeof value === 'number' ? plainText(value) : typeof value === 'string' ? value.trim() : undefined;
  const m = text === undefined ? null : /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (!m[2] && !m[3])) return undefined;
  const [, sign, whole, fraction = ''] = m;
  let n = BigInt(`${whole || '0'}${fraction.padEnd(scale, '0').slice(0, scale)}`);
  if ((fraction[scale] ?? '0') >= '5') n += 1n;
  return sign === '-' ? -n : n;
}

/** Thousands separators in the whole part. */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A scaled number as text with exactly `scale` decimals: `-1234567` at scale 2 is `-12,345.67`
 * (`group: false`: `-12345.67`). Never `-0.00`: a zero has no sign. */
export function scaledText(n: bigint, scale: number, opts: { group?: boolean; minus?: string } = {}): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? (opts.minus ?? '-') : ''}${opts.group === false ? whole : grouped(whole)}${fraction}`;
}
