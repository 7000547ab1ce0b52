// Compliance records (docs/compliance.md): ACA consent, ACA application review and Medicare Scope of
// Appointment; the inputs of the console, the public signing form and the admin settings, and the views.
import { z } from 'zod';
import { stripControls, stripControlsKeepLines } from './text.ts';

export const COMPLIANCE_TYPES = ['aca-consent', 'aca-review', 'medicare-soa'] as const;
export type ComplianceType = (typeof COMPLIANCE_TYPES)[number];
export const COMPLIANCE_TYPE_LABELS: Record<ComplianceType, string> = {
  'aca-consent': 'ACA consent',
  'aca-review': 'ACA application review',
  'medicare-soa': 'Medicare Scope of Appointment',
};

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The products a Scope of Appointment may name (a fixed list). */
export const SOA_PRODUCTS = ['ma', 'mapd', 'pdp', 'medigap', 'dvh', 'hospital-indemnity', 'cancer-heart-stroke'] as const;
export type SoaProduct = (typeof SOA_PRODUCTS)[number];
export const SOA_PRODUCT_LABELS: Record<SoaProduct, { en: string; es: string }> = {
  ma: { en: 'Medicare Advantage (Part C)', es: 'Medicare Advantage (Parte C)' },
  mapd: { en: 'Medicare Advantage with drug coverage (MAPD)', es: 'Medicare Advantage con cobertura de medicamentos (MAPD)' },
  pdp: { en: 'Stand-alone prescription drug plan (Part D)', es: 'Plan independiente de medicamentos recetados (Parte D)' },
  medigap: { en: 'Medicare Supplement (Medigap)', es: 'Seguro suplementario de Medicare (Medigap)' },
  dvh: { en: 'Dental, vision and hearing', es: 'Dental, visión y audición' },
  'hospital-indemnity': { en: 'Hospital indemnity', es: 'Indemnización hospitalaria' },
  'cancer-heart-stroke': { en: 'Cancer, heart attack and stroke', es: 'Cáncer, ataque cardíaco y derrame cerebral' },
};

