// A person's access copy (schemas/access-copy.ts): every record held about them (leads with their
// timelines, calls, follow-ups and consent, do-not-contact entries, customers with their medical details,
// policies, who read those details, activity, queued notices) mapped field by field into plain names, so
// nothing internal (database ids, counters, lookup keys, hashes) reaches the person. The request is recorded.
import type {
  AccessCopy,
  AccessCopyCall,
  AccessCopyConsent,
  AccessCopyCustomer,
  AccessCopyDoNotContact,
  AccessCopyFollowUp,
  AccessCopyLead,
  AccessCopyPolicy,
} from '../../schemas/access-copy.ts';
import { POLICY_LINE_LABELS, type PolicyLine } from '../../schemas/policy.ts';
import { dollarsText } from '../../schemas/policy-rules.ts';
import type { LeadRecordView } from '../../schemas/lead.ts';
import { leadRecordWithCustomer, type CustomerRecord } from '../customers';
import { activityAbout } from '../activity';
import { medicalReadsOf } from '../audit';
import { OutboxModel } from '../outbox';
import { PolicyModel } from '../policies';
import { CUSTOMER_SEALED, openFields } from '../keys';
import { notFound } from '../../server/errors.ts';
import { entriesOfKeys, hashIds, type SuppressionDoc } from './suppression-store.ts';
import { holdings, idsOf, type PersonQuery } from './holdings.ts';
import { recordRequest } from './requests.ts';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

function leadOf(r: LeadRecordView, firstTouch: LeadRecordView['firstTouch']): AccessCopyLead {
  const l = r.lead;
  return {
    leadId: l.leadId,
    name: l.name,
    email: l.email,
    phone: l.phone,
    status: l.status,
    receivedAt: iso(l.createdAt)!,
    source: l.source,
    agent: l.claimedBy,
    claimedAt: iso(l.claimedAt),
    firstContactedAt: iso(l.contactedAt),
    state: l.region?.state ?? null,
    notes: l.notes,
    cameFrom: firstTouch
      ? {
          landingPage: firstTouch.landingPage,
          referrer: firstTouch.referrerHost,
          campaign: [firstTouch.utmSource, firstTouch.utmMedium, firstTouch.utmCampaign].filter(Boolean).join(' / ') || null,
        }
      : null,
    timeline: r.timeline.map((e) => ({
      at: iso(e.at)!,
      what: e.kind,
      by: e.user,
      ...(e.status ? { status: e.status } : {}),
      ...(e.outcome ? { outcome: e.outcome } : {}),
      ...(e.note ? { note: e.note } : {}),
      ...(e.followUpAt !== undefined ? { followUpAt: iso(e.followUpAt) } : {}),
    })),
  };
}

function callsOf(r: LeadRecordView): AccessCopyCall[] {
  return r.timeline
    .filter((e) => e.kind === 'call')
    .map((e) => ({ leadId: r.lead.leadId, at: iso(e.at)!, by: e.user, outcome: e.outcome ?? '', note: e.note ?? '' }));
}

function followUpsOf(r: LeadRecordView): AccessCopyFollowUp[] {
  return r.timeline
    .filter((e) => e.followUpAt)
    .map((e) => ({ leadId: r.lead.leadId, dueAt: iso(e.followUpAt)!, setBy: e.user, setAt: iso(e.at)! }));
}

function consentOf(r: LeadRecordView): AccessCopyConsent[] {
  const c = r.consentRecord;
  if (!c) return [];
  return [
    {
      leadId: r.lead.leadId,
      given: c.given,
      at: iso(c.at)!,
      text: c.text,
      version: c.version,
      covers: [...c.covers],
      ipAddress: c.ip,
      browser: c.userAgent,
      page: c.pageUrl,
      form: c.formId,
    },
  ];
}

