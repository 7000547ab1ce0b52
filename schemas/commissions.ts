// Commission statements and reconciliation (docs/commissions.md): the statement columns and the names
// recognised for them, money as signed integer cents, statement periods, line types, the inputs of the
// routes and the shapes they answer. Shared by the server (models/commissions/) and the console.
import { z } from 'zod';
import { columnKey } from './customer-import.ts';

/** The largest commission statement (CSV) the server reads: 10 MB; larger is refused with 413. */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;
/** The most data lines one statement may hold; more is refused with 400. */
export const MAX_STATEMENT_LINES = 20_000;
export const STATEMENT_DRY_RUN_PATH = '/api/admin/commissions/statements/dry-run';
export const STATEMENT_APPLY_PATH = '/api/admin/commissions/statements';

export type StatementField =
  | 'policyNumber'
  | 'insuredName'
  | 'carrier'
  | 'product'
  | 'premium'
  | 'amount'
  | 'paidDate'
  | 'period'
  | 'lineType'
  | 'effectiveDate'
  | 'note';

/** Each field with the column names recognised for it; the first is the template's. */
export const STATEMENT_COLUMNS: Readonly<Record<StatementField, readonly string[]>> = {
  policyNumber: ['Policy Number', 'Policy #', 'Policy No', 'Policy ID', 'Contract Number', 'Member ID'],
  insuredName: ['Insured Name', 'Insured', 'Member Name', 'Client Name', 'Policyholder', 'Name'],
  carrier: ['Carrier', 'Company', 'Carrier Name', 'Insurance Company', 'Insurer'],
  product: ['Product', 'Plan', 'Line of Business', 'LOB', 'Product Type'],
  premium: ['Premium', 'Premium Amount', 'Monthly Premium', 'Modal Premium'],
  amount: ['Commission Amount', 'Commission', 'Commission Paid', 'Amount Paid', 'Paid Amount', 'Comm Amount', 'Amount'],
  paidDate: ['Paid Date', 'Payment Date', 'Date Paid', 'Check Date'],
  period: ['Statement Period', 'Period', 'Commission Period', 'Month', 'Statement Month'],
  lineType: ['Line Type', 'Transaction Type', 'Type', 'Commission Type'],
  effectiveDate: ['Effective Date', 'Effective', 'Policy Effective Date'],
  note: ['Note', 'Notes', 'Reason', 'Chargeback Reason', 'Description', 'Memo', 'Comment', 'Remarks'],
};

/** Words by which a statement says a chargeback is for a lapse or a cancellation. */
export const LAPSE_WORDS = /\b(?:lapse[sd]?|cancel(?:l?ed|lation)?|terminat(?:ed|ion))\b/gi;

