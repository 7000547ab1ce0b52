// A person's data on request (admins): what is held about an email or phone, in counts and names, found
// by the stored plain keys (holdings.ts), never by decrypting every record. The access copy is
// access-copy.ts; the erasure erase.ts.
import { activityAbout } from '../activity';
import { OutboxModel } from '../outbox';
import { PolicyModel } from '../policies';
import { entriesOfKeys } from './suppression-store.ts';
import { holdings, idsOf, type PersonQuery } from './holdings.ts';

/** What is held, in counts, for the search's answer (no personal data beyond what was typed). */
export async function findPerson(q: PersonQuery) {
  const h = await holdings(q);
  const ids = idsOf(h);
  const [activity, suppressions, notices, policies] = await Promise.all([
    activityAbout(ids),
    entriesOfKeys(h.keys),
    OutboxModel.countDocuments({ leadId: { $in: ids.leadIds } }),
    ids.customerIds.length ? PolicyModel.countDocuments({ customerId: { $in: ids.customerIds } }) : 0,
  ]);
  return {
    leads: h.leads.map((l) => ({ leadId: String(l._id), name: l.name, status: l.status, createdAt: l.createdAt })),
    customers: h.customers.map((c) => ({ customerId: String(c._id), name: c.name, createdAt: c.createdAt })),
    policies,
    activityEntries: activity.length,
    suppressions: suppressions.map((s) => ({ kind: s.kind, active: s.active, at: s.at })),
    queuedNotices: notices,
  };
}
