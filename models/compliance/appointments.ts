// The Scope of Appointment rule on logging a call (docs/compliance.md): a Medicare appointment needs a valid SOA
// (signed, within 12 months, not rescinded, not used by an earlier appointment); without one the caller gives a
// reason, which the call's note keeps. The appointment uses the SOA it relied on: a use entry, never an edit.
import { conflict, isDuplicateKey } from '../../server/errors.ts';
import { recordsOf, resolveSubject, statusOf, subjectFilter, type Subject } from './records.ts';
import { SoaUseModel } from './schema.ts';

export const SOA_NEEDS_REASON =
  'No valid Scope of Appointment is on file for this person. Give a reason to log the Medicare appointment anyway.';

/** The SOAs of a subject used by their appointments, by record id, with when. */
export async function soaUsesOf(s: Pick<Subject, 'leadId' | 'customerId'>): Promise<Map<string, Date>> {
  const rows = await SoaUseModel.find(subjectFilter(s)).lean();
  return new Map(rows.map((u) => [u.soaRecordId, u.usedAt]));
}

/** Claims the SOA for this appointment; false when another appointment claimed it first. */
async function claimSoa(soaRecordId: string, subject: Subject, by: string, at: Date): Promise<boolean> {
  try {
    await SoaUseModel.create({ soaRecordId, leadId: subject.leadId, customerId: subject.customerId, usedAt: at, by });
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/**
 * Logs a Medicare appointment through `log`, given the line its note starts with: the SOA it relied on (now
 * used), or the reason there was none (409 without a reason). The SOA is claimed before the call is written, so
 * two appointments at once cannot both rely on it; a call that is then refused gives the claim back.
 */
export async function logWithSoa<T>(
  leadId: string,
  reason: string | undefined,
  by: string,
  log: (soaNote: string) => Promise<T>,
): Promise<T> {
  const subject = await resolveSubject({ leadId });
  const [records, used] = await Promise.all([recordsOf(subject), soaUsesOf(subject)]);
  const soa = statusOf(records, new Date(), used).find((s) => s.type === 'medicare-soa')!.current;
  const claimed = soa ? await claimSoa(soa.recordId, subject, by, new Date()) : false;
  if (!claimed && !reason) throw conflict(SOA_NEEDS_REASON);
  const note = claimed
    ? `Medicare appointment (Scope of Appointment signed ${soa!.signedAt.toISOString().slice(0, 10)}).`
    : `Medicare appointment without a valid Scope of Appointment. Reason: ${reason}`;
  try {
    return await log(note);
  } catch (err) {
    // The appointment was not logged: the SOA was not used. The only place a use entry is removed.
    if (claimed) await SoaUseModel.collection.deleteOne({ soaRecordId: soa!.recordId });
    throw err;
  }
}
