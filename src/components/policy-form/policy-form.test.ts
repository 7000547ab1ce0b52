// The policy form: dollars typed become cents, and each problem lands under its own field.
import { describe, expect, it } from 'vitest';
import { emptyPolicyForm, policyFormFrom, policyPayload } from './policy-form.ts';

const filled = { ...emptyPolicyForm('Ben'), carrier: 'Humana', effectiveDate: '2026-01-01', premium: '$1,045.50' };

describe('the policy form', () => {
  it('sends the premium and an amount of commission in cents, a rate in percent', () => {
    expect(policyPayload({ ...filled, commissionKind: 'amount', commissionValue: '120' }).payload).toMatchObject({
      carrier: 'Humana',
      premiumCents: 104_550,
      commission: { kind: 'amount', cents: 12_000 },
      renewalDate: null,
      writingAgent: 'Ben',
    });
    expect(policyPayload({ ...filled, commissionKind: 'rate', commissionValue: '12.5%' }).payload?.commission).toEqual({
      kind: 'rate',
      percent: 12.5,
    });
  });

  it('sends a renewal rate beside the first-year rate, and refuses a bad one under its own field', () => {
    const form = { ...filled, commissionKind: 'rate', commissionValue: '20', commissionRenewal: '5%' };
    expect(policyPayload(form).payload?.commission).toEqual({ kind: 'rate', percent: 20, renewalPercent: 5 });
    expect(policyPayload({ ...form, commissionRenewal: '120' }).errors).toEqual({
      commissionRenewal: 'Renewal rate must be a percentage from 0 to 100',
    });
    const stored = policyPayload(form).payload!;
    const view = {
      ...stored,
      commission: stored.commission ?? null,
      planName: '',
      policyNumber: '',
      writingAgent: 'Ben',
      renewalDate: null,
      policyId: 'p',
      customerId: 'c',
    };
    expect(policyFormFrom({ ...view, createdAt: new Date(), updatedAt: new Date() }).commissionRenewal).toBe('5');
  });

  it('puts each problem under its field', () => {
    const { errors } = policyPayload({ ...emptyPolicyForm(), premium: '12.345', commissionKind: 'rate', commissionValue: '' });
    expect(errors).toEqual({
      carrier: 'Carrier is required',
      effectiveDate: 'Effective date must be a date (YYYY-MM-DD)',
      premium: 'Premium must be an amount in dollars, like 89.50',
      commissionValue: 'Commission rate must be a percentage from 0 to 100',
    });
  });

  it('round-trips a stored policy', () => {
    const stored = policyPayload({ ...filled, renewalDate: '2026-12-01' }).payload!;
    const form = policyFormFrom({
      ...stored,
      planName: '',
      policyNumber: '',
      writingAgent: 'Ben',
      commission: null,
      renewalDate: '2026-12-01',
      policyId: 'p',
      customerId: 'c',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(form.premium).toBe('1045.50');
    expect(policyPayload(form).payload).toEqual(stored);
  });
});
