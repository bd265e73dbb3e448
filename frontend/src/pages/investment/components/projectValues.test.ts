// A project between the form and the wire: decimals as exact text, the status only on create, the
// unit's free-text name only without an enterprise, the exit fields only for a 终止 project.
import { describe, expect, it } from 'vitest';
import { compareDecimals, decimalText, toSubmit } from './projectValues';

describe('project values', () => {
  it('keeps decimals as text to their scale, without a float on the way', () => {
    expect(decimalText('12000.5000')).toBe('12000.5');
    expect(decimalText('0.1')).toBe('0.1');
    expect(decimalText('99999999999999.9999')).toBe('99999999999999.9999');
    expect(decimalText('3.00')).toBe('3');
    expect(decimalText('117.2345678', 6)).toBe('117.234568');
    expect(decimalText('')).toBeNull();
    expect(decimalText(undefined)).toBeNull();
    expect(compareDecimals('99999999999999.9999', '99999999999999.9998')).toBe(1);
    expect(compareDecimals('800', '800.0')).toBe(0);
    expect(compareDecimals('', '1')).toBeUndefined();
  });

  it('sends the status only with a new project, the unit name only without an enterprise, and the exit only when exited', () => {
    const created = toSubmit({ projectName: ' 电池 ', projectStatus: '10', enterpriseId: 'e1', ownerName: '某公司', exitReason: '迁出' });
    expect(created).toMatchObject({ projectName: '电池', projectStatus: '10', enterpriseId: 'e1', ownerName: '' });
    expect(created).not.toHaveProperty('exitReason');
    expect(created).not.toHaveProperty('id');
    const changed = toSubmit({ projectStatus: '99', ownerName: '某公司', exitReason: ' 迁出 ', exitDate: '2026-05-01' }, 'p1');
    expect(changed).toMatchObject({ id: 'p1', enterpriseId: null, ownerName: '某公司', exitReason: '迁出', exitDate: '2026-05-01' });
    expect(changed).not.toHaveProperty('projectStatus');
  });

  it('sends the invested-before-go-live figure as text, and only at 在建 or later', () => {
    expect(toSubmit({ projectStatus: '50', openingInvestment: '3000.2500' })).toMatchObject({ openingInvestment: '3000.25' });
    expect(toSubmit({ projectStatus: '80', openingInvestment: '99999999999999.9999' }, 'p1').openingInvestment).toBe('99999999999999.9999');
    // typed before the status was changed back: it does not go; a project that holds one keeps it
    expect(toSubmit({ projectStatus: '40', openingInvestment: '3000' })).not.toHaveProperty('openingInvestment');
    expect(toSubmit({ projectStatus: '90', openingInvestment: '3000' }, 'p1')).not.toHaveProperty('openingInvestment');
  });
});
