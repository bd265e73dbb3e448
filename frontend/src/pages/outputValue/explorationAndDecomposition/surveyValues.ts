//! A survey between the wire and the filing form: a stored survey as form values, the form values as the
//! `outputSurvey/submit` body (decimals as text, never through a float), and what the drawer works out
//! while the clerk types — the expected growth, and the quarters against the year — by the server's rules
//! (domain-model §2.3.5): the quarters are all four or none, and the four add up to the expected output.
import { scaledText, toScaled } from '@/components/Figures';
import { type OutputSurveyDetail, type OutputSurveySubmit, QUARTER_KEYS, type QuarterKey } from '@/services/business/outputSurvey';
import { growthOf } from '../report/reportValues';

/** Money in 万元 a clerk types: `decimal(18,4)`. */
const MONEY = ['lastYearOutput', 'expectedOutput', ...QUARTER_KEYS, 'newCapacityOutput'] as const;
type Money = (typeof MONEY)[number];

export type SurveyFormValues = Partial<Record<Money, string>> & {
  enterpriseId?: string;
  surveyYear?: number;
  surveyRound?: string;
  newProjectIds?: string[];
  growthFactors?: string;
  declineFactors?: string;
  remark?: string;
};

/** The scale the server keeps amounts in. */
const SCALE = 4;

const text = (v: unknown) => (v === null || v === undefined || String(v).trim() === '' ? undefined : String(v).trim());

/** The ids of a stored `newProjectIds` (`"31,32"`). */
export const projectIds = (stored: string | null | undefined) => (stored ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** A stored survey as form values. */
export function toFormValues(r: OutputSurveyDetail): SurveyFormValues {
  const values: SurveyFormValues = {
    enterpriseId: r.enterpriseId,
    surveyYear: r.surveyYear,
    surveyRound: r.surveyRound,
    newProjectIds: projectIds(r.newProjectIds),
    growthFactors: r.growthFactors,
    declineFactors: r.declineFactors,
    remark: r.remark,
  };
  for (const f of MONEY) values[f] = text(r[f]);
  return values;
}

/** The submit body: a new survey without `id`, a stored one (its enterprise, year and round kept) with it. */
export function toSubmit(v: SurveyFormValues, record?: OutputSurveyDetail): OutputSurveySubmit {
  const figure = (f: Money) => text(v[f]) ?? null;
  return {
    ...(record ? { id: record.id } : {}),
    surveyYear: Number(record?.surveyYear ?? v.surveyYear),
    surveyRound: String(record?.surveyRound ?? v.surveyRound ?? ''),
    enterpriseId: String(record?.enterpriseId ?? v.enterpriseId ?? ''),
    lastYearOutput: figure('lastYearOutput'),
    expectedOutput: figure('expectedOutput'),
    expectedQ1: figure('expectedQ1'),
    expectedQ2: figure('expectedQ2'),
    expectedQ3: figure('expectedQ3'),
    expectedQ4: figure('expectedQ4'),
    newCapacityOutput: figure('newCapacityOutput'),
    newProjectIds: v.newProjectIds ?? [],
    growthFactors: (v.growthFactors ?? '').trim(),
    declineFactors: (v.declineFactors ?? '').trim(),
    remark: (v.remark ?? '').trim(),
  };
}

/** 预计增速 while the clerk types: the expected output over last year's, in percent; undefined without both. */
export function expectedGrowth(v: Pick<SurveyFormValues, 'lastYearOutput' | 'expectedOutput'>): string | undefined {
  const expected = toScaled(v.expectedOutput, SCALE);
  return expected === undefined ? undefined : growthOf(expected, toScaled(v.lastYearOutput, SCALE));
}

/** How the quarters stand against the year. */
export interface QuarterCheck {
  /** how many of the four are filled */
  filled: number;
  /** the first quarter left empty while others are filled, 1 to 4 */
  missing?: number;
  /** Σ of the quarters filled, as decimal text of 万元 */
  sum: string;
  /** the expected output less Σ of the four (all four filled and the year given): 0 when they agree */
  difference?: string;
}

const decimalText = (n: bigint) => scaledText(n, SCALE, { group: false });

/** The quarters of the form checked as the server checks them. */
export function checkQuarters(v: Partial<Record<QuarterKey | 'expectedOutput', unknown>>): QuarterCheck {
  const quarters = QUARTER_KEYS.map((k) => toScaled(v[k], SCALE));
  const filled = quarters.filter((q) => q !== undefined).length;
  const sum = quarters.reduce<bigint>((s, q) => s + (q ?? 0n), 0n);
  const check: QuarterCheck = { filled, sum: decimalText(sum) };
  if (filled > 0 && filled < 4) check.missing = quarters.findIndex((q) => q === undefined) + 1;
  const expected = toScaled(v.expectedOutput, SCALE);
  if (filled === 4 && expected !== undefined) check.difference = decimalText(expected - sum);
  return check;
}

/** Whether a difference (decimal text) is none at all. */
export const agrees = (difference: string | undefined) => difference !== undefined && toScaled(difference, SCALE) === 0n;
