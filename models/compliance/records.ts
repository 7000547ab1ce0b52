// The records: whose they are, listing a person's, adding one captured by a recorded call or on paper, and
// a correction or rescission (a new record pointing at the old one: records are never changed).
import mongoose from 'mongoose';
import {
  COMPLIANCE_TYPES,
  SOA_VALID_MONTHS,
  type CaptureMethod,
  type ComplianceRecordView,
  type ComplianceType,
  type Language,
  type RecordKind,
  type SoaProduct,
  type SubjectInput,
} from '../../schemas/compliance.ts';
import { site } from '../../schemas/brokerage.ts';
import { badRequest, notFound } from '../../server/errors.ts';
import { CustomerModel, customerIdOfLead } from '../customers';
import { readLead } from '../leads';
import { ComplianceRecordModel } from './schema.ts';
import { complianceSettings, currentText, hashText, renderText } from './texts.ts';

export interface Subject {
  leadId: string | null;
  customerId: string | null;
  name: string;
  email: string;
}

const validId = (id: string) => mongoose.isValidObjectId(id) && /^[0-9a-f]{24}$/i.test(id);

/** A lead or customer, with the other side of a customer made from a lead; 404 when unknown. */
export async function resolveSubject(s: SubjectInput): Promise<Subject> {
  if (s.leadId) {
    const lead = validId(s.leadId) ? await readLead(s.leadId) : null;
    if (!lead) throw notFound('Lead not found');
    return { leadId: s.leadId, customerId: await customerIdOfLead(s.leadId), name: lead.name, email: lead.email ?? '' };
  }
  const customer = validId(s.customerId!) ? await CustomerModel.findById(s.customerId).lean() : null;
  if (!customer) throw notFound('Customer not found');
  const leadKey = String((customer as { leadKey?: string }).leadKey ?? '');
  return {
    leadId: validId(leadKey) ? leadKey : null,
    customerId: String(customer._id),
    name: customer.name as string,
    email: (customer.email as string | undefined) ?? '',
  };
}

/** The filter for every record or request of a subject (by its lead or its customer). */
export function subjectFilter(s: Pick<Subject, 'leadId' | 'customerId'>) {
  const or = [...(s.leadId ? [{ leadId: s.leadId }] : []), ...(s.customerId ? [{ customerId: s.customerId }] : [])];
  return or.length ? { $or: or } : { _id: null };
}

type RecordDoc = Omit<ComplianceRecordView, 'recordId'> & { _id: unknown };

export function toRecordView(r: RecordDoc): ComplianceRecordView {
  return {
    recordId: String(r._id),
    type: r.type,
    kind: r.kind,
    amends: r.amends ?? null,
    note: r.note ?? '',
    leadId: r.leadId ?? null,
    customerId: r.customerId ?? null,
    personName: r.personName,
    agentName: r.agentName,
    agencyName: r.agencyName,
    scope: r.scope ?? '',
    products: (r.products ?? []) as SoaProduct[],
    appointmentDate: r.appointmentDate ?? null,
    language: r.language,
    textVersion: r.textVersion,
    textHash: r.textHash,
    text: r.text,
    captureMethod: r.captureMethod,
    reference: r.reference ?? '',
    signerName: r.signerName,
    signedAt: r.signedAt,
    ip: r.ip ?? '',
    userAgent: r.userAgent ?? '',
    keepUntil: r.keepUntil,
  };
}

export interface NewRecord {
  type: ComplianceType;
  kind: RecordKind;
  amends?: string | null;
  note?: string;
  subject: Pick<Subject, 'leadId' | 'customerId' | 'name'>;
  agentName: string;
  scope: string;
  products: SoaProduct[];
  appointmentDate: string | null;
  language: Language;
  textVersion: number;
  text: string;
  captureMethod: CaptureMethod;
  reference: string;
  signerName: string;
  signedAt: Date;
  ip?: string;
  userAgent?: string;
}

/** Writes one record (its retention from the office setting in force). */
export async function insertRecord(r: NewRecord): Promise<ComplianceRecordView> {
  const years = (await complianceSettings()).retentionYears[r.type];
  const keepUntil = new Date(r.signedAt);
  keepUntil.setUTCFullYear(keepUntil.getUTCFullYear() + years);
  const doc = await ComplianceRecordModel.create({
    type: r.type,
    kind: r.kind,
    amends: r.amends ?? null,
    note: r.note ?? '',
    leadId: r.subject.leadId,
    customerId: r.subject.customerId,
    personName: r.subject.name,
    agentName: r.agentName,
    agencyName: site.name,
    scope: r.scope,
    products: r.products,
    appointmentDate: r.appointmentDate,
    language: r.language,
    textVersion: r.textVersion,
    textHash: hashText(r.text),
    text: r.text,
    captureMethod: r.captureMethod,
    reference: r.reference,
    signerName: r.signerName,
    signedAt: r.signedAt,
    ip: r.ip ?? '',
    userAgent: r.userAgent ?? '',
    keepUntil,
  });
  return toRecordView(doc.toObject() as unknown as RecordDoc);
}

