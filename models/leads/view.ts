// A lead as the console and the API show it (schemas/lead.ts LeadView): notes opened, overdue worked out.
import type { CallOutcome, LeadStatus, LeadView } from '../../schemas/lead.ts';
import { openText } from '../../server/field-crypto.ts';
import { consentSummary } from './consent.ts';
import { recentCallTimes } from './recent-calls.ts';
import { isOverdue } from './rules.ts';
import type { LeadRecord } from './schema.ts';

/** What a list of leads leaves out: the duplicate-detection and sort keys, and the consent proof only the record shows. */
export const LIST_PROJECTION = { phoneDigits: 0, nameKey: 0, __v: 0, 'consent.text': 0, 'consent.ip': 0, 'consent.userAgent': 0 } as const;

export function toLeadView(lead: LeadRecord, now = Date.now()): LeadView {
  const status = lead.status as LeadStatus;
  return {
    leadId: String(lead._id),
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    notes: openText(lead.notes ?? ''),
    status,
    claimedBy: lead.claimedBy ?? null,
    claimedAt: lead.claimedAt ?? null,
    contactedAt: lead.contactedAt ?? null,
    createdAt: lead.createdAt,
    timestamp: lead.createdAt,
    source: (lead.source as 'website' | 'admin') ?? 'website',
    duplicateOf: lead.duplicateOf ? String(lead.duplicateOf) : null,
    overdue: isOverdue({ status, contacted: Boolean(lead.contactedAt), createdAt: lead.createdAt.getTime() }, now),
    followUpAt: lead.followUpAt ?? null,
    lastCall: lead.lastCall?.at
      ? { at: lead.lastCall.at, outcome: lead.lastCall.outcome as CallOutcome, by: lead.lastCall.by ?? '' }
      : null,
    recentCalls: recentCallTimes(lead.recentCalls, now),
    region: lead.region?.timeZones
      ? { state: lead.region.state ?? null, timeZones: [...lead.region.timeZones], from: lead.region.from as 'phone' | 'address' }
      : null,
    consent: consentSummary(lead.consent),
  };
}
