// The Scope of Appointment rule on logging a call (docs/compliance.md): a Medicare appointment needs a valid SOA
// (signed, within 12 months, not rescinded); without one the caller gives a reason, which the call's note keeps.
import { conflict } from '../../server/errors.ts';
import { recordsOf, resolveSubject, statusOf } from './records.ts';

export const SOA_NEEDS_REASON =
  'No valid Scope of Appointment is on file for this person. Give a reason to log the Medicare appointment anyway.';

/** The line the call's note starts with: the SOA it relied on, or the reason there was none. */
export async function soaNoteForAppointment(leadId: string, reason: string | undefined): Promise<string> {
  const subject = await resolveSubject({ leadId });
  const soa = statusOf(await recordsOf(subject)).find((s) => s.type === 'medicare-soa')!;
  if (soa.current) return `Medicare appointment (Scope of Appointment signed ${soa.current.signedAt.toISOString().slice(0, 10)}).`;
  if (!reason) throw conflict(SOA_NEEDS_REASON);
  return `Medicare appointment without a valid Scope of Appointment. Reason: ${reason}`;
}