function customerOf(stored: CustomerRecord): AccessCopyCustomer {
  const c = openFields(stored, CUSTOMER_SEALED);
  return {
    customerId: String(c._id),
    name: c.name,
    email: c.email,
    phone: c.phone,
    age: c.age ?? null,
    birthDate: c.birthDate ?? null,
    hasKids: Boolean(c.hasKids),
    kidsCount: c.kidsCount ?? null,
    kidsAges: c.kidsAges ?? '',
    previousInsurance: c.currentInsurance ?? '',
    insuranceProvider: c.insuranceProvider ?? null,
    desiredCoverage: c.desiredCoverage ?? '',
    budgetRange: c.budgetRange ?? null,
    medicalHistory: c.medicalHistory ?? '',
    medications: c.medications ?? '',
    preferredDoctor: c.preferredDoctor ?? '',
    insuranceType: c.insuranceType,
    planType: c.planType,
    employmentStatus: c.employmentStatus ?? null,
    annualIncome: c.annualIncome ?? null,
    policyStartDate: c.policyStartDate ?? null,
    notes: c.notes ?? '',
    becameCustomerAt: iso(c.createdAt)!,
  };
}

const doNotContactOf = (s: SuppressionDoc): AccessCopyDoNotContact => ({
  of: s.kind,
  active: s.active,
  since: iso(s.at)!,
  recordedBy: s.by,
  recordedFrom: s.via === 'call' ? 'a call' : s.via === 'customer' ? 'the customer card' : 'the lead',
  reason: s.reason,
  lifted: s.lifted ? { at: iso(s.lifted.at)!, by: s.lifted.by, reason: s.lifted.reason } : null,
});

async function policiesOf(customerIds: string[]): Promise<AccessCopyPolicy[]> {
  const rows = customerIds.length
    ? await PolicyModel.find({ customerId: { $in: customerIds } })
        .sort({ createdAt: 1 })
        .lean()
    : [];
  return rows.map((p) => ({
    customerId: String(p.customerId),
    carrier: p.carrier,
    line: POLICY_LINE_LABELS[p.line as PolicyLine] ?? p.line,
    planName: p.planName ?? '',
    policyNumber: p.policyNumber ?? '',
    status: p.status,
    effectiveDate: p.effectiveDate,
    renewalDate: p.renewalDate ?? null,
    premium: dollarsText(p.premiumCents),
    premiumPeriod: p.premiumPeriod,
    writingAgent: p.writingAgent ?? '',
  }));
}

/** Everything held about the person, in plain names; the request is recorded (404 when nothing is held). */
export async function accessCopy(q: PersonQuery, by: string): Promise<AccessCopy> {
  const h = await holdings(q);
  if (!h.leads.length && !h.customers.length) throw notFound('Nothing is held about that email or phone.');
  const ids = idsOf(h);
  const [records, activity, suppressions, notices, policies, medicalReads] = await Promise.all([
    Promise.all(ids.leadIds.map((id) => leadRecordWithCustomer(id))),
    activityAbout(ids),
    entriesOfKeys(h.keys),
    OutboxModel.find({ leadId: { $in: ids.leadIds } }).lean(),
    policiesOf(ids.customerIds),
    medicalReadsOf(ids.customerIds),
  ]);
  const copy: AccessCopy = {
    preparedAt: new Date().toISOString(),
    askedAbout: { ...(q.email ? { email: q.email } : {}), ...(q.phone ? { phone: q.phone } : {}) },
    leads: records.map((r) => leadOf(r, r.firstTouch)),
    calls: records.flatMap(callsOf),
    followUps: records.flatMap(followUpsOf),
    consent: records.flatMap(consentOf),
    doNotContact: suppressions.map(doNotContactOf),
    customers: h.customers.map(customerOf),
    policies,
    medicalReads: medicalReads.map((m) => ({ ...m, at: iso(m.at)! })),
    activity: activity.map((a) => ({
      at: iso(a.timestamp)!,
      by: a.user,
      action: a.action,
      ...(a.details?.newStatus ? { status: a.details.newStatus } : {}),
      ...(a.details?.outcome ? { outcome: a.details.outcome } : {}),
    })),
    queuedNotices: notices.map((n) => ({ kind: n.kind, channel: n.channel, dueAt: iso(n.dueAt)! })),
  };
  await recordRequest(
    'export',
    by,
    h.keys.flatMap((k) => hashIds(k).slice(0, 1)),
    { leads: copy.leads.length, customers: copy.customers.length, policies: policies.length, activityEntries: activity.length },
  );
  return copy;
}
