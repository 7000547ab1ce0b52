// The customer list's search and filters: the console applies them to the list it shows, and the
// server to the CSV export it builds and audits (GET /api/admin/customers/export, docs/api.md).
import { z } from 'zod';
import { INSURANCE_PROVIDERS, INSURANCE_TYPES, PLAN_TYPES, type CustomerSummary } from './customer.ts';
import { digitsOf, phoneSearchDigits } from './lead.ts';

/** The export's filters; an empty string (or absent) means "any". A value outside its list is a 400. */
export const customerFiltersInput = z
  .object({
    search: z.string().trim().max(200).default(''),
    insuranceType: z.enum([...INSURANCE_TYPES, '']).default(''),
    planType: z.enum([...PLAN_TYPES, '']).default(''),
    provider: z.enum([...INSURANCE_PROVIDERS, '']).default(''),
  })
  .default({ search: '', insuranceType: '', planType: '', provider: '' });
export type CustomerFiltersInput = NonNullable<z.input<typeof customerFiltersInput>>;

export interface CustomerFilters {
  search: string;
  insuranceType: string;
  planType: string;
  provider: string;
}
export const NO_FILTERS: CustomerFilters = { search: '', insuranceType: '', planType: '', provider: '' };

/**
 * Name or email containing the search text, or a phone containing the digits of a phone-like search; a
 * provider is the record's or the carrier of one of their policies.
 */
export function filterCustomers(list: CustomerSummary[], f: CustomerFilters): CustomerSummary[] {
  const q = f.search.trim().toLowerCase();
  const digits = phoneSearchDigits(q);
  return list.filter(
    (c) =>
      (!q ||
        c.name.toLowerCase().includes(q) ||
        c.email.toLowerCase().includes(q) ||
        (digits.length > 0 && digitsOf(c.phone).includes(digits))) &&
      (!f.insuranceType || c.insuranceType === f.insuranceType) &&
      (!f.planType || c.planType === f.planType) &&
      (!f.provider || c.insuranceProvider === f.provider || Boolean(c.policies?.some((p) => p.carrier === f.provider))),
  );
}

/** The filters in words, for the audit log: `search "smith", plan PPO`; empty when none is set. */
export function describeFilters(f: CustomerFilters): string {
  const parts: string[] = [];
  if (f.search.trim()) parts.push(`search "${f.search.trim()}"`);
  if (f.insuranceType) parts.push(`type ${f.insuranceType}`);
  if (f.planType) parts.push(`plan ${f.planType}`);
  if (f.provider) parts.push(`provider ${f.provider}`);
  return parts.join(', ');
}

/** Query-string names of the filters: the console's address and the export route use the same. */
export const FILTER_PARAMS: Record<keyof CustomerFilters, string> = {
  search: 'search',
  insuranceType: 'type',
  planType: 'plan',
  provider: 'provider',
};

/** GET /api/admin/customers/export's query string (FILTER_PARAMS' names), as the OpenAPI document shows it. */
export const customerExportQuery = z.object({
  [FILTER_PARAMS.search]: z.string().max(200).optional().describe('name, email or phone contains'),
  [FILTER_PARAMS.insuranceType]: z.enum(INSURANCE_TYPES).optional(),
  [FILTER_PARAMS.planType]: z.enum(PLAN_TYPES).optional(),
  [FILTER_PARAMS.provider]: z.enum(INSURANCE_PROVIDERS).optional(),
});