const BY_KEY: ReadonlyMap<string, StatementField> = new Map(
  (Object.entries(STATEMENT_COLUMNS) as [StatementField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((n) => [columnKey(n), field] as const),
  ),
);
export const statementFieldOf = (header: string): StatementField | null => BY_KEY.get(columnKey(header)) ?? null;

export const LINE_TYPES = ['new-business', 'renewal', 'adjustment', 'chargeback'] as const;
export type LineType = (typeof LINE_TYPES)[number];
export const LINE_TYPE_LABELS: Record<LineType, string> = {
  'new-business': 'New business',
  renewal: 'Renewal',
  adjustment: 'Adjustment',
  chargeback: 'Chargeback',
};
const LINE_TYPE_WORDS: Record<string, LineType> = {
  newbusiness: 'new-business',
  new: 'new-business',
  nb: 'new-business',
  firstyear: 'new-business',
  renewal: 'renewal',
  ren: 'renewal',
  rn: 'renewal',
  adjustment: 'adjustment',
  adj: 'adjustment',
  chargeback: 'chargeback',
  cb: 'chargeback',
  reversal: 'chargeback',
};
/** "New Business", "NB", "Renewal", "Chargeback"… → the type; null when not recognised. */
export const lineTypeOf = (text: string): LineType | null => LINE_TYPE_WORDS[text.toLowerCase().replace(/[^a-z]/g, '')] ?? null;

/** The largest amount one line may carry, either sign: $10,000,000.00. */
export const MAX_LINE_CENTS = 1_000_000_000;

/**
 * "$1,234.50", "-12.3", "(45.00)" (accountants' negative) → signed integer cents; null for anything else:
 * a third decimal (fractional cents), letters, a formula.
 */
export function signedCentsOf(text: string): number | null {
  let t = text.trim().replace(/\s/g, '');
  let negative = false;
  const paren = /^\((.*)\)$/.exec(t);
  if (paren) [negative, t] = [true, paren[1]!];
  if (t.startsWith('-')) [negative, t] = [!negative, t.slice(1)];
  t = t.replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (cents > MAX_LINE_CENTS) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/** 4/1/2026, 04/01/2026 or 2026-04-01 → 2026-04-01; null otherwise. */
export function dayOf(text: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : text;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** "2026-04", "4/2026", "04/2026", "2026-04-30" or "April 2026" → "2026-04"; null otherwise. */
export function periodOf(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})$/.exec(t);
  if (m) return monthText(Number(m[1]), Number(m[2]));
  m = /^(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) return monthText(Number(m[2]), Number(m[1]));
  const day = dayOf(t);
  if (day) return day.slice(0, 7);
  m = /^([A-Za-z]{3,9})\.?\s+(\d{4})$/.exec(t);
  if (m) {
    const i = MONTHS.findIndex((name) => name.startsWith(m![1]!.toLowerCase().slice(0, 3)));
    if (i >= 0) return monthText(Number(m[2]), i + 1);
  }
  return null;
}
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthText = (year: number, month: number) =>
  year >= 1990 && year <= 2100 && month >= 1 && month <= 12 ? `${year}-${String(month).padStart(2, '0')}` : null;

/** Carrier names and policy numbers as compared: no case, spaces or punctuation ("AB-12 3" → "ab123"). */
export const matchKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

export type LineStatus = 'matched' | 'ambiguous' | 'unmatched' | 'not-ours';

/** One statement line as the dry run reports it. */
export interface StatementLineResult {
  row: number;
  carrier: string;
  policyNumber: string;
  insuredName: string;
  amountCents: number;
  period: string;
  lineType: LineType;
  status: 'matched' | 'ambiguous' | 'unmatched' | 'refused';
  /** Why: the policy found, the suggestion, or what is wrong with the line. */
  reason: string;
  policyId: string | null;
  /** True when this exact line was imported before (it will not be written again). */
  known: boolean;
  /** A chargeback the statement says is for a lapse or cancellation: applying it marks the policy lapsed. */
  lapse: boolean;
}

export interface StatementReport {
  accepted: boolean;
  counts: { lines: number; matched: number; ambiguous: number; unmatched: number; refused: number; toWrite: number };
  ignoredColumns: string[];
  /** The fields the file's columns lack (no line is read then; the apply refuses the file). */
  missingColumns: string[];
  /** Each column of the file and the field it was read as (null: not imported). */
  columns: { header: string; field: StatementField | null }[];
  /** Where that mapping came from, and the carrier it was remembered for. */
  mapping: { from: 'given' | 'saved' | 'names'; carrier: string | null };
  lines: StatementLineResult[];
}

const lineId = z.string().regex(/^[a-f0-9]{40}$/, 'lineId must be a statement line id');
const objectId = z.string().regex(/^[a-f0-9]{24}$/, 'policyId must be a policy id');
/** The policy a line is linked to: its id, or its policy number (the line's carrier's first). */
export const linkLineInput = z
  .object({ lineId, policyId: objectId.optional(), policyNumber: z.string().trim().min(1).max(100).optional() })
  .strict()
  .refine((v) => Boolean(v.policyId) !== Boolean(v.policyNumber), { message: 'Give either policyId or policyNumber' });
export const dismissLineInput = z.object({ lineId }).strict();

export const periodInput = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'period must be a month as YYYY-MM');
export const agentStatementInput = z.object({ period: periodInput, agent: z.string().trim().min(1).max(200).optional() }).strict();

