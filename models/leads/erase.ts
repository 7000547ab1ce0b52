// A person's erasure on request (README.md, Contact rules; models/privacy/erase.ts): the lead keeps its status, holder,
// dates, region, last call and any consent record, and loses the name, email, phone and notes (one
// conditional write of the lead), its duplicate keys and the notes of its timeline.
import mongoose from 'mongoose';
import { findLead } from './lead.ts';
import { changeLead } from './write.ts';
import { leadKeys, releaseLeadKeys } from './keys.ts';
import type { TimelineEntry } from '../../schemas/lead.ts';

/** What an erased person's leads and customers are called. */
export const ERASED_NAME = 'Erased person';
/** The placeholder address of an erased lead or customer: unique, and never deliverable (.invalid). */
export const erasedEmail = (id: string) => `erased-${id}@erased.invalid`;

const timelines = () => mongoose.connection.collection<{ _id: mongoose.Types.ObjectId; entries: TimelineEntry[] }>('lead_timelines');

/** De-identifies one lead (the fields named here only: any other field, such as a consent record, stays). */
export async function eraseLeadPerson(leadId: string): Promise<void> {
  const lead = await findLead(leadId);
  const set = { name: ERASED_NAME, email: erasedEmail(leadId), phone: '', phoneDigits: '', notes: '' };
  for (let tries = 0; tries < 5; tries++) {
    const current = tries ? await findLead(leadId) : lead;
    if (await changeLead({ _id: current._id, status: current.status, claimedBy: current.claimedBy ?? null }, set)) break;
  }
  await releaseLeadKeys(lead._id, leadKeys(lead.email, lead.phoneDigits));
  // Timeline notes (call notes, notes changes) may name the person: dropped, the entries themselves stay.
  const doc = await timelines().findOne({ _id: lead._id });
  if (doc?.entries.some((e) => e.note !== undefined)) {
    const entries = doc.entries.map(({ note: _note, ...rest }) => rest);
    await timelines().updateOne({ _id: lead._id }, { $set: { entries } });
  }
}
