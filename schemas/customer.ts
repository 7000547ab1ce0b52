// Customer schemas and option lists (docs/product.md §3, §5), shared by the forms, the procedures, the REST
// adapters and the Mongoose model: a value outside a list is refused the same way everywhere.
import { z } from 'zod';
import { emailAddress, personName, phoneNumber, stripControlsKeepLines } from './lead.ts';
import type { DoNotContactView } from './privacy.ts';
import { calendarDay, policyData, type PolicyLine, type PolicyStatus } from './policy.ts';

export const INSURANCE_TYPES = ['individual', 'family', 'group'] as const;
export const PLAN_TYPES = ['PPO', 'HMO', 'EPO', 'POS', 'HDHP', 'Catastrophic'] as const;
export const EMPLOYMENT_STATUSES = ['employed', 'self-employed', 'unemployed', 'retired', 'student'] as const;
export const BUDGET_RANGES = ['$0-$200', '$200-$400', '$400-$600', '$600-$800', '$800+'] as const;
export const ANNUAL_INCOMES = ['$0-$25k', '$25k-$50k', '$50k-$75k', '$75k-$100k', '$100k+'] as const;
export const INSURANCE_PROVIDERS = [
  'Aetna',
  'Anthem',
  'Blue Cross Blue Shield',
  'Cigna',
  'Humana',
  'UnitedHealthcare',
  'Kaiser Permanente',
  'Molina Healthcare',
  'Centene',
  'WellCare',
  'Health Net',
  'Independence Blue Cross',
  'Highmark',
  'Oscar Health',
  'Bright Health',
  'Other',
] as const;

export const AGE_MIN = 1;
export const AGE_MAX = 120;
export const KIDS_MIN = 1;
export const KIDS_MAX = 20;
export const KID_AGE_MAX = 99;

const choice = <T extends readonly [string, ...string[]]>(list: T) => z.enum(list, { error: () => `Choose one of: ${list.join(', ')}` });

export const insuranceType = choice(INSURANCE_TYPES);
export const planType = choice(PLAN_TYPES);
export const employmentStatus = choice(EMPLOYMENT_STATUSES);
export const budgetRange = choice(BUDGET_RANGES);
export const annualIncome = choice(ANNUAL_INCOMES);
export const insuranceProvider = choice(INSURANCE_PROVIDERS);
export type InsuranceType = z.infer<typeof insuranceType>;
export type InsuranceProvider = z.infer<typeof insuranceProvider>;
export type PlanType = z.infer<typeof planType>;

/** An empty form value ('' or null) is null: "not set" (on an edit it clears the field). */
const blankToNull = (v: unknown) => (v === '' ? null : v);
/** An optional pick from a list; '' or null leaves it unset. */
const optionalChoice = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable().optional());
/** A whole number, also when it arrives as numeric text from a plain form post. */
const numberSchema = (label: string, min: number, max: number) =>
  z
    .number({ error: (iss) => (iss.input === undefined || iss.input === null ? `${label} is required` : `${label} must be a number`) })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);
const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankToNull(v));
const wholeNumber = (label: string, min: number, max: number) => z.preprocess(toNumber, numberSchema(label, min, max));
const optionalWholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(toNumber, numberSchema(label, min, max).nullable().optional());
/** Free text; null is the same as ''. */
const text = (max: number, label: string) =>
  z.preprocess(
    (v) => (v === null ? '' : v),
    z
      .string({ error: `${label} must be text` })
      .overwrite(stripControlsKeepLines)
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );

/** "3, 7, 12": whole numbers separated by commas, normalised to that form. */
export const kidsAges = z
  .string()
  .trim()
  .max(200, 'Kids ages must be at most 200 characters')
  .refine(
    (s) => s === '' || s.split(',').every((p) => /^\d{1,2}$/.test(p.trim()) && Number(p) <= KID_AGE_MAX),
    `Kids ages must be a comma-separated list of numbers from 0 to ${KID_AGE_MAX}, like 4, 9`,
  )
  .transform((s) =>
    s === ''
      ? ''
      : s
          .split(',')
          .map((p) => String(Number(p.trim())))
          .join(', '),
  );

