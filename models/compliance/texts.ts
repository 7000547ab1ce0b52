// The versioned texts and the compliance settings (link lifetime, retention per type). A text change adds a
// version and never alters a signed record, which keeps its own copy, version and hash.
import { createHash } from 'node:crypto';
import {
  COMPLIANCE_TYPES,
  DEFAULT_LINK_HOURS,
  DEFAULT_RETENTION_YEARS,
  LANGUAGES,
  SOA_PRODUCT_LABELS,
  type ComplianceSettings,
  type ComplianceSettingsInput,
  type ComplianceType,
  type Language,
  type SoaProduct,
} from '../../schemas/compliance.ts';
import { badRequest, conflict, isDuplicateKey } from '../../server/errors.ts';
import { recordAudit, type AuditActor } from '../audit';
import { DEFAULT_TEXTS } from './default-texts.ts';
import { ComplianceSettingsModel, ComplianceTextModel } from './schema.ts';

export interface TextVersion {
  type: ComplianceType;
  language: Language;
  version: number;
  body: string;
  by: string;
  createdAt: Date | null;
}

const shipped = (type: ComplianceType, language: Language): TextVersion => ({
  type,
  language,
  version: 1,
  body: DEFAULT_TEXTS[type][language],
  by: 'Shipped with the product',
  createdAt: null,
});

/** One version of a text; null when it never existed. */
export async function textVersion(type: ComplianceType, language: Language, version: number): Promise<TextVersion | null> {
  const doc = await ComplianceTextModel.findOne({ type, language, version }).lean();
  if (doc) return { type, language, version, body: doc.body, by: doc.by, createdAt: doc.createdAt };
  return version === 1 ? shipped(type, language) : null;
}

/** The text in force: the highest version. */
export async function currentText(type: ComplianceType, language: Language): Promise<TextVersion> {
  const doc = await ComplianceTextModel.findOne({ type, language }).sort({ version: -1 }).lean();
  return doc ? { type, language, version: doc.version, body: doc.body, by: doc.by, createdAt: doc.createdAt } : shipped(type, language);
}

/** Every version of one text, newest first (the shipped one included while no saved version 1 replaces it). */
export async function textVersions(type: ComplianceType, language: Language): Promise<TextVersion[]> {
  const docs = await ComplianceTextModel.find({ type, language }).sort({ version: -1 }).lean();
  const saved = docs.map((d) => ({ type, language, version: d.version, body: d.body, by: d.by, createdAt: d.createdAt }));
  return saved.some((v) => v.version === 1) ? saved : [...saved, shipped(type, language)];
}

export async function currentTexts(): Promise<TextVersion[]> {
  return Promise.all(COMPLIANCE_TYPES.flatMap((t) => LANGUAGES.map((l) => currentText(t, l))));
}

/** Saves a new version of a text (the next number), audited. */
export async function saveText(type: ComplianceType, language: Language, body: string, actor: AuditActor): Promise<TextVersion> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await currentText(type, language);
    if (current.body === body) throw badRequest('The text is the same as the version in force');
    const version = current.version + 1;
    try {
      await ComplianceTextModel.create({ type, language, version, body, by: actor.name, createdAt: new Date() });
    } catch (err) {
      if (isDuplicateKey(err)) continue;
      throw err;
    }
    await recordAudit(actor, { action: 'OFFICE_SETTING_CHANGED', detail: `compliance text ${type} ${language}: version ${version}` });
    return { type, language, version, body, by: actor.name, createdAt: new Date() };
  }
  throw conflict('Someone else changed this text at the same time. Reload and try again.');
}

export interface TextFacts {
  person: string;
  agent: string;
  agency: string;
  scope: string;
  products: SoaProduct[];
  appointmentDate: string | null;
  date: string;
}

/** The exact text a person reads: the version's body with the request's facts filled in. */
export function renderText(body: string, language: Language, facts: TextFacts): string {
  const products = facts.products.map((p) => `[x] ${SOA_PRODUCT_LABELS[p][language]}`).join('\n');
  const values: Record<string, string> = {
    person: facts.person,
    agent: facts.agent,
    agency: facts.agency,
    scope: facts.scope || '—',
    products: products || '—',
    appointmentDate: facts.appointmentDate ?? '—',
    date: facts.date,
  };
  return body.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

export const hashText = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const SETTINGS_ID = 'compliance';

export async function complianceSettings(): Promise<ComplianceSettings> {
  const doc = await ComplianceSettingsModel.findById(SETTINGS_ID).lean();
  const years = (doc?.retentionYears ?? {}) as Partial<Record<ComplianceType, number>>;
  return {
    linkHours: doc?.linkHours ?? DEFAULT_LINK_HOURS,
    retentionYears: Object.fromEntries(COMPLIANCE_TYPES.map((t) => [t, years[t] ?? DEFAULT_RETENTION_YEARS])) as Record<
      ComplianceType,
      number
    >,
  };
}

export async function updateComplianceSettings(change: ComplianceSettingsInput, actor: AuditActor): Promise<ComplianceSettings> {
  const before = await complianceSettings();
  const set: Record<string, unknown> = {};
  if (change.linkHours !== undefined) set.linkHours = change.linkHours;
  if (change.retentionYears) set.retentionYears = { ...before.retentionYears, ...change.retentionYears };
  if (Object.keys(set).length) await ComplianceSettingsModel.updateOne({ _id: SETTINGS_ID }, { $set: set }, { upsert: true });
  const after = await complianceSettings();
  const detail = `compliance settings: ${JSON.stringify(before)} → ${JSON.stringify(after)}`;
  if (JSON.stringify(before) !== JSON.stringify(after)) await recordAudit(actor, { action: 'OFFICE_SETTING_CHANGED', detail });
  return after;
}
