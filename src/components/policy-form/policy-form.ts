// The policy form's state and checks: text for every input, dollars typed turned into cents, and the
// payload the policies procedures take, with every problem under its own field by the shared rules.
import { policyData, type PolicyData, type PolicyTermsText, type PolicyView } from '../../../schemas/policy.ts';
import { centsFromDollars, dollarsText } from '../../../schemas/policy-rules.ts';

export interface PolicyForm extends PolicyTermsText {
  renewalDate: string;
  premium: string;
  premiumPeriod: string;
  /** '', 'rate' or 'amount'. */
  commissionKind: string;
  commissionValue: string;
  /** The renewal rate of a rate (blank: the same rate every year). */
  commissionRenewal: string;
  writingAgent: string;
}
export type PolicyField = keyof PolicyForm;
export type PolicyErrors = Partial<Record<PolicyField, string>>;

export const emptyPolicyForm = (writingAgent = ''): PolicyForm => ({
  carrier: '',
  line: 'health',
  planName: '',
  policyNumber: '',
  status: 'active',
  effectiveDate: '',
  renewalDate: '',
  premium: '',
  premiumPeriod: 'monthly',
  commissionKind: '',
  commissionValue: '',
  commissionRenewal: '',
  writingAgent,
});

export const policyFormFrom = (p: PolicyView): PolicyForm => ({
  carrier: p.carrier,
  line: p.line,
  planName: p.planName,
  policyNumber: p.policyNumber,
  status: p.status,
  effectiveDate: p.effectiveDate,
  renewalDate: p.renewalDate ?? '',
  premium: dollarsText(p.premiumCents),
  premiumPeriod: p.premiumPeriod,
  commissionKind: p.commission?.kind ?? '',
  commissionValue: !p.commission ? '' : p.commission.kind === 'rate' ? String(p.commission.percent) : dollarsText(p.commission.cents),
  commissionRenewal: p.commission?.kind === 'rate' && p.commission.renewalPercent !== undefined ? String(p.commission.renewalPercent) : '',
  writingAgent: p.writingAgent,
});

/** A rate as typed ("12.5%") to a number; NaN when blank, which the shared schema refuses. */
const percentOf = (text: string) => (text.trim() === '' ? NaN : Number(text.trim().replace(/%$/, '')));

/** Which form field a schema path's problem belongs under. */
const FIELD_OF: Record<string, PolicyField> = { premiumCents: 'premium', commission: 'commissionValue' };

/** The payload, or every problem at once (the server checks the same rules again). */
export function policyPayload(f: PolicyForm): { payload: PolicyData; errors?: undefined } | { payload?: undefined; errors: PolicyErrors } {
  const errors: PolicyErrors = {};
  const premiumCents = centsFromDollars(f.premium);
  if (f.premium.trim() === '') errors.premium = 'Premium is required';
  else if (premiumCents === null) errors.premium = 'Premium must be an amount in dollars, like 89.50';
  let commission: unknown = null;
  if (f.commissionKind === 'rate') {
    const renewal = f.commissionRenewal.trim();
    commission = {
      kind: 'rate',
      percent: percentOf(f.commissionValue),
      ...(renewal ? { renewalPercent: percentOf(renewal) } : {}),
    };
  } else if (f.commissionKind === 'amount') {
    const cents = centsFromDollars(f.commissionValue);
    if (cents === null) errors.commissionValue = 'Commission must be an amount in dollars, like 120';
    commission = { kind: 'amount', cents: cents ?? 0 };
  }
  const parsed = policyData.safeParse({
    carrier: f.carrier,
    line: f.line,
    planName: f.planName,
    policyNumber: f.policyNumber,
    status: f.status,
    effectiveDate: f.effectiveDate,
    renewalDate: f.renewalDate || null,
    premiumCents: premiumCents ?? 0,
    premiumPeriod: f.premiumPeriod,
    commission,
    writingAgent: f.writingAgent,
  });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    const renewal = key === 'commission' && issue.path[1] === 'renewalPercent';
    const field = renewal ? 'commissionRenewal' : (FIELD_OF[key] ?? (key as PolicyField));
    const message = renewal
      ? 'Renewal rate must be a percentage from 0 to 100'
      : field === 'commissionValue' && f.commissionKind === 'rate'
        ? 'Commission rate must be a percentage from 0 to 100'
        : issue.message;
    if (!errors[field]) errors[field] = message;
  }
  if (Object.keys(errors).length || !parsed.success) return { errors };
  return { payload: parsed.data };
}