export const commissionSettingsInput = z
  .object({
    graceDays: z.number().int().min(0, 'graceDays cannot be negative').max(365, 'graceDays must be at most 365').optional(),
    toleranceCents: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict();
export type CommissionSettings = { graceDays: number; toleranceCents: number };
export const DEFAULT_COMMISSION_SETTINGS: CommissionSettings = { graceDays: 45, toleranceCents: 100 };

/** A whole commission in basis points: 10,000 = 100%. */
export const WHOLE_SHARE = 10_000;
const shareRow = z
  .object({
    agent: z.string().trim().min(1, 'Name the agent').max(200),
    basisPoints: z
      .number({ error: 'basisPoints must be a whole number' })
      .int('basisPoints must be a whole number')
      .min(1, 'A share must be at least 1 basis point')
      .max(WHOLE_SHARE, 'A share must be at most 10000 basis points'),
  })
  .strict();
/** Agents' shares of a policy's commission: none for the default (100% to the writing agent). */
export const policySharesInput = z
  .object({
    policyId: z.string().regex(/^[a-f0-9]{24}$/, 'policyId must be a policy id'),
    shares: z
      .array(shareRow)
      .max(10, 'At most 10 agents share a policy')
      .refine((rows) => new Set(rows.map((r) => r.agent)).size === rows.length, 'Name each agent once')
      .refine(
        (rows) => !rows.length || rows.reduce((s, r) => s + r.basisPoints, 0) === WHOLE_SHARE,
        'The shares must add up to 100% (10000 basis points)',
      ),
  })
  .strict();
export const policySharesQuery = z
  .object({
    policyId: z
      .string()
      .regex(/^[a-f0-9]{24}$/, 'policyId must be a policy id')
      .optional(),
    policyNumber: z.string().trim().min(1).max(100).optional(),
  })
  .strict()
  .refine((v) => Boolean(v.policyId) !== Boolean(v.policyNumber), { message: 'Give either policyId or policyNumber' });
export interface PolicyShares {
  policyId: string;
  carrier: string;
  policyNumber: string;
  writingAgent: string;
  /** False: the default, 100% to the writing agent. */
  custom: boolean;
  shares: { agent: string; basisPoints: number }[];
}

export type ExceptionKind = 'missing' | 'short' | 'chargeback' | 'unmatched';
export interface CommissionException {
  kind: ExceptionKind;
  period: string;
  carrier: string;
  policyNumber: string;
  insuredName: string;
  agent: string;
  dueCents: number | null;
  paidCents: number;
  policyId: string | null;
  /** The statement line (unmatched, ambiguous and chargeback lines). */
  lineId: string | null;
  /** For an ambiguous line: the policy its carrier, insured name and effective date suggest. */
  suggestedPolicyId: string | null;
  note: string;
}
export const EXCEPTION_KINDS = ['missing', 'short', 'chargeback', 'unmatched'] as const;
/** The most exceptions one page holds. */
export const EXCEPTIONS_PAGE_MAX = 500;
/** A page of the exceptions list: one kind or all, from `offset`, at most `limit` (default 100). */
export const exceptionsInput = z
  .object({
    kind: z.enum(EXCEPTION_KINDS, { error: 'kind must be missing, short, chargeback or unmatched' }).optional(),
    offset: z.coerce.number().int().min(0, 'offset cannot be negative').max(100_000, 'offset must be at most 100000').optional(),
    limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(EXCEPTIONS_PAGE_MAX, 'limit must be at most 500').optional(),
  })
  .strict();
export type ExceptionQuery = z.infer<typeof exceptionsInput>;
export interface ExceptionList {
  counts: Record<ExceptionKind, number>;
  /** Every exception of every kind. */
  total: number;
  /** The exceptions of the kind asked for (every kind when none was). */
  matching: number;
  offset: number;
  limit: number;
  /** The page: the newest periods first, then by kind. */
  items: CommissionException[];
}

export interface AgentStatement {
  agent: string;
  period: string;
  paidCents: number;
  pendingCents: number;
  chargebackCents: number;
  lines: {
    carrier: string;
    policyNumber: string;
    insuredName: string;
    lineType: LineType | 'pending';
    amountCents: number;
    sharePercent: number;
  }[];
}

export interface CommissionSummary {
  months: { period: string; expectedCents: number; receivedCents: number }[];
  byCarrier: { carrier: string; expectedCents: number; receivedCents: number }[];
  byAgent: { agent: string; expectedCents: number; receivedCents: number }[];
  exceptions: number;
}
