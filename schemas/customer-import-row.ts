// One row of a customer import file read into checked data: the cells' text (US dates, "$1,200.50",
// "Medigap", "In force") turned into the shared customer and policy schemas' values, then checked by
// those schemas, each problem naming the file's column. Cells starting with = + - @ stay plain text.
import { closeLeadCustomer } from './customer.ts';
import type { ImportField, ImportProblem } from './customer-import.ts';
import { policyData, type PolicyData, type PolicyLine, type PolicyStatus, type PremiumPeriod } from './policy.ts';

export type ImportCells = Partial<Record<ImportField, string>>;

/** The customer fields an import sets: contact details, and the birth date and age when given. */
export interface ImportCustomer {
  name: string;
  email: string;
  phone: string;
  birthDate?: string;
  age?: number;
}

export interface ImportRow {
  customer: ImportCustomer | null;
  policy: PolicyData | null;
  problems: ImportProblem[];
}

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const LINE_WORDS: Record<string, PolicyLine> = {
  health: 'health',
  'major medical': 'health',
  life: 'life',
  'term life': 'life',
  'whole life': 'life',
  'medicare advantage': 'medicare-advantage',
  ma: 'medicare-advantage',
  mapd: 'medicare-advantage',
  'medicare supplement': 'medicare-supplement',
  medigap: 'medicare-supplement',
  'med supp': 'medicare-supplement',
  'part d': 'part-d',
  pdp: 'part-d',
  'aca marketplace': 'aca-marketplace',
  aca: 'aca-marketplace',
  marketplace: 'aca-marketplace',
  obamacare: 'aca-marketplace',
  'dental vision': 'dental-vision',
  dental: 'dental-vision',
  vision: 'dental-vision',
  other: 'other',
};
const STATUS_WORDS: Record<string, PolicyStatus> = {
  active: 'active',
  'in force': 'active',
  inforce: 'active',
  issued: 'active',
  pending: 'pending',
  submitted: 'pending',
  lapsed: 'lapsed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  terminated: 'cancelled',
};
const PERIOD_WORDS: Record<string, PremiumPeriod> = {
  monthly: 'monthly',
  month: 'monthly',
  mo: 'monthly',
  annual: 'annual',
  annually: 'annual',
  yearly: 'annual',
  year: 'annual',
  yr: 'annual',
};

/** 4/1/2026 or 04/01/2026 (US order) → 2026-04-01; anything else as given (the schema then judges it). */
export function isoDay(text: string): string {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  return us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : text;
}

/** "$1,200.50" → 120050 cents; null for text that is not an amount of dollars with at most two decimals. */
export function centsOf(text: string): number | null {
  const plain = text.replace(/[$,\s]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null;
  const [dollars, fraction = ''] = plain.split('.');
  return Number(dollars) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A policy's terms that keep one name from the file's column to the stored policy. */
export const POLICY_TERMS = ['carrier', 'line', 'planName', 'policyNumber', 'status', 'effectiveDate', 'renewalDate'] as const;

const POLICY_FIELDS: readonly ImportField[] = [...POLICY_TERMS, 'premium', 'monthlyPremium', 'annualPremium', 'premiumPeriod'];
/** Which import field a schema's field comes from, for naming the column of a problem. */
const FIELD_OF_PATH: Record<string, ImportField> = { premiumCents: 'premium', premiumPeriod: 'premiumPeriod' };

/** The premium's cents, its period and the field it came from: a monthly or annual column, or Premium with its period. */
function premiumOf(cells: ImportCells, problems: ImportProblem[], column: (f: ImportField) => string) {
  const field = (['monthlyPremium', 'annualPremium', 'premium'] as const).find((f) => cells[f]);
  if (!field) return { field: 'premium' as const, cents: undefined, period: undefined };
  const cents = centsOf(cells[field]!);
  if (cents === null) problems.push({ column: column(field), message: 'Premium must be an amount of dollars, like 125.50' });
  let period: PremiumPeriod | undefined = field === 'monthlyPremium' ? 'monthly' : field === 'annualPremium' ? 'annual' : undefined;
  if (!period) {
    const given = cells.premiumPeriod;
    period = given ? PERIOD_WORDS[words(given)] : 'monthly';
    if (!period) problems.push({ column: column('premiumPeriod'), message: 'Premium period must be Monthly or Annual' });
  }
  return { field, cents: cents ?? undefined, period };
}

/** Reads one row; `column` names the file's column of a field for the problems. */
export function readImportRow(cells: ImportCells, column: (f: ImportField) => string): ImportRow {
  const problems: ImportProblem[] = [];
  const name = cells.name || [cells.firstName, cells.lastName].filter(Boolean).join(' ');
  const nameColumn = cells.name
    ? column('name')
    : [cells.firstName !== undefined ? column('firstName') : '', cells.lastName !== undefined ? column('lastName') : '']
        .filter(Boolean)
        .join(' + ') || 'Name';
  const ageText = cells.age ?? '';
  const customerInput = {
    name,
    email: cells.email ?? '',
    phone: cells.phone ?? '',
    birthDate: cells.birthDate ? isoDay(cells.birthDate) : undefined,
    age: ageText === '' ? undefined : /^\d+$/.test(ageText) ? Number(ageText) : ageText,
  };
  const customer = closeLeadCustomer.safeParse(customerInput);
  if (!customer.success) {
    for (const issue of customer.error.issues) {
      const key = String(issue.path[0] ?? 'name');
      problems.push({ column: key === 'name' ? nameColumn : column(key as ImportField), message: issue.message });
    }
  }

  let policy: PolicyData | null = null;
  if (POLICY_FIELDS.some((f) => cells[f])) {
    const premium = premiumOf(cells, problems, column);
    const lineText = cells.line ?? '';
    const line = LINE_WORDS[words(lineText)] ?? (lineText ? lineText : undefined);
    const statusText = cells.status ?? '';
    const status = statusText ? (STATUS_WORDS[words(statusText)] ?? statusText) : 'active';
    const parsed = policyData.safeParse({
      carrier: cells.carrier ?? '',
      line,
      planName: cells.planName ?? '',
      policyNumber: cells.policyNumber ?? '',
      status,
      effectiveDate: cells.effectiveDate ? isoDay(cells.effectiveDate) : undefined,
      renewalDate: cells.renewalDate ? isoDay(cells.renewalDate) : null,
      premiumCents: premium.cents ?? (problems.length ? 0 : undefined),
      premiumPeriod: premium.period ?? 'monthly',
      writingAgent: cells.writingAgent ?? '',
    });
    if (parsed.success) policy = parsed.data;
    else {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'carrier');
        const field = key === 'premiumCents' ? premium.field : (FIELD_OF_PATH[key] ?? (key as ImportField));
        const message = key === 'premiumCents' && !cells[premium.field] ? 'Premium is required for a policy' : issue.message;
        if (field === 'effectiveDate' && !cells.effectiveDate) {
          problems.push({ column: column(field), message: 'Effective date is required for a policy' });
        } else if (field === 'line' && !lineText) {
          problems.push({ column: column(field), message: 'Line of business is required for a policy' });
        } else problems.push({ column: column(field), message });
      }
    }
  }
  if (problems.length || !customer.success) return { customer: null, policy: null, problems };
  const c = customer.data;
  const picked: ImportCustomer = { name: c.name, email: c.email, phone: c.phone };
  if (c.birthDate) picked.birthDate = c.birthDate;
  if (typeof c.age === 'number') picked.age = c.age;
  return { customer: picked, policy, problems };
}
