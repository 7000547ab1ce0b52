import { describe, expect, it } from 'vitest';
import type { CustomerSummary } from '../../../../schemas/customer.ts';
import { NO_FILTERS, coverageLines, customerStats, filterCustomers, filtersFromParams, paramsWithFilters } from './customer-list.ts';
import { customersCsv } from '../../../../schemas/customer-csv.ts';

const base = {
  age: 40,
  hasKids: false,
  kidsCount: null,
  kidsAges: '',
  currentInsurance: '',
  desiredCoverage: '',
  budgetRange: null,
  employmentStatus: null,
  annualIncome: null,
  policyStartDate: null,
  birthDate: null,
  leadId: null,
  updatedAt: new Date(),
};
const customer = (over: Partial<CustomerSummary>): CustomerSummary => ({
  ...base,
  customerId: 'c',
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '(303) 555-1234',
  insuranceType: 'individual',
  planType: 'PPO',
  insuranceProvider: 'Aetna',
  createdAt: new Date(2026, 4, 10),
  ...over,
});

describe('customer list', () => {
  const list = [
    customer({ customerId: '1' }),
    customer({
      customerId: '2',
      name: 'Bo Park',
      email: 'bo@example.com',
      phone: '720.555.9876',
      insuranceType: 'family',
      planType: 'HMO',
      insuranceProvider: 'Cigna',
      createdAt: new Date(2026, 3, 2),
    }),
  ];

  it('searches name, email, and phone by digits', () => {
    const ids = (search: string) => filterCustomers(list, { ...NO_FILTERS, search }).map((c) => c.customerId);
    expect(ids('ann')).toEqual(['1']);
    expect(ids('BO@EXAMPLE')).toEqual(['2']);
    expect(ids('720-555-98')).toEqual(['2']);
    expect(ids('5551234')).toEqual(['1']);
    expect(ids('zzz')).toEqual([]);
    // A name with a digit in it is no phone search: "nobody-7" must not match every phone with a 7.
    expect(ids('nobody-7')).toEqual([]);
  });

  it('filters by insurance type, plan type and provider', () => {
    expect(filterCustomers(list, { ...NO_FILTERS, insuranceType: 'family' }).map((c) => c.customerId)).toEqual(['2']);
    expect(filterCustomers(list, { ...NO_FILTERS, planType: 'PPO', provider: 'Aetna' }).map((c) => c.customerId)).toEqual(['1']);
    expect(filterCustomers(list, { ...NO_FILTERS, planType: 'PPO', provider: 'Cigna' })).toEqual([]);
  });

  it('a provider filter also finds the carrier of a policy', () => {
    const holder = customer({
      customerId: '3',
      insuranceProvider: null,
      policies: [{ carrier: 'Humana', line: 'part-d', status: 'active' }],
    });
    expect(filterCustomers([...list, holder], { ...NO_FILTERS, provider: 'Humana' }).map((c) => c.customerId)).toEqual(['3']);
  });

  it("shows a customer's policies as carrier and line, in force plainly, else their record's plan", () => {
    const policies = [
      { carrier: 'Mutual of Omaha', line: 'medicare-supplement', status: 'active' },
      { carrier: 'Humana', line: 'part-d', status: 'pending' },
      { carrier: 'Delta Dental', line: 'dental-vision', status: 'lapsed' },
      { carrier: 'Humana', line: 'part-d', status: 'active' },
    ] as const;
    expect(coverageLines(customer({ policies: [...policies] }))).toEqual([
      'Mutual of Omaha · Medicare Supplement',
      'Humana · Part D',
      'Delta Dental · Dental/vision (lapsed)',
    ]);
    expect(coverageLines(customer({ policies: [] }))).toEqual(['Individual · PPO · Aetna']);
    expect(coverageLines(customer({ insuranceType: 'family', planType: 'HMO', insuranceProvider: null }))).toEqual(['Family · HMO']);
    // An import's file names no plan: its defaults are not shown as the customer's.
    expect(coverageLines(customer({ imported: true, insuranceProvider: null }))).toEqual(['No policy on file']);
    expect(coverageLines(customer({ imported: true, policies: [...policies] }))).toHaveLength(3);
  });

  it('counts totals, types and this month', () => {
    expect(customerStats(list, new Date(2026, 4, 20))).toEqual({
      total: 2,
      byType: { individual: 1, family: 1, group: 0 },
      newThisMonth: 1,
    });
  });

  it('writes CSV with formulas defused', () => {
    const csv = customersCsv([customer({ name: '+cmd', currentInsurance: '@SUM(A1)' })]);
    expect(csv).toContain("'+cmd");
    expect(csv).toContain("'@SUM(A1)");
  });
});

describe('customer filters in the address', () => {
  it('reads the filters from the query string, ignoring values outside their lists', () => {
    expect(filtersFromParams(new URLSearchParams('search=ann&type=family&plan=HMO&provider=Cigna'))).toEqual({
      search: 'ann',
      insuranceType: 'family',
      planType: 'HMO',
      provider: 'Cigna',
    });
    expect(filtersFromParams(new URLSearchParams('type=corporate&plan=XYZ&provider=Acme'))).toEqual(NO_FILTERS);
  });

  it('writes only the filters that are set and keeps other parameters', () => {
    const next = paramsWithFilters(new URLSearchParams('type=group&keep=1'), {
      ...NO_FILTERS,
      search: '303 555',
      provider: 'Blue Cross Blue Shield',
    });
    expect(next.toString()).toBe('keep=1&search=303+555&provider=Blue+Cross+Blue+Shield');
  });
});
