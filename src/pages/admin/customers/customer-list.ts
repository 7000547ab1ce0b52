// Stats of the customer list, what its coverage column says, and its filters in the address, computed
// in the browser from the list.
import { IN_FORCE, POLICY_LINE_LABELS } from '../../../../schemas/policy.ts';
import {
  INSURANCE_PROVIDERS,
  INSURANCE_TYPES,
  PLAN_TYPES,
  type CustomerSummary,
  type InsuranceType,
} from '../../../../schemas/customer.ts';
import { FILTER_PARAMS, NO_FILTERS, type CustomerFilters } from '../../../../schemas/customer-filters.ts';

// The filtering itself is shared with the server's export; the page imports it from here.
export { NO_FILTERS, filterCustomers, type CustomerFilters } from '../../../../schemas/customer-filters.ts';

export interface CustomerStats {
  total: number;
  byType: Record<InsuranceType, number>;
  newThisMonth: number;
}

export function customerStats(list: CustomerSummary[], now = new Date()): CustomerStats {
  const byType = Object.fromEntries(INSURANCE_TYPES.map((t) => [t, 0])) as Record<InsuranceType, number>;
  let newThisMonth = 0;
  for (const c of list) {
    byType[c.insuranceType] = (byType[c.insuranceType] ?? 0) + 1;
    const d = new Date(c.createdAt);
    if (d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth()) newThisMonth++;
  }
  return { total: list.length, byType, newThisMonth };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What the list says of an imported customer without a policy: the file gave no plan to show. */
export const NO_POLICY = 'No policy on file';

/**
 * What the customer has, one line each: their policies as "Carrier · Line" (a lapsed or cancelled one says
 * so), in force first; without a policy, the plan type and provider of their record (an imported record
 * has none of its own: the add form's defaults are not shown as if the file had said them).
 */
export function coverageLines(
  c: Pick<CustomerSummary, 'policies' | 'insuranceType' | 'planType' | 'insuranceProvider' | 'imported'>,
): string[] {
  if (c.policies?.length) {
    const lines = c.policies.map(
      (p) => `${p.carrier} · ${POLICY_LINE_LABELS[p.line]}${IN_FORCE.includes(p.status) ? '' : ` (${p.status})`}`,
    );
    return [...new Set(lines)];
  }
  if (c.imported) return [c.insuranceProvider ? `${NO_POLICY} · ${c.insuranceProvider}` : NO_POLICY];
  return [[`${capitalize(c.insuranceType)} · ${c.planType}`, c.insuranceProvider].filter(Boolean).join(' · ')];
}

/** Query-string names of the filters, so a reload or a shared link keeps the view (the export route reads the same). */
const PARAM = FILTER_PARAMS;
const ALLOWED: Partial<Record<keyof CustomerFilters, readonly string[]>> = {
  insuranceType: INSURANCE_TYPES,
  planType: PLAN_TYPES,
  provider: INSURANCE_PROVIDERS,
};

/** The filters in a query string; a value outside its list is ignored. */
export function filtersFromParams(params: URLSearchParams): CustomerFilters {
  const out = { ...NO_FILTERS };
  for (const key of Object.keys(PARAM) as (keyof CustomerFilters)[]) {
    const value = params.get(PARAM[key]) ?? '';
    out[key] = ALLOWED[key] && !ALLOWED[key].includes(value) ? '' : value.slice(0, 200);
  }
  return out;
}

/** The query string of the filters: only those set, other parameters kept. */
export function paramsWithFilters(params: URLSearchParams, f: CustomerFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(PARAM) as (keyof CustomerFilters)[]) {
    if (f[key]) next.set(PARAM[key], f[key]);
    else next.delete(PARAM[key]);
  }
  return next;
}
