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
  type PaperType,
  type RecordKind,
  type SoaProduct,
  type SubjectInput,
} from '../../schemas/compliance.ts';
import { site } from '../../schemas/brokerage.ts';
import { badRequest, notFound } from '../../server/errors.ts';
import { CustomerModel, customerIdOfLead } from '../customers';
import { readLead } from '../leads';
import { ComplianceRecordModel } from './schema.ts';
import { complianceSettings, hashText } from './texts.ts';

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

type RecordFacts = Omit<ComplianceRecordView, 'recordId'>;
/** The facts a new record may leave out, stored at their defaults (older stored records may lack more). */
type OptionalFact = 'amends' | 'note' | 'recordingSystem' | 'paperType' | 'ip' | 'userAgent';
type RecordDoc = RecordFacts & { _id: unknown };

/** A record's facts, the missing ones at their defaults, and nothing else of what it was read from. */
function recordFacts(r: Omit<RecordFacts, OptionalFact> & Partial<Pick<RecordFacts, OptionalFact>>): RecordFacts {
  return {
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
    recordingSystem: r.recordingSystem ?? '',
    paperType: r.paperType ?? '',
    signerName: r.signerName,
    signedAt: r.signedAt,
    ip: r.ip ?? '',
    userAgent: r.userAgent ?? '',
    keepUntil: r.keepUntil,
  };
}

export function toRecordView(r: RecordDoc): ComplianceRecordView {
  return { recordId: String(r._id), ...recordFacts(r) };
}

export interface NewRecord {
  /** The id to write it under (a paper form is stored under it first). */
  recordId?: string;
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
  recordingSystem?: string;
  paperType?: PaperType | '';
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
    ...(r.recordId ? { _id: r.recordId } : {}),
    ...recordFacts({
      ...r,
      leadId: r.subject.leadId,
      customerId: r.subject.customerId,
      personName: r.subject.name,
      agencyName: site.name,
      textHash: hashText(r.text),
      keepUntil,
    }),
  });
  return toRecordView(doc.toObject() as unknown as RecordDoc);
}

export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export async function findRecord(recordId: string): Promise<ComplianceRecordView> {
  const doc = validId(recordId) ? await ComplianceRecordModel.findById(recordId).lean<RecordDoc>() : null;
  if (!doc) throw notFound('Record not found');
  return toRecordView(doc);
}

/** A correction or rescission of a record: a new record with the old one's facts and the note. */
export async function amendRecord(recordId: string, kind: 'correction' | 'rescission', note: string, agentName: string) {
  const old = await findRecord(recordId);
  if (old.kind === 'rescission') throw badRequest('A rescission cannot be amended');
  // The paper form stays with the record it came with (the amendment points at it).
  const { recordId: _id, keepUntil: _k, textHash: _h, agencyName: _a, paperType: _p, ...facts } = old;
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
  /** The newest record in force (not rescinded, not corrected, and for an SOA within 12 months and not used), if any. */
  current: ComplianceRecordView | null;
  /** When it stops being valid (a Scope of Appointment: 12 months), if it does. */
  validUntil: Date | null;
  expiresSoon: boolean;
  /** No SOA in force because the last one was used by its appointment: when. */
  lastUsedAt: Date | null;
}

const SOON_MS = 30 * 86_400_000;

const soaValidUntil = (r: ComplianceRecordView) => {
  const until = new Date(r.signedAt);
  until.setUTCMonth(until.getUTCMonth() + SOA_VALID_MONTHS);
  return until;
};

/** What exists, what is missing and what expires soon, per type; `used` maps an SOA's id to its appointment's time. */
export function statusOf(records: ComplianceRecordView[], now = new Date(), used: ReadonlyMap<string, Date> = new Map()): TypeStatus[] {
  const rescinded = new Set(records.filter((r) => r.kind === 'rescission').map((r) => r.amends));
  const corrected = new Set(records.filter((r) => r.kind === 'correction').map((r) => r.amends));
  return COMPLIANCE_TYPES.map((type) => {
    const live = records.filter(
      (r) => r.type === type && r.kind !== 'rescission' && !rescinded.has(r.recordId) && !corrected.has(r.recordId),
    );
    if (type !== 'medicare-soa') return { type, current: live[0] ?? null, validUntil: null, expiresSoon: false, lastUsedAt: null };
    // A correction of an SOA takes its place and its use: the original's use counts for the correction too.
    const usedAt = (r: ComplianceRecordView) => used.get(r.recordId) ?? (r.amends ? used.get(r.amends) : undefined);
    const current = live.find((r) => soaValidUntil(r) > now && !usedAt(r)) ?? null;
    const validUntil = current ? soaValidUntil(current) : null;
    const expiresSoon = Boolean(validUntil && validUntil.getTime() - now.getTime() < SOON_MS);
    const lastUse = current ? undefined : live.map(usedAt).find(Boolean);
    return { type, current, validUntil, expiresSoon, lastUsedAt: lastUse ?? null };
  });
}
