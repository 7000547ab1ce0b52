// The customer CSV file, written the same way by the page (its filtered list) and the export route.
// Kept apart from the schemas so pages that only validate do not load the CSV writer. After the
// customer's own columns come three of their policies (docs/api.md): how many, the carriers, and the
// total annual premium in dollars of those pending or active.
import { stringify } from 'csv-stringify/browser/esm/sync';
import { formulaSafeCell, type CustomerSummary } from './customer.ts';
import { formatPhone } from './phone.ts';
import { dollarsText } from './policy-rules.ts';

/** Columns of the CSV export (no medical details: history, medications, preferred doctor, notes). */
export const CUSTOMER_CSV_COLUMNS = [
  'customerId',
  'name',
  'email',
  'phone',
  'age',
  'hasKids',
  'kidsCount',
  'kidsAges',
  'currentInsurance',
  'insuranceProvider',
  'desiredCoverage',
  'budgetRange',
  'insuranceType',
  'planType',
  'employmentStatus',
  'annualIncome',
  'policyStartDate',
  'leadId',
  'createdAt',
  'birthDate',
] as const satisfies readonly (keyof CustomerSummary)[];

/** The policy columns after the customer's own. */
export const POLICY_CSV_COLUMNS = ['policyCount', 'policyCarriers', 'annualPremium'] as const;

/** A customer's policies in brief (models/policies/summaries.ts). */
export interface CustomerPolicies {
  policyCount: number;
  policyCarriers: string;
  annualPremiumCents: number;
}

const NO_POLICIES: CustomerPolicies = { policyCount: 0, policyCarriers: '', annualPremiumCents: 0 };

/** The rows as CSV (no medical details: a summary never has them), phones formatted for reading, formulas defused. */
export function customersCsv(list: CustomerSummary[], policies?: ReadonlyMap<string, CustomerPolicies>): string {
  return customersCsvPart(list, { header: true, policies });
}

/** A part of the CSV: the header line (with `header`) and these rows; the parts of a streamed file joined are the whole file. */
export function customersCsvPart(
  list: CustomerSummary[],
  opts: { header: boolean; policies?: ReadonlyMap<string, CustomerPolicies> },
): string {
  const rows = list.map((c) => {
    const own = CUSTOMER_CSV_COLUMNS.map((col) => {
      const v = c[col];
      if (col === 'phone') return formatPhone(c.phone);
      return v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v);
    });
    const p = opts.policies?.get(c.customerId) ?? NO_POLICIES;
    return [...own, String(p.policyCount), p.policyCarriers, dollarsText(p.annualPremiumCents)];
  });
  const columns = [...CUSTOMER_CSV_COLUMNS, ...POLICY_CSV_COLUMNS];
  return stringify(rows, { header: opts.header, columns, cast: { string: formulaSafeCell } });
}
