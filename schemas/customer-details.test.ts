// What a customer record lacks and how old they are: the age from a birth date, the provider known
// from a policy's carrier (docs/customer-import.md), the fields an edit may leave empty.
import { describe, expect, it } from 'vitest';
import { ageOn, missingDetails, unsetDetails } from './customer-details.ts';

describe('ageOn', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('1961-03-15', '2026-03-14')).toBe(64);
    expect(ageOn('1961-03-15', '2026-03-15')).toBe(65);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
    expect(ageOn('2030-01-01', '2026-01-01')).toBeNull();
  });
});

describe('missing details', () => {
  it('names only what the record really lacks', () => {
    expect(missingDetails({ age: null, insuranceProvider: null })).toEqual(['age', 'insuranceProvider']);
    // An imported client: a birth date and a policy with its carrier.
    const imported = { age: null, birthDate: '1958-05-01', insuranceProvider: null, policies: [{ carrier: 'Humana' }] };
    expect(missingDetails(imported)).toEqual([]);
    expect(missingDetails({ ...imported, policies: [] })).toEqual(['insuranceProvider']);
    expect(missingDetails({ ...imported, birthDate: null })).toEqual(['age']);
  });

  it('an edit may leave empty the fields that are empty, whatever the policies say', () => {
    expect(unsetDetails({ age: null, insuranceProvider: null })).toEqual(['age', 'insuranceProvider']);
    expect(unsetDetails({ age: 70, insuranceProvider: 'Aetna' })).toEqual([]);
  });
});