export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** A record captured by a recorded call or on paper: the text in force is the one read or printed. */
export async function addCapturedRecord(
  input: {
    subject: SubjectInput;
    type: ComplianceType;
    language: Language;
    captureMethod: 'recorded-call' | 'paper';
    reference: string;
    signerName: string;
    products: SoaProduct[];
    appointmentDate?: string | null;
    scope: string;
  },
  agentName: string,
): Promise<ComplianceRecordView> {
  const subject = await resolveSubject(input.subject);
  const text = await currentText(input.type, input.language);
  const now = new Date();
  const facts = { person: subject.name, agent: agentName, agency: site.name, scope: input.scope, date: dayOf(now) };
  const products = input.type === 'medicare-soa' ? input.products : [];
  const appointmentDate = input.type === 'medicare-soa' ? (input.appointmentDate ?? null) : null;
  return insertRecord({
    ...input,
    kind: 'original',
    subject,
    agentName,
    products,
    appointmentDate,
    textVersion: text.version,
    text: renderText(text.body, input.language, { ...facts, products, appointmentDate }),
    signedAt: now,
  });
}

export async function findRecord(recordId: string): Promise<ComplianceRecordView> {
  const doc = validId(recordId) ? await ComplianceRecordModel.findById(recordId).lean<RecordDoc>() : null;
  if (!doc) throw notFound('Record not found');
  return toRecordView(doc);
}

/** A correction or rescission of a record: a new record with the old one's facts and the note. */
export async function amendRecord(recordId: string, kind: 'correction' | 'rescission', note: string, agentName: string) {
  const old = await findRecord(recordId);
  if (old.kind === 'rescission') throw badRequest('A rescission cannot be amended');
  const { recordId: _id, keepUntil: _k, textHash: _h, agencyName: _a, ...facts } = old;
  return insertRecord({
    ...facts,
    kind,
    amends: recordId,
    note,
    subject: { leadId: old.leadId, customerId: old.customerId, name: old.personName },
    agentName,
    signerName: agentName,
    captureMethod: old.captureMethod,
    signedAt: new Date(),
    ip: '',
    userAgent: '',
  });
}

export async function recordsOf(s: Pick<Subject, 'leadId' | 'customerId'>): Promise<ComplianceRecordView[]> {
  const rows = await ComplianceRecordModel.find(subjectFilter(s)).sort({ signedAt: -1 }).lean<RecordDoc[]>();
  return rows.map(toRecordView);
}

export interface TypeStatus {
  type: ComplianceType;
  /** The newest record in force (not rescinded), if any. */
  current: ComplianceRecordView | null;
  /** When it stops being valid (a Scope of Appointment: 12 months), if it does. */
  validUntil: Date | null;
  expiresSoon: boolean;
}

const SOON_MS = 30 * 86_400_000;

/** What exists, what is missing and what expires soon, per type. */
export function statusOf(records: ComplianceRecordView[], now = new Date()): TypeStatus[] {
  const rescinded = new Set(records.filter((r) => r.kind === 'rescission').map((r) => r.amends));
  const corrected = new Set(records.filter((r) => r.kind === 'correction').map((r) => r.amends));
  return COMPLIANCE_TYPES.map((type) => {
    const live = records.filter(
      (r) => r.type === type && r.kind !== 'rescission' && !rescinded.has(r.recordId) && !corrected.has(r.recordId),
    );
    let current: ComplianceRecordView | null = live[0] ?? null;
    let validUntil: Date | null = null;
    if (current && type === 'medicare-soa') {
      validUntil = new Date(current.signedAt);
      validUntil.setUTCMonth(validUntil.getUTCMonth() + SOA_VALID_MONTHS);
      if (validUntil <= now) current = null;
    }
    const expiresSoon = Boolean(current && validUntil && validUntil.getTime() - now.getTime() < SOON_MS);
    return { type, current, validUntil: current ? validUntil : null, expiresSoon };
  });
}
