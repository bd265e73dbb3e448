//! A 技改 project's renovation facts between the wire and the form: they sit in the project form under
//! `renovation` (fields named `['renovation', …]`, as the server names them in refusals:
//! `renovation.equipmentInvestment`) and travel in the `project/submit` body as one object.
import dayjs from 'dayjs';
import { NO, YES } from '@/services/business/project';
import type { RenovationFacts, RenovationSubmit } from '@/services/business/renovation';
import { decimalText } from './projectValues';

/** Money in 万元: `decimal(18,4)`. */
const MONEY = ['equipmentInvestment', 'subsidyAmount', 'expectedNewOutput', 'expectedNewTax'] as const;
const TEXT = ['renovationType', 'filingCode', 'isKeyRenovation', 'subsidyApplied'] as const;

/** What the form holds of the facts: decimals and days as text, the count as a number. */
export type RenovationFormValues = Partial<Record<(typeof MONEY | typeof TEXT)[number] | 'filingDate' | 'expectedEnergySaving', string>> & {
  newEquipmentCount?: number;
};

/** The flags a new 技改 project starts with. */
export const NEW_RENOVATION: RenovationFormValues = { isKeyRenovation: NO, subsidyApplied: NO };

const filled = (v: unknown): v is string | number => v !== null && v !== undefined && v !== '';

export function renovationFormValues(r: RenovationFacts | null | undefined): RenovationFormValues | undefined {
  if (!r) return undefined;
  const values: RenovationFormValues = {};
  [...MONEY, ...TEXT, 'filingDate', 'expectedEnergySaving'].forEach((f) => {
    const v = (r as unknown as Record<string, unknown>)[f];
    if (filled(v)) values[f as keyof RenovationFormValues] = String(v) as never;
  });
  if (filled(r.newEquipmentCount)) values.newEquipmentCount = Number(r.newEquipmentCount);
  return values;
}

/** Form values → the body's `renovation`: every field (empty ones `""` or null), the filing code
 * uppercased, the flags `N` unless set, and the subsidy amount only when the subsidy is applied for. */
export function renovationSubmit(v: RenovationFormValues = {}): RenovationSubmit {
  const body: RenovationSubmit = {
    renovationType: v.renovationType ?? '',
    filingCode: (v.filingCode ?? '').trim().toUpperCase(),
    filingDate: v.filingDate ? dayjs(v.filingDate).format('YYYY-MM-DD') : '',
    isKeyRenovation: v.isKeyRenovation ?? NO,
    subsidyApplied: v.subsidyApplied ?? NO,
    newEquipmentCount: filled(v.newEquipmentCount) && Number.isInteger(Number(v.newEquipmentCount)) ? Number(v.newEquipmentCount) : null,
    expectedEnergySaving: decimalText(v.expectedEnergySaving, 2),
  };
  MONEY.forEach((f) => {
    body[f] = decimalText(v[f]);
  });
  if (body.subsidyApplied !== YES) body.subsidyAmount = null;
  return body;
}
