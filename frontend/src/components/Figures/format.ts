//! How the SPA shows the server's figures (domain-model §2.0, §2.3.2): amounts in 万元 with two
//! decimals, rates as percentages with two decimals, gaps in percentage points with their sign, and
//! "—" when there is no figure (a rate whose base is zero or missing). The server computes; the SPA
//! only formats, from the decimal text, without going through a float.
import { scaledText, toScaled } from './decimal';

/** What is shown for a missing figure. */
export const NONE = '—';

/** An amount in 万元 as given (no conversion): `'12345678.9'` → `12,345,678.90`. */
export function formatMoney(value: unknown, digits = 2): string {
  const n = toScaled(value, digits);
  return n === undefined ? NONE : scaledText(n, digits);
}

/** An amount in 万元 shown in 亿元 (÷ 10,000), rounded as published tables round: `'123456.78'` → `12.35`. */
export function formatYi(value: unknown, digits = 2): string {
  // to the 万元's fourth decimal (the server's decimal(18,4)), then to `digits` decimals of 亿元
  const n = toScaled(value, 4);
  if (n === undefined) return NONE;
  // `10n ** x` would be compiled to Math.pow, which refuses a BigInt
  const divisor = BigInt(10 ** (8 - digits));
  const rest = n % divisor;
  const away = (rest < 0n ? -rest : rest) * 2n >= divisor ? (n < 0n ? -1n : 1n) : 0n;
  return scaledText(n / divisor + away, digits);
}

/** A percentage the server computed (`'24'` means 24 %): `24.00%`. */
export function formatRate(value: unknown): string {
  const n = toScaled(value, 2);
  return n === undefined ? NONE : `${scaledText(n, 2)}%`;
}

/** Percentage points with their sign, so that ahead and behind read apart: `+3.20`, `−26.00`, `0.00`. */
export function formatPoints(value: unknown): string {
  const n = toScaled(value, 2);
  if (n === undefined) return NONE;
  return `${n > 0n ? '+' : ''}${scaledText(n, 2, { minus: '\u2212' })}`;
}

/** Whether a gap is behind (negative), ahead (positive) or on schedule; undefined without one. */
export function trendOf(value: unknown): 'behind' | 'ahead' | 'even' | undefined {
  const n = toScaled(value, 2);
  if (n === undefined) return undefined;
  return n < 0n ? 'behind' : n > 0n ? 'ahead' : 'even';
}