export const CAPTURE_METHODS = ['signed-link', 'recorded-call', 'paper'] as const;
export type CaptureMethod = (typeof CAPTURE_METHODS)[number];
/** An original record, or a new one that corrects or rescinds an earlier one (records are never changed). */
export const RECORD_KINDS = ['original', 'correction', 'rescission'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** A Scope of Appointment is valid this long after it was signed, or until the appointment it was for. */
export const SOA_VALID_MONTHS = 12;
export const TEXT_MAX = 20_000;
export const DEFAULT_LINK_HOURS = 24;
export const DEFAULT_RETENTION_YEARS = 10;

const id = (what: string) => z.string().trim().min(1, `${what} is required`).max(64);
const line = (max: number, what: string) =>
  z.string().overwrite(stripControls).trim().max(max, `${what} must be at most ${max} characters`);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');

/** Whose records: a lead or a customer (exactly one). */
export const subjectInput = z
  .strictObject({ leadId: id('leadId').optional(), customerId: id('customerId').optional() })
  .refine((s) => Boolean(s.leadId) !== Boolean(s.customerId), 'Give a leadId or a customerId');
export type SubjectInput = z.infer<typeof subjectInput>;

const soaFields = {
  products: z.array(z.enum(SOA_PRODUCTS)).max(SOA_PRODUCTS.length).default([]),
  appointmentDate: day.nullish(),
};

function checkSoa(v: { type: ComplianceType; products: SoaProduct[]; appointmentDate?: string | null }, ctx: z.RefinementCtx) {
  if (v.type !== 'medicare-soa') return;
  if (!v.products.length) ctx.addIssue({ code: 'custom', path: ['products'], message: 'Pick at least one product to discuss' });
  if (!v.appointmentDate) ctx.addIssue({ code: 'custom', path: ['appointmentDate'], message: 'Enter the appointment date' });
}

/** An agent prepares a link for the person to sign. */
export const signRequestInput = z
  .strictObject({
    subject: subjectInput,
    type: z.enum(COMPLIANCE_TYPES),
    language: z.enum(LANGUAGES).default('en'),
    ...soaFields,
    /** ACA consent: the scope, purpose and duration of the help; ACA review: the attestations explained. */
    scope: line(1000, 'The scope').default(''),
  })
  .superRefine(checkSoa);
export type SignRequestInput = z.infer<typeof signRequestInput>;

/** A record captured another way: a recorded call (with the recording's reference) or a paper form uploaded. */
export const recordAddInput = z
  .strictObject({
    subject: subjectInput,
    type: z.enum(COMPLIANCE_TYPES),
    language: z.enum(LANGUAGES).default('en'),
    captureMethod: z.enum(['recorded-call', 'paper']),
    reference: line(300, 'The reference').min(1, 'Give the recording or the uploaded file reference'),
    signerName: line(120, 'The name').min(1, 'Enter the name of the person'),
    ...soaFields,
    scope: line(1000, 'The scope').default(''),
  })
  .superRefine(checkSoa);
export type RecordAddInput = z.infer<typeof recordAddInput>;

/** A correction or a rescission: a new record pointing at the old one. */
export const recordAmendInput = z.strictObject({
  recordId: id('recordId'),
  kind: z.enum(['correction', 'rescission']),
  note: z.string().overwrite(stripControlsKeepLines).trim().min(1, 'Say what changed and why').max(2000),
});
export const recordIdInput = z.strictObject({ recordId: id('recordId') });
export const requestIdInput = z.strictObject({ requestId: id('requestId') });

export const textUpdateInput = z.strictObject({
  type: z.enum(COMPLIANCE_TYPES),
  language: z.enum(LANGUAGES),
  body: z
    .string()
    .overwrite(stripControlsKeepLines)
    .trim()
    .min(20, 'The text is too short')
    .max(TEXT_MAX, `The text must be at most ${TEXT_MAX} characters`),
});

export const textVersionsInput = z.strictObject({ type: z.enum(COMPLIANCE_TYPES), language: z.enum(LANGUAGES) });

export const LINK_HOURS_MAX = 24 * 14;
export const RETENTION_YEARS_MAX = 50;
const wholeNumber = 'Enter a whole number';
export const complianceSettingsInput = z.strictObject({
  linkHours: z
    .number(wholeNumber)
    .int(wholeNumber)
    .min(1, 'A link lasts at least 1 hour')
    .max(LINK_HOURS_MAX, `A link lasts at most ${LINK_HOURS_MAX} hours (14 days)`)
    .optional(),
  retentionYears: z
    .strictObject(
      Object.fromEntries(
        COMPLIANCE_TYPES.map((t) => [
          t,
          z
            .number(wholeNumber)
            .int(wholeNumber)
            .min(1, 'Keep records at least 1 year')
            .max(RETENTION_YEARS_MAX, `Keep records at most ${RETENTION_YEARS_MAX} years`),
        ]),
      ) as Record<ComplianceType, z.ZodNumber>,
    )
    .partial()
    .optional(),
});
export type ComplianceSettingsInput = z.infer<typeof complianceSettingsInput>;
export interface ComplianceSettings {
  linkHours: number;
  retentionYears: Record<ComplianceType, number>;
}

/** An audit export: one person's records, or every record signed in a date range (at most a year). */
export const exportInput = z.union([
  z.strictObject({ subject: subjectInput }),
  z
    .strictObject({ from: day, to: day })
    .refine((r) => r.from <= r.to, 'The start must be on or before the end')
    .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= 366 * 86_400_000, 'Export at most a year at a time'),
]);
export type ExportInput = z.infer<typeof exportInput>;

/** The public signing form (form-encoded, no JavaScript). */
export const signForm = z.object({
  name: line(120, 'The name').min(2, 'Type your full name to sign'),
  consent: z.literal('yes', { error: 'Tick the box to agree' }),
  lang: z.enum(LANGUAGES),
  version: z.coerce.number().int().min(1).max(100_000),
});

export interface ComplianceRecordView {
  recordId: string;
  type: ComplianceType;
  kind: RecordKind;
  amends: string | null;
  note: string;
  leadId: string | null;
  customerId: string | null;
  personName: string;
  agentName: string;
  agencyName: string;
  scope: string;
  products: SoaProduct[];
  appointmentDate: string | null;
  language: Language;
  textVersion: number;
  textHash: string;
  text: string;
  captureMethod: CaptureMethod;
  reference: string;
  signerName: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  keepUntil: Date;
}

export interface SignRequestView {
  requestId: string;
  type: ComplianceType;
  personName: string;
  leadId: string | null;
  customerId: string | null;
  products: SoaProduct[];
  appointmentDate: string | null;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}
