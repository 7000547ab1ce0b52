// A person's erasure on request: every lead and customer with their email or phone is de-identified, their
// policies keep only what the reports need, every free text tied to them goes (notes, call notes, the
// reasons of their do-not-contact entries and of reads of their medical details), the activity and audit
// entries stop naming them, their queued notices are dropped, and the embedded database's log is truncated
// so the erased text is in no file (server/free-pages.ts). What the law makes the brokerage keep stays, and
// the answer says what and why (ERASURE_KEPT; README "Do not contact and a person's data on request").
import { CustomerModel } from '../customers';
import { ERASED_NAME, erasedEmail, eraseLeadPerson } from '../leads';
import { renameInActivity } from '../activity';
import { AuditModel } from '../audit';
import { OutboxModel } from '../outbox';
import { PolicyModel } from '../policies';
import { notFound } from '../../server/errors.ts';
import { sealText } from '../../server/field-crypto.ts';
import { overwriteFreedPages } from '../../server/free-pages.ts';
import { clearReasons, hashIds } from './suppression-store.ts';
import { holdings, idsOf, type PersonQuery } from './holdings.ts';
import { recordRequest } from './requests.ts';
import { complianceRecordsOf, eraseSignRequests } from '../compliance';

/** What an erasure keeps, and why: shown with its answer. */
export const ERASURE_KEPT: readonly { what: string; why: string }[] = [
  {
    what: 'Do-not-contact entries: a keyed hash of the email and of the phone, when, by whom, and any lift (their reasons are removed)',
    why: 'The request not to be contacted must still be honoured on every channel, a new form from the same phone or email included, and proved for at least 5 years (TCPA, FCC do-not-call rules).',
  },
  {
    what: 'The consent record of each lead (the text agreed to, when, address, browser, page, form)',
    why: 'Proof of written consent must be kept for at least 5 years (TCPA).',
  },
  {
    what: 'Audit entries of who read their medical details and when (their name and the reasons given are removed)',
    why: 'Access to health information must stay accountable; the audit log is kept whole.',
  },
  {
    what: "Compliance records (ACA consent and application review, Medicare Scope of Appointment) with the signer's typed name and the text signed",
    why: 'CMS and HHS rules require them for 10 years (docs/compliance.md); the report lists them.',
  },
  {
    what: 'The record of this request, naming the person only by keyed hashes',
    why: 'State privacy laws ask for a record of each request and how it was answered, for 24 months.',
  },
  {
    what: 'De-identified leads, customers and policies: statuses, dates to the month, carrier, plan type, premium to the nearest $10',
    why: 'Counts, premium and commission figures keep the dashboard, reports and the books right; nothing in them names the person.',
  },
];

/** A calendar day (YYYY-MM-DD) cut to its month's first day; anything else becomes null. */
const monthOf = (day: unknown) => (typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day.slice(0, 7)}-01` : null);
/** Money in cents to the nearest $10. */
const tenDollars = (cents: number) => Math.round(cents / 1000) * 1000;

/** The fields of a customer an erasure clears or coarsens (by name: any other field stays). */
function erasedCustomer(c: { _id: unknown; age?: number | null; policyStartDate?: string | null }) {
  const id = String(c._id);
  return {
    name: ERASED_NAME,
    email: erasedEmail(id),
    phone: '',
    phoneDigits: '',
    notes: '',
    medicalHistory: '',
    medications: '',
    preferredDoctor: '',
    kidsAges: '',
    currentInsurance: '',
    desiredCoverage: '',
    birthDate: null,
    // An age above 89 is as good as a birth year: such ages are kept as 90.
    age: typeof c.age === 'number' ? Math.min(c.age, 90) : null,
    policyStartDate: monthOf(c.policyStartDate),
  };
}

/** De-identifies the customers' policies: number and plan name go; dates to the month; money to $10. Answers how many. */
async function erasePolicies(customerIds: string[]): Promise<number> {
  const policies = await PolicyModel.find({ customerId: { $in: customerIds } }).lean();
  for (const p of policies) {
    const commission = p.commission as { kind: string; cents?: number } | null;
    await PolicyModel.updateOne(
      { _id: p._id },
      {
        $set: {
          policyNumber: '',
          planName: '',
          effectiveDate: monthOf(p.effectiveDate) ?? p.effectiveDate,
          renewalDate: monthOf(p.renewalDate),
          premiumCents: tenDollars(p.premiumCents),
          commission: commission?.kind === 'amount' ? { ...commission, cents: tenDollars(commission.cents ?? 0) } : commission,
        },
      },
    );
  }
  return policies.length;
}

/** The audit entries about the customers stop naming them, and the reasons given to read them go. */
async function eraseFromAudit(customerIds: string[]): Promise<number> {
  const about = { customerId: { $in: customerIds } };
  const [named] = await Promise.all([
    AuditModel.updateMany(about, { $set: { customerName: ERASED_NAME } }),
    AuditModel.updateMany(
      { ...about, action: 'CUSTOMER_MEDICAL_READ', detail: { $exists: true } },
      { $set: { detail: sealText('Reason removed with the person') } },
    ),
  ]);
  return named.matchedCount;
}

export interface ErasureReport {
  leads: number;
  customers: number;
  policies: number;
  activityEntries: number;
  auditEntries: number;
  doNotContactEntries: number;
  noticesDropped: number;
  complianceRecordsKept: number;
  complianceRecords: Awaited<ReturnType<typeof complianceRecordsOf>>;
  /** The database files hold none of it (false on a MongoDB server, which manages its own storage). */
  freedPagesOverwritten: boolean;
  kept: readonly { what: string; why: string }[];
}

/** Erases the person: answers what was done and what was kept (the counts are kept in the request's record). */
export async function erasePerson(q: PersonQuery, by: string): Promise<ErasureReport> {
  const h = await holdings(q);
  if (!h.leads.length && !h.customers.length) throw notFound('Nothing is held about that email or phone.');
  const ids = idsOf(h);
  for (const id of ids.leadIds) await eraseLeadPerson(id);
  await Promise.all(h.customers.map((c) => CustomerModel.updateOne({ _id: c._id }, { $set: erasedCustomer(c) })));
  const [policies, activityEntries, auditEntries, doNotContactEntries, notices, complianceRecords] = await Promise.all([
    erasePolicies(ids.customerIds),
    renameInActivity(ids, ERASED_NAME),
    eraseFromAudit(ids.customerIds),
    clearReasons(h.keys),
    OutboxModel.deleteMany({ leadId: { $in: ids.leadIds } }),
    // Kept: another law requires them (docs/compliance.md); the report lists them.
    complianceRecordsOf(ids),
    eraseSignRequests(ids, ERASED_NAME),
  ]);
  const counts = {
    leads: ids.leadIds.length,
    customers: ids.customerIds.length,
    policies,
    activityEntries,
    auditEntries,
    doNotContactEntries,
    noticesDropped: notices.deletedCount,
    complianceRecordsKept: complianceRecords.length,
  };
  await recordRequest(
    'erase',
    by,
    h.keys.flatMap((k) => hashIds(k).slice(0, 1)),
    counts,
  );
  const freedPagesOverwritten = await overwriteFreedPages();
  return { ...counts, complianceRecords, freedPagesOverwritten, kept: ERASURE_KEPT };
}
