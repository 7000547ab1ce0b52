// The policy rules: renewal anniversaries (leap days included), cents and the expected commission.
import { describe, expect, it } from 'vitest';
import {
  addYears,
  annualPremiumCents,
  centsFromDollars,
  dollarsText,
  expectedCommissionCents,
  firstRenewal,
  formatCents,
  nextRenewal,
} from './policy-rules.ts';
import { policyCreateInput } from './policy.ts';

describe('renewal dates', () => {
  it('default to the anniversary of the effective date, or the date given', () => {
    expect(firstRenewal({ effectiveDate: '2026-03-15', renewalDate: null })).toBe('2027-03-15');
    expect(firstRenewal({ effectiveDate: '2026-03-15', renewalDate: '2027-01-01' })).toBe('2027-01-01');
  });

  it('move 29 February to 28 February in a common year and back in a leap year', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(nextRenewal({ effectiveDate: '2023-02-28', renewalDate: '2024-02-29' }, '2027-06-01')).toBe('2028-02-29');
  });

  it('roll on to the next anniversary on or after today', () => {
    const p = { effectiveDate: '2020-07-10', renewalDate: null };
    expect(nextRenewal(p, '2026-07-10')).toBe('2026-07-10');
    expect(nextRenewal(p, '2026-07-11')).toBe('2027-07-10');
    expect(nextRenewal(p, '2021-01-01')).toBe('2021-07-10');
  });
});

describe('money', () => {
  it('takes typed dollars as whole cents without rounding drift, and refuses a third decimal', () => {
    expect(centsFromDollars('89.99')).toBe(8999);
    expect(centsFromDollars('$1,234.5')).toBe(123450);
    expect(centsFromDollars('0.1')).toBe(10);
    expect(centsFromDollars('19.999')).toBeNull();
    expect(centsFromDollars('-5')).toBeNull();
    expect(centsFromDollars('ten')).toBeNull();
  });

  it('formats cents for reading and for editing', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(dollarsText(123405)).toBe('1234.05');
  });

  it('makes a monthly premium a yearly one and takes a rate of it as the commission', () => {
    expect(annualPremiumCents(45_050, 'monthly')).toBe(540_600);
    expect(annualPremiumCents(540_600, 'annual')).toBe(540_600);
    expect(expectedCommissionCents({ premiumCents: 45_050, premiumPeriod: 'monthly', commission: { kind: 'rate', percent: 12.5 } })).toBe(
      67_575,
    );
    expect(expectedCommissionCents({ premiumCents: 333, premiumPeriod: 'annual', commission: { kind: 'rate', percent: 33.33 } })).toBe(111);
    expect(expectedCommissionCents({ premiumCents: 1, premiumPeriod: 'annual', commission: { kind: 'amount', cents: 25_000 } })).toBe(
      25_000,
    );
    expect(expectedCommissionCents({ premiumCents: 1, premiumPeriod: 'annual', commission: null })).toBeNull();
  });
});

describe('the policy input', () => {
  const valid = {
    customerId: 'c1',
    carrier: 'Humana',
    line: 'medicare-advantage',
    effectiveDate: '2026-01-01',
    premiumCents: 0,
    premiumPeriod: 'monthly',
  };
  it('defaults the status to active and refuses fractions of a cent, bad days and a renewal before the start', () => {
    expect(policyCreateInput.parse(valid).status).toBe('active');
    expect(policyCreateInput.safeParse({ ...valid, premiumCents: 10.5 }).success).toBe(false);
    expect(policyCreateInput.safeParse({ ...valid, effectiveDate: '2026-02-30' }).success).toBe(false);
    expect(policyCreateInput.safeParse({ ...valid, renewalDate: '2025-12-31' }).success).toBe(false);
    expect(policyCreateInput.safeParse({ ...valid, commission: { kind: 'rate', percent: 101 } }).success).toBe(false);
    expect(policyCreateInput.safeParse({ ...valid, line: 'auto' }).success).toBe(false);
    expect(policyCreateInput.safeParse({ ...valid, $where: '1' }).success).toBe(false);
  });
});
