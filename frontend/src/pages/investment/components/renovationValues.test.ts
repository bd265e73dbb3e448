// A 技改 project's renovation facts between the form and the wire: nested under `renovation`, decimals
// as exact text, the filing code uppercased, the flags `N` unless set, the subsidy amount only when
// applied for; and only a 技改 project sends them, its equipment being theirs.
import { describe, expect, it } from 'vitest';
import { toFormValues, toSubmit } from './projectValues';
import { renovationFormValues, renovationSubmit } from './renovationValues';

describe('renovation values', () => {
  it('sends the facts as text, the subsidy amount only when applied for', () => {
    expect(
      renovationSubmit({
        renovationType: '3',
        filingCode: ' 2601-abc ',
        filingDate: '2026-01-15',
        equipmentInvestment: '3200.1250',
        newEquipmentCount: 12,
        subsidyAmount: '80',
        expectedEnergySaving: '1520.750',
      }),
    ).toEqual({
      renovationType: '3',
      filingCode: '2601-ABC',
      filingDate: '2026-01-15',
      isKeyRenovation: 'N',
      subsidyApplied: 'N',
      newEquipmentCount: 12,
      equipmentInvestment: '3200.125',
      subsidyAmount: null,
      expectedNewOutput: null,
      expectedNewTax: null,
      expectedEnergySaving: '1520.75',
    });
    expect(renovationSubmit({ subsidyApplied: 'Y', subsidyAmount: '0' }).subsidyAmount).toBe('0');
  });

  it('goes with a 技改 project only, in place of its equipment investment, and comes back into the form', () => {
    const base = { projectName: '产线改造', totalInvestment: '5000', equipmentInvestment: '100' };
    const renovation = { renovationType: '1', equipmentInvestment: '3000' };
    const sent = toSubmit({ ...base, projectType: '02', renovation });
    expect(sent.renovation).toMatchObject(renovation);
    expect(sent).not.toHaveProperty('equipmentInvestment');
    const other = toSubmit({ ...base, projectType: '01', renovation });
    expect(other).not.toHaveProperty('renovation');
    expect(other.equipmentInvestment).toBe('100');

    const facts = { renovationType: '1', filingCode: '', filingDate: '', equipmentInvestment: '3000.5', subsidyApplied: 'Y', isKeyRenovation: 'N', newEquipmentCount: 4 };
    expect(renovationFormValues(facts)).toEqual({ renovationType: '1', equipmentInvestment: '3000.5', subsidyApplied: 'Y', isKeyRenovation: 'N', newEquipmentCount: 4 });
    expect(renovationFormValues(null)).toBeUndefined();
    expect(toFormValues({ renovation: facts } as never).renovation?.equipmentInvestment).toBe('3000.5');
  });
});
