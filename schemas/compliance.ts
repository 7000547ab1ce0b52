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

/** The file types a paper form may be uploaded as. */
export const PAPER_TYPES = ['pdf', 'png', 'jpeg'] as const;
export type PaperType = (typeof PAPER_TYPES)[number];

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

/** A paper form is uploaded as a PDF, PNG or JPEG of at most this many bytes (checked by its first bytes). */
export const PAPER_MAX_BYTES = 10 * 1024 * 1024;
/** The longest base64 text a paper form of PAPER_MAX_BYTES takes. */
export const PAPER_MAX_BASE64 = Math.ceil(PAPER_MAX_BYTES / 3) * 4;
export const PAPER_TOO_LARGE = 'The file is larger than 10 MB';

/** A record captured another way: a recorded call (the system and the call's id or address) or a paper form uploaded. */
export const recordAddInput = z
  .strictObject({
    subject: subjectInput,
    type: z.enum(COMPLIANCE_TYPES),
    language: z.enum(LANGUAGES).default('en'),
    captureMethod: z.enum(['recorded-call', 'paper']),
    /** A recorded call: the system that holds the recording (e.g. the phone system's name). */
    recordingSystem: line(80, 'The recording system').default(''),
    /** A recorded call: the call's id or address in that system; a paper form: where the original is kept (optional). */
    reference: line(300, 'The reference').default(''),
    /** The day of the call, or the day the paper form was signed (today when not given; never ahead). */
    capturedOn: day.refine((d) => Date.parse(`${d}T00:00:00Z`) <= Date.now(), 'The date cannot be in the future').optional(),
    signerName: line(120, 'The name').min(1, 'Enter the name of the person'),
    ...soaFields,
    scope: line(1000, 'The scope').default(''),
    /** A paper form: the scanned file, base64 (a PDF, PNG or JPEG of at most 10 MB). */
    file: z
      .strictObject({
        name: line(200, 'The file name').default(''),
        contentBase64: z
          .string()
          .max(PAPER_MAX_BASE64, PAPER_TOO_LARGE)
          .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file must be sent as base64'),
      })
      .optional(),
  })
  .superRefine(checkSoa)
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.captureMethod === 'recorded-call') {
      if (!v.recordingSystem) issue('recordingSystem', 'Name the system that holds the recording');
      if (!v.reference) issue('reference', "Give the recording's call id or address");
      if (v.file) issue('file', 'A recorded call takes no file: choose paper to upload a form');
    }
    if (v.captureMethod === 'paper' && !v.file?.contentBase64) issue('file', 'Upload the signed paper form (PDF, PNG or JPEG)');
    if (v.type === 'medicare-soa' && v.capturedOn && v.appointmentDate && v.capturedOn > v.appointmentDate)
      issue('capturedOn', 'A Scope of Appointment is agreed on or before the appointment');
  });
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
  /** A recorded call: the system holding the recording. */
  recordingSystem: string;
  /** A paper form: the uploaded file's type (its bytes are read apart, audited); '' otherwise. */
  paperType: PaperType | '';
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