/** YYYY-MM-DD, a real calendar day. */
export const policyStartDate = z
  .string()
  .trim()
  .refine(
    (s) =>
      /^\d{4}-\d{2}-\d{2}$/.test(s) &&
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'Policy start date must be a date (YYYY-MM-DD)',
  );

/** YYYY-MM-DD up to today (optional; My work's Medicare age-ins read it before the age). */
export const birthDate = calendarDay('Birth date').refine(
  (s) => s <= new Date().toISOString().slice(0, 10),
  'Birth date must be in the past',
);

/** Every customer field except the contact details, all optional at this level. */
const profileFields = {
  age: optionalWholeNumber('Age', AGE_MIN, AGE_MAX),
  hasKids: z.boolean({ error: 'hasKids must be true or false' }).optional(),
  kidsCount: optionalWholeNumber('Number of children', KIDS_MIN, KIDS_MAX),
  kidsAges: z.preprocess((v) => (v === null ? '' : v), kidsAges.optional()),
  currentInsurance: text(200, 'Previous insurance'),
  insuranceProvider: optionalChoice(insuranceProvider),
  desiredCoverage: text(1000, 'Desired coverage'),
  budgetRange: optionalChoice(budgetRange),
  medicalHistory: text(5000, 'Medical history'),
  medications: text(5000, 'Medications'),
  preferredDoctor: text(200, 'Preferred doctor'),
  insuranceType: optionalChoice(insuranceType),
  planType: optionalChoice(planType),
  employmentStatus: optionalChoice(employmentStatus),
  annualIncome: optionalChoice(annualIncome),
  policyStartDate: z.preprocess(blankToNull, policyStartDate.nullable().optional()),
  birthDate: z.preprocess(blankToNull, birthDate.nullable().optional()),
  notes: text(5000, 'Notes'),
};

const contactFields = { name: personName, email: emailAddress, phone: phoneNumber };

export interface KidsFields {
  hasKids?: boolean;
  kidsCount?: number | null;
  kidsAges?: string | null;
}

/** The kids rule of docs/product.md §5: a count of 1 to 20 (and ages) only when has-kids is set. */
export function kidsProblem(v: KidsFields): { path: string; message: string } | null {
  if (!v.hasKids) return null;
  if (v.kidsCount === undefined || v.kidsCount === null)
    return { path: 'kidsCount', message: `Number of children is required when the customer has kids (${KIDS_MIN} to ${KIDS_MAX})` };
  const ages = v.kidsAges ? v.kidsAges.split(',').length : 0;
  if (ages > v.kidsCount) return { path: 'kidsAges', message: `Kids ages lists ${ages} ages for ${v.kidsCount} children` };
  return null;
}

const withKidsRule = (v: KidsFields, ctx: z.RefinementCtx) => {
  const problem = kidsProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
};

/**
 * Details the add/edit modal requires (docs/product.md §5) but the form that closes a lead does not. A
 * customer without them is kept and marked "missing details"; an edit may leave a missing one
 * missing, but never clears one that is set.
 */
export const REQUIRED_DETAILS = ['age', 'insuranceProvider'] as const;
export type RequiredDetail = (typeof REQUIRED_DETAILS)[number];
export const DETAIL_LABELS: Record<RequiredDetail, string> = { age: 'Age', insuranceProvider: 'Insurance provider' };

const requiredDetail = {
  age: wholeNumber('Age', AGE_MIN, AGE_MAX),
  insuranceProvider: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), insuranceProvider.optional())
    .refine((v) => v !== undefined, 'Insurance provider is required')
    .transform((v) => v as InsuranceProvider),
};

/** Every field of a customer with its one rule; age and provider optional at this level. */
const customerObject = z.object({
  ...contactFields,
  ...profileFields,
  insuranceType: z.preprocess((v) => (v === '' || v === null ? undefined : v), insuranceType.default('individual')),
  planType: z.preprocess((v) => (v === '' || v === null ? undefined : v), planType.default('PPO')),
});

export type CustomerInput = z.input<typeof customerObject>;
export type CustomerData = z.output<typeof customerObject>;

/**
 * The one set of customer rules, used by every form and procedure. `mayBeMissing` names the
 * required details that may stay blank: all of them on the form that closes a lead, those already
 * missing on an edit, none when a customer is added by hand.
 */
