// A lead's record (docs/product.md §10): the lead, its timeline, its possible duplicates and the
// customer made from it, each read by key or by top-level equality.
import type { LeadRecordView, LeadStatus } from '../../schemas/lead.ts';
import { findLead } from './lead.ts';
import { toLeadView } from './view.ts';
import { LeadModel, type LeadRecord } from './schema.ts';
import { readTimeline } from './timeline.ts';
import { consentRecordView } from './consent.ts';
import { phoneKey } from '../../schemas/phone.ts';
import { leadSourceOf } from '../../schemas/first-touch.ts';

export const DUPLICATES_MAX = 20;

type DuplicateRow = Pick<LeadRecord, '_id' | 'name' | 'status' | 'createdAt'>;

/** Other leads from the same email or phone, newest first: two equality queries, merged. */
async function duplicatesOf(lead: LeadRecord): Promise<LeadRecordView['duplicates']> {
  const query = (filter: Record<string, string>) =>
    LeadModel.find(filter) // equality alone: the embedded engine filters by it in the database
      .sort({ createdAt: -1 })
      .limit(DUPLICATES_MAX + 1)
      .select({ name: 1, status: 1, createdAt: 1 })
      .lean<DuplicateRow[]>();
  // Older leads kept a US number's country code in their digits ("1303…"): both forms are the same phone.
  const key = phoneKey(lead.phoneDigits ?? '');
  const phones = key ? [key, ...(key.length === 10 ? [`1${key}`] : [])] : [];
  const found = await Promise.all([query({ email: lead.email }), ...phones.map((phoneDigits) => query({ phoneDigits }))]);
  const unique = new Map(found.flat().map((l) => [String(l._id), l]));
  unique.delete(String(lead._id));
  return [...unique.values()]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, DUPLICATES_MAX)
    .map((l) => ({ leadId: String(l._id), name: l.name, createdAt: l.createdAt, status: l.status as LeadStatus }));
}

/** A lead's record without its customer, which models/customers/lead-record.ts adds (customers sit above leads). */
export async function getLeadRecord(leadId: string): Promise<Omit<LeadRecordView, 'customerId'>> {
  const lead = await findLead(leadId);
  const [timeline, duplicates] = await Promise.all([readTimeline(lead), duplicatesOf(lead)]);
  const touch = lead.firstTouch;
  const firstTouch = touch
    ? {
        landingPage: touch.landingPage ?? null,
        referrerHost: touch.referrerHost ?? null,
        utmSource: touch.utmSource ?? null,
        utmMedium: touch.utmMedium ?? null,
        utmCampaign: touch.utmCampaign ?? null,
      }
    : null;
  return {
    lead: toLeadView(lead),
    timeline,
    duplicates,
    firstTouch,
    sourceLabel: leadSourceOf(firstTouch, lead.source === 'admin' ? 'admin' : 'website'),
    consentRecord: consentRecordView(lead.consent),
  };
}
