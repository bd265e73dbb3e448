//! Splitting an annual figure (万元) into twelve months, as `services/business/src/split.rs` does so
//! that the server, which checks the sum again, agrees to the cent: evenly (÷ 12, or ÷ 11 with
//! January merged), by last year's monthly structure, or by quarterly cumulative checkpoints. Every
//! month but December is cut down to the cent and December takes the rest, so the months always add
//! up to the year. The arithmetic is in whole cents (BigInt), never in floats.
import { scaledText, toScaled } from '@/components/Figures';

/** Cumulative shares of the year (percent) reached by the end of March, June ("双过半") and
 * September. */
export interface Checkpoints {
  firstQuarter: string | number;
  firstHalf: string | number;
  firstThreeQuarters: string | number;
}

/** Why a split cannot be made (a key under `component.monthGrid.refused.`). */
export type Refusal = 'noAnnual' | 'lastYearEmpty' | 'lastYearNegative' | 'checkpoints';

export type SplitResult = { months: string[] } | { refusal: Refusal };

/** An amount in whole cents; empty counts as 0 where a month is summed. */
export const cents = (value: unknown): bigint | undefined => toScaled(value, 2);

/** Cents as the grid's text, `1234.50` (no separators: it goes back into an input). */
export const centsText = (n: bigint) => scaledText(n, 2, { group: false });

export const sumCents = (months: readonly unknown[]) => months.reduce<bigint>((s, m) => s + (cents(m) ?? 0n), 0n);

/** Months of `annual` in proportion to `weights`: January–November cut toward zero to the cent,
 * December the rest. */
function byWeights(annual: bigint, weights: bigint[]): string[] {
  const total = weights.reduce((s, w) => s + w, 0n);
  const months = weights.slice(0, 11).map((w) => (total === 0n ? 0n : (annual * w) / total));
  months.push(annual - months.reduce((s, m) => s + m, 0n));
  return months.map(centsText);
}

function annualCents(annual: unknown): bigint | { refusal: Refusal } {
  const n = cents(annual);
  return n === undefined ? { refusal: 'noAnnual' } : n;
}

/** Every reporting period weighs the same: twelve, or eleven with 1–2月 one period. */
export function splitEvenly(annual: unknown, mergeJanuary = false): SplitResult {
  const a = annualCents(annual);
  if (typeof a !== 'bigint') return a;
  return { months: byWeights(a, Array.from({ length: 12 }, (_, m) => (mergeJanuary && m === 0 ? 0n : 1n))) };
}

/** Last year's months as weights (the Spring Festival dip stays where it was); merged, February
 * weighs last year's January and February together. */
export function splitLikeLastYear(annual: unknown, lastYear: readonly unknown[], mergeJanuary = false): SplitResult {
  const a = annualCents(annual);
  if (typeof a !== 'bigint') return a;
  const weights = Array.from({ length: 12 }, (_, m) => cents(lastYear[m]) ?? 0n);
  if (weights.some((w) => w < 0n)) return { refusal: 'lastYearNegative' };
  if (weights.every((w) => w === 0n)) return { refusal: 'lastYearEmpty' };
  if (mergeJanuary) {
    weights[1] += weights[0];
    weights[0] = 0n;
  }
  return { months: byWeights(a, weights) };
}

/** Each quarter's part of the year spread evenly over its reporting periods: three, or two in the
 * first quarter when January is merged. Weights are scaled by 6 so both spreads stay whole. */
export function splitByCheckpoints(annual: unknown, c: Checkpoints, mergeJanuary = false): SplitResult {
  const a = annualCents(annual);
  if (typeof a !== 'bigint') return a;
  // hundredths of a percent
  const points = [c.firstQuarter, c.firstHalf, c.firstThreeQuarters].map((v) => cents(v));
  const full = 10000n;
  let previous = 0n;
  for (const p of points) {
    if (p === undefined || p < previous || p > full) return { refusal: 'checkpoints' };
    previous = p;
  }
  const [q1, h1, q3] = points as bigint[];
  const quarters = [q1, h1 - q1, q3 - h1, full - q3];
  const weights = Array.from({ length: 12 }, (_, m) => {
    const part = quarters[Math.floor(m / 3)];
    if (mergeJanuary && m === 0) return 0n;
    return mergeJanuary && m < 3 ? part * 3n : part * 2n;
  });
  return { months: byWeights(a, weights) };
}