export function customerRules(mayBeMissing: readonly RequiredDetail[] = []): z.ZodType<CustomerData, unknown> {
  const required: Partial<typeof requiredDetail> = Object.fromEntries(
    REQUIRED_DETAILS.filter((k) => !mayBeMissing.includes(k)).map((k) => [k, requiredDetail[k]]),
  );
  return customerObject.extend(required as typeof requiredDetail).superRefine(withKidsRule);
}

/** The add/edit modal's rules for a new customer: name, age, email, phone, types and provider required. */
export const customerInput = customerRules();

/** The customer-information form that closes a lead (docs/product.md §5): only name, email and phone required. */
export const closeLeadCustomer = customerRules(REQUIRED_DETAILS);
export type CloseLeadCustomer = z.output<typeof customerObject>;
/** What closing a lead accepts before its rules run: contact details and optional profile fields. */
export type CloseLeadCustomerInput = z.input<typeof closeLeadCustomer>;

export const customerIdInput = z.object({ customerId: z.string().trim().min(1, 'customerId is required').max(64) });

/**
 * Reading one customer. `reason`: why a staff member who is not the customer's agent nor an admin
 * opens the medical details while the office narrows who reads them (recorded in the audit log).
 */
export const customerReadInput = customerIdInput.extend({
  reason: z.string().trim().min(3, 'Say in a few words why you open these details').max(300).optional(),
});

/** A hand-added customer; with a leadId it closes that lead instead (one customer per lead). */
export const customerCreateInput = customerObject
  .extend({ ...requiredDetail, leadId: z.string().trim().max(64).optional() })
  .superRefine(withKidsRule);
export type CustomerCreateInput = z.infer<typeof customerCreateInput>;

/**
 * An edit: the fields given are changed, '' clears an optional one. A required detail may be left
 * blank only when the stored customer lacks it already (models/customers/customer.ts checks). The lead link never changes.
 */
export const customerUpdateInput = customerObject.partial().extend(customerIdInput.shape);
export type CustomerUpdate = z.output<typeof customerUpdateInput>;

export const closeLeadInput = z.object({
  leadId: z.string().trim().min(1, 'leadId is required').max(64),
  customer: closeLeadCustomer.optional(),
  /** The customer's first policy, optional (docs/product.md §12): left out, the close is as before. */
  policy: policyData.optional(),
});

/**
 * What the customer list shows: everything but the medical details (history, medications, preferred
 * doctor and notes: MEDICAL_FIELDS), which only the customer record loads (audited).
 */
export interface CustomerSummary {
  customerId: string;
  name: string;
  email: string;
  phone: string;
  age: number | null;
  hasKids: boolean;
  kidsCount: number | null;
  kidsAges: string;
  currentInsurance: string;
  insuranceProvider: string | null;
  desiredCoverage: string;
  budgetRange: string | null;
  insuranceType: InsuranceType;
  planType: PlanType;
  employmentStatus: string | null;
  annualIncome: string | null;
  policyStartDate: string | null;
  /** Optional, YYYY-MM-DD; absent on older records. */
  birthDate: string | null;
  leadId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The person asked not to be contacted (the console's list only; models/privacy/suppression-store.ts). */
  doNotContact?: DoNotContactView | null;
  /** The customer's policies in brief, in force first (the lists only; models/policies/summaries.ts). */
  policies?: CustomerPolicyLine[];
  /** Created by an import (docs/customer-import.md), whose file has no insurance type or plan type. */
  imported?: boolean;
}

/** One policy as the customer list shows it: carrier, line and status. */
export interface CustomerPolicyLine {
  carrier: string;
  line: PolicyLine;
  status: PolicyStatus;
}

/** The fields only the customer record carries: people write health facts into notes and the doctor too. */
export const MEDICAL_FIELDS = ['medicalHistory', 'medications', 'preferredDoctor', 'notes'] as const;

export interface CustomerDetail extends CustomerSummary {
  medicalHistory: string;
  medications: string;
  preferredDoctor: string;
  notes: string;
  /**
   * True when the office narrows medical details to the customer's own agent and admins, this reader
   * is neither and gave no reason: the MEDICAL_FIELDS come empty, `medicalOnFile` says whether any is set.
   */
  medicalWithheld?: boolean;
  medicalOnFile?: boolean;
}

/** A spreadsheet must never run a cell as a formula: such text gets a leading apostrophe. */
export const formulaSafeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
