// Sign requests: an agent prepares a link (a random token, stored only as its hash), the person opens it
// and signs once. Single use without transactions: one atomic update claims the request (docs/compliance.md).
import { createHash, randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { site } from '../../schemas/brokerage.ts';
import type { ComplianceType, Language, SignRequestInput, SignRequestView, SoaProduct } from '../../schemas/compliance.ts';
import { conflict, forbidden, notFound } from '../../server/errors.ts';
import { dayOf, insertRecord, resolveSubject, subjectFilter, type Subject } from './records.ts';
import { SignRequestModel } from './schema.ts';
import { complianceSettings, currentText, renderText, textVersion, type TextFacts } from './texts.ts';

/** 32 random bytes: 256 bits, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

interface RequestDoc {
  _id: mongoose.Types.ObjectId;
  type: ComplianceType;
  leadId: string | null;
  customerId: string | null;
  personName: string;
  personEmail: string;
  scope: string;
  products: SoaProduct[];
  appointmentDate: string | null;
  language: Language;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  recordId: string | null;
}

export const toRequestView = (r: RequestDoc): SignRequestView => ({
  requestId: String(r._id),
  type: r.type,
  personName: r.personName,
  leadId: r.leadId ?? null,
  customerId: r.customerId ?? null,
  products: r.products ?? [],
  appointmentDate: r.appointmentDate ?? null,
  createdBy: r.createdBy,
  createdAt: r.createdAt,
  expiresAt: r.expiresAt,
  usedAt: r.usedAt ?? null,
});

/** Prepares a link; answers the token once (the console shows the link to copy; it is never stored). */
export async function createSignRequest(input: SignRequestInput, agentName: string, now = new Date()) {
  const subject = await resolveSubject(input.subject);
  const { linkHours } = await complianceSettings();
  const token = randomBytes(32).toString('base64url');
  const soa = input.type === 'medicare-soa';
  const doc = await SignRequestModel.create({
    tokenHash: tokenHash(token),
    type: input.type,
    leadId: subject.leadId,
    customerId: subject.customerId,
    personName: subject.name,
    personEmail: subject.email,
    scope: input.scope,
    products: soa ? input.products : [],
    appointmentDate: soa ? (input.appointmentDate ?? null) : null,
    language: input.language,
    createdBy: agentName,
    createdAt: now,
    expiresAt: new Date(now.getTime() + linkHours * 3_600_000),
  });
  return { request: toRequestView(doc.toObject() as RequestDoc), token, subject };
}

export async function requestsOf(s: Pick<Subject, 'leadId' | 'customerId'>): Promise<SignRequestView[]> {
  const rows = await SignRequestModel.find(subjectFilter(s)).sort({ createdAt: -1 }).limit(50).lean<RequestDoc[]>();
  return rows.map(toRequestView);
}

/** My work: the Scopes of Appointment an agent sent that nobody signed yet (expired ones included, to resend). */
export async function unsignedSoasOf(agentName: string): Promise<SignRequestView[]> {
  const rows = await SignRequestModel.find({ createdBy: agentName, type: 'medicare-soa', usedAt: null })
    .sort({ createdAt: -1 })
    .limit(100)
    .lean<RequestDoc[]>();
  return rows.map(toRequestView);
}

/** Withdraws an unsigned link: only whoever prepared it, or an admin. */
export async function cancelSignRequest(requestId: string, actor: { name: string; isAdmin: boolean }, now = new Date()) {
  const doc = mongoose.isValidObjectId(requestId) ? await SignRequestModel.findById(requestId).lean<RequestDoc>() : null;
  if (!doc) throw notFound('Request not found');
  if (doc.createdBy !== actor.name && !actor.isAdmin) throw forbidden('Only whoever prepared this link, or an admin, can withdraw it.');
  const done = await SignRequestModel.updateOne({ _id: doc._id, usedAt: null }, { $set: { usedAt: now, expiresAt: now } });
  if (done.modifiedCount !== 1) throw conflict('This link was already used.');
}

export type OpenedRequest =
  | { state: 'open'; request: RequestDoc }
  | { state: 'used'; request: RequestDoc }
  | { state: 'expired'; request: RequestDoc }
  | { state: 'unknown' };

/** The request a token opens: unknown (tampered), used, expired or open. */
export async function openSignRequest(token: string, now = new Date()): Promise<OpenedRequest> {
  if (!TOKEN_PATTERN.test(token)) return { state: 'unknown' };
  const request = await SignRequestModel.findOne({ tokenHash: tokenHash(token) }).lean<RequestDoc>();
  if (!request) return { state: 'unknown' };
  if (request.usedAt) return { state: 'used', request };
  if (request.expiresAt <= now) return { state: 'expired', request };
  return { state: 'open', request };
}

const factsOf = (r: RequestDoc): TextFacts => ({
  person: r.personName,
  agent: r.createdBy,
  agency: site.name,
  scope: r.scope,
  products: r.products,
  appointmentDate: r.appointmentDate,
  date: dayOf(r.createdAt),
});

/** The text the link shows in a language: the version in force, filled in. */
export async function textForRequest(r: RequestDoc, language: Language) {
  const t = await currentText(r.type, language);
  return { version: t.version, text: renderText(t.body, language, factsOf(r)) };
}

export interface Signature {
  name: string;
  language: Language;
  version: number;
  ip: string;
  userAgent: string;
}

/**
 * Signs: claims the request in one atomic update (a second use, even at the same instant, finds it used),
 * then writes the record with the text version the person saw.
 */
export type SignOutcome =
  | { state: 'unknown' | 'used' | 'expired' | 'stale' }
  | { state: 'signed'; record: Awaited<ReturnType<typeof insertRecord>>; email: string };

export async function signRequest(token: string, sig: Signature, now = new Date()): Promise<SignOutcome> {
  const opened = await openSignRequest(token, now);
  if (opened.state !== 'open') return { state: opened.state };
  const version = await textVersion(opened.request.type, sig.language, sig.version);
  if (!version) return { state: 'stale' };
  const claimed = await SignRequestModel.findOneAndUpdate(
    { _id: opened.request._id, usedAt: null, expiresAt: { $gt: now } },
    { $set: { usedAt: now } },
    { new: true },
  ).lean<RequestDoc>();
  if (!claimed) return { state: 'used' };
  const r = claimed;
  const record = await insertRecord({
    type: r.type,
    kind: 'original',
    subject: { leadId: r.leadId, customerId: r.customerId, name: r.personName },
    agentName: r.createdBy,
    scope: r.scope,
    products: r.products,
    appointmentDate: r.appointmentDate,
    language: sig.language,
    textVersion: version.version,
    text: renderText(version.body, sig.language, factsOf(r)),
    captureMethod: 'signed-link',
    reference: String(r._id),
    signerName: sig.name,
    signedAt: now,
    ip: sig.ip.slice(0, 100),
    userAgent: sig.userAgent.slice(0, 500),
  });
  await SignRequestModel.updateOne({ _id: r._id }, { $set: { recordId: record.recordId } });
  return { state: 'signed', record, email: r.personEmail };
}
