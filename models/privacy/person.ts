// A person's data on request (issue 25, admins): everything held about an email or phone found by the
// stored plain keys (the leads' and customers' email and phone digits; the suppression list's hashes),
// never by decrypting every record; exported as one JSON document; erased by de-identifying the leads
// (through models/leads/) and customers, renaming their activity, dropping their queued notices. The
// suppression entries, any consent record on the lead, the compliance records (docs/compliance.md) and the
// request's own record stay.
import { CustomerModel, type CustomerRecord } from '../customer.ts';
import { leadRecordWithCustomer } from '../lead-changes.ts';
import { ERASED_NAME, erasedEmail, eraseLeadPerson, findLeadRecords, type LeadRecord } from '../leads/index.ts';
import { activityAbout, renameInActivity } from '../activity.ts';
import { OutboxModel } from '../outbox.ts';
import { CUSTOMER_SEALED, openFields } from '../sealed-fields.ts';
import { openText } from '../../server/field-crypto.ts';
import { notFound } from '../../server/errors.ts';
import { contactKeys, entriesOfKeys, hashIds } from './suppression-store.ts';
import { recordRequest } from './requests.ts';
import { complianceRecordsOf, eraseSignRequests } from '../compliance/index.ts';

export interface PersonQuery {
  email?: string;
  phone?: string;
}

/** The leads and customers with this email or phone: equality on stored keys, in the database. */
async function holdings(q: PersonQuery) {
  const keys = contactKeys(q.email, q.phone);
  const email = keys.find((k) => k.startsWith('email:'))?.slice(6);
  const digits = keys.find((k) => k.startsWith('phone:'))?.slice(6);
  // Older leads kept a US number's country code in their digits.
  const phones = digits ? [digits, ...(digits.length === 10 ? [`1${digits}`] : [])] : [];
  const or = [...(email ? [{ email }] : []), ...phones.map((phoneDigits) => ({ phoneDigits }))];
  if (!or.length) return { keys, leads: [] as LeadRecord[], customers: [] as CustomerRecord[] };
  const [leadRows, customerRows] = await Promise.all([
    Promise.all(or.map((f) => findLeadRecords(f))),
    Promise.all(or.map((f) => CustomerModel.find(f).lean<CustomerRecord[]>())),
  ]);
  const unique = <T extends { _id: unknown }>(rows: T[][]) => [...new Map(rows.flat().map((r) => [String(r._id), r])).values()];
  const [leads, customers] = [unique(leadRows), unique(customerRows)];
  // The other email or phone of what was found belongs to the person too (their do-not-contact entries).
  const all = [...keys, ...[...leads, ...customers].flatMap((r) => contactKeys(r.email, r.phoneDigits))];
  return { keys: [...new Set(all)], leads, customers };
}

const idsOf = (h: Awaited<ReturnType<typeof holdings>>) => ({
  leadIds: h.leads.map((l) => String(l._id)),
  customerIds: h.customers.map((c) => String(c._id)),
});

/** What is held, in counts, for the search's answer (no personal data beyond what was typed). */
export async function findPerson(q: PersonQuery) {
  const h = await holdings(q);
  const ids = idsOf(h);
  const [activity, suppressions, notices] = await Promise.all([
    activityAbout(ids),
    entriesOfKeys(h.keys),
    OutboxModel.countDocuments({ leadId: { $in: ids.leadIds } }),
  ]);
  return {
    leads: h.leads.map((l) => ({ leadId: String(l._id), name: l.name, status: l.status, createdAt: l.createdAt })),
    customers: h.customers.map((c) => ({ customerId: String(c._id), name: c.name, createdAt: c.createdAt })),
    activityEntries: activity.length,
    suppressions: suppressions.map((s) => ({ kind: s.kind, active: s.active, at: s.at })),
    queuedNotices: notices,
  };
}

