// Policies of a customer (the book of business, docs/product.md §12): the option lists, the input
// schemas shared by the policy form and the procedures, and the view the console reads. Money is in
// integer cents everywhere; dates are calendar days (YYYY-MM-DD), not instants.
import { z } from 'zod';
import { stripControls } from './lead.ts';

export const POLICY_LINES = [
  'health',
  'life',
  'medicare-advantage',
  'medicare-supplement',
  'part-d',
  'aca-marketplace',
  'dental-vision',
  'other',
] as const;
export type PolicyLine = (typeof POLICY_LINES)[number];
export const POLICY_LINE_LABELS: Record<PolicyLine, string> = {
  health: 'Health',
  life: 'Life',
  'medicare-advantage': 'Medicare Advantage',
  'medicare-supplement': 'Medicare Supplement',
  'part-d': 'Part D',
  'aca-marketplace': 'ACA marketplace',
  'dental-vision': 'Dental/vision',
  other: 'Other',
};
/** Lines reviewed in Medicare's Annual Enrollment Period; the ACA line in the Open Enrollment Period. */
export const MEDICARE_LINES: readonly PolicyLine[] = ['medicare-advantage', 'medicare-supplement', 'part-d'];
export const ACA_LINES: readonly PolicyLine[] = ['aca-marketplace'];

export const POLICY_STATUSES = ['pending', 'active', 'lapsed', 'cancelled'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];
/** Statuses still on the books: their renewals are worked. */
export const IN_FORCE: readonly PolicyStatus[] = ['pending', 'active'];

export const PREMIUM_PERIODS = ['monthly', 'annual'] as const;
export type PremiumPeriod = (typeof PREMIUM_PERIODS)[number];

/** The largest premium or commission amount taken: $10,000,000.00. */
export const MAX_CENTS = 1_000_000_000;

const choice = <T extends readonly [string, ...string[]]>(list: T, label: string) =>
  z.enum(list, { error: () => `${label}: choose one of ${list.join(', ')}` });

const textOf = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .overwrite(stripControls)
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
const requiredText = (label: string, max: number) => textOf(label, max).min(1, `${label} is required`);
/** Optional text; null is the same as ''. */
const optionalText = (label: string, max: number) =>
  textOf(label, max)
    .nullish()
    .transform((v) => v ?? '')
    .optional();

/** YYYY-MM-DD, a real calendar day between 1900 and 2199. */
export const calendarDay = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(
      (s) =>
        /^(19|20|21)\d{2}-\d{2}-\d{2}$/.test(s) &&
        !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
        new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      `${label} must be a date (YYYY-MM-DD)`,
    );

const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number of cents` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_CENTS, `${label} is too large`);

const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(100, `${label} must be at most 100%`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, `${label} takes at most two decimals`);

/**
 * Expected commission: a rate in percent of the annual premium (two decimals at most) or a fixed amount in
 * cents. A rate may carry a renewal rate: then `percent` is paid in the policy's first twelve months from its
 * effective date and `renewalPercent` after them (docs/commissions.md).
 */
export const commissionInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('rate'),
      percent: percent('Commission rate'),
      renewalPercent: percent('Renewal rate').optional(),
    }),
    z.object({ kind: z.literal('amount'), cents: cents('Commission amount') }),
  ],
  { error: 'Commission must be a rate ({ kind: "rate", percent, renewalPercent? }) or an amount ({ kind: "amount", cents })' },
);
export type Commission = z.infer<typeof commissionInput>;

const policyFields = {
  carrier: requiredText('Carrier', 100),
  line: choice(POLICY_LINES, 'Line'),
  planName: optionalText('Plan name', 200),
  policyNumber: optionalText('Policy number', 100),
  status: choice(POLICY_STATUSES, 'Status').default('active'),
  effectiveDate: calendarDay('Effective date'),
  /** Unset: the anniversary of the effective date. */
  renewalDate: z.preprocess((v) => (v === '' ? null : v), calendarDay('Renewal date').nullable().optional()),
  premiumCents: cents('Premium'),
  premiumPeriod: choice(PREMIUM_PERIODS, 'Premium period'),
  commission: commissionInput.nullable().optional(),
  /** The agent who wrote it (a staff member's name); unset: the one who records it. */
  writingAgent: optionalText('Writing agent', 100),
};

const renewalAfterEffective = (v: { effectiveDate?: string; renewalDate?: string | null }, ctx: z.RefinementCtx) => {
  if (v.effectiveDate && v.renewalDate && v.renewalDate <= v.effectiveDate)
    ctx.addIssue({ code: 'custom', path: ['renewalDate'], message: 'Renewal date must be after the effective date' });
};

/** A policy's fields as the form sends them (also the optional first policy of a lead being closed). */
export const policyData = z.object(policyFields).strict().superRefine(renewalAfterEffective);
export type PolicyData = z.output<typeof policyData>;
export type PolicyDataInput = z.input<typeof policyData>;

const id = (label: string) => z.string().trim().min(1, `${label} is required`).max(64);

export const policyCreateInput = z
  .object({ customerId: id('customerId'), ...policyFields })
  .strict()
  .superRefine(renewalAfterEffective);
export type PolicyCreateInput = z.output<typeof policyCreateInput>;

/** An edit: the fields given change; the customer never does. */
export const policyUpdateInput = z
  .object({ policyId: id('policyId'), ...policyFields, status: choice(POLICY_STATUSES, 'Status') })
  .partial()
  .required({ policyId: true })
  .strict()
  .superRefine(renewalAfterEffective);
export type PolicyUpdateInput = z.output<typeof policyUpdateInput>;

export const policyIdInput = z.object({ policyId: id('policyId') }).strict();
export const customerPoliciesInput = z.object({ customerId: id('customerId') }).strict();

/** Whose renewals My work lists: a named agent's policies, or the whole office's. */
export const bookInput = z
  .object({ agent: z.string().trim().max(100).optional() })
  .strict()
  .default({});

/** A policy's terms as text: as the policy form holds them and as a person's data copy lists them. */
export interface PolicyTermsText {
  carrier: string;
  line: string;
  planName: string;
  policyNumber: string;
  status: string;
  effectiveDate: string;
}

/** A policy as the console shows it. */
export interface PolicyView {
  policyId: string;
  customerId: string;
  carrier: string;
  line: PolicyLine;
  planName: string;
  policyNumber: string;
  status: PolicyStatus;
  effectiveDate: string;
  /** The date given, or else null (the anniversary of the effective date applies: schemas/policy-rules.ts). */
  renewalDate: string | null;
  premiumCents: number;
  premiumPeriod: PremiumPeriod;
  commission: Commission | null;
  writingAgent: string;
  createdAt: Date;
  updatedAt: Date;
}