/** Everything held about the person, as one JSON-ready document; the request is recorded. */
export async function exportPerson(q: PersonQuery, by: string): Promise<PersonExport> {
  const h = await holdings(q);
  if (!h.leads.length && !h.customers.length) throw notFound('Nothing is held about that email or phone.');
  const ids = idsOf(h);
  const [records, activity, suppressions, notices] = await Promise.all([
    Promise.all(ids.leadIds.map((id) => leadRecordWithCustomer(id))),
    activityAbout(ids),
    entriesOfKeys(h.keys),
    OutboxModel.find({ leadId: { $in: ids.leadIds } }).lean(),
  ]);
  const leads = h.leads.map((l, i) => {
    const { countMark: _mark, __v: _v, ...rest } = l as LeadRecord & { __v?: number };
    // Every stored field (a consent record among them), the notes opened, and the lead's timeline.
    return { ...rest, _id: String(l._id), notes: openText(l.notes ?? ''), timeline: records[i]!.timeline };
  });
  const customers = h.customers.map((c) => ({ ...openFields(c, CUSTOMER_SEALED), _id: String(c._id) }));
  await recordRequest(
    'export',
    by,
    h.keys.flatMap((k) => hashIds(k).slice(0, 1)),
    {
      leads: leads.length,
      customers: customers.length,
      activityEntries: activity.length,
    },
  );
  // Plain JSON (ids as text, times as ISO strings): the file the person receives.
  return JSON.parse(
    JSON.stringify({
      exportedAt: new Date(),
      query: q,
      leads,
      customers,
      activity: activity.map((a) => ({ at: a.timestamp, by: a.user, action: a.action, details: a.details })),
      doNotContact: suppressions.map((s) => ({
        kind: s.kind,
        active: s.active,
        at: s.at,
        by: s.by,
        reason: s.reason,
        lifted: s.lifted ?? null,
      })),
      queuedNotices: notices.map((n) => ({ kind: n.kind, channel: n.channel, dueAt: n.dueAt })),
    }),
  ) as PersonExport;
}

/** The downloaded file's shape, as plain JSON. */
export interface PersonExport {
  exportedAt: string;
  query: PersonQuery;
  leads: ({ _id: string; name: string; email: string; phone: string; notes: string; timeline: unknown[] } & Record<string, unknown>)[];
  customers: ({ _id: string; name: string; medicalHistory?: string; medications?: string } & Record<string, unknown>)[];
  activity: { at: string; by: string; action: string; details: Record<string, unknown> }[];
  doNotContact: { kind: string; active: boolean; at: string; by: string; reason: string; lifted: unknown }[];
  queuedNotices: { kind: string; channel: string; dueAt: string }[];
}

/** The fields of a customer an erasure clears (by name: any other field stays). */
const erasedCustomer = (id: string) => ({
  name: ERASED_NAME,
  email: erasedEmail(id),
  phone: '',
  phoneDigits: '',
  notes: '',
  medicalHistory: '',
  medications: '',
  preferredDoctor: '',
  kidsAges: '',
});

/** Erases the person: answers what was done (also kept in the request's record). */
export async function erasePerson(q: PersonQuery, by: string) {
  const h = await holdings(q);
  if (!h.leads.length && !h.customers.length) throw notFound('Nothing is held about that email or phone.');
  const ids = idsOf(h);
  for (const id of ids.leadIds) await eraseLeadPerson(id);
  await Promise.all(ids.customerIds.map((id) => CustomerModel.updateOne({ _id: id }, { $set: erasedCustomer(id) })));
  const [activityEntries, notices, complianceRecords] = await Promise.all([
    renameInActivity(ids, ERASED_NAME),
    OutboxModel.deleteMany({ leadId: { $in: ids.leadIds } }),
    // Kept: another law requires them (docs/compliance.md); the report lists them.
    complianceRecordsOf(ids),
    eraseSignRequests(ids, ERASED_NAME),
  ]);
  const counts = {
    leads: ids.leadIds.length,
    customers: ids.customerIds.length,
    activityEntries,
    noticesDropped: notices.deletedCount,
    complianceRecordsKept: complianceRecords.length,
  };
  await recordRequest(
    'erase',
    by,
    h.keys.flatMap((k) => hashIds(k).slice(0, 1)),
    counts,
  );
  return { ...counts, complianceRecords };
}
