// Do-not-contact and privacy-request inputs and views, shared by the console, the procedures and the model.
import { z } from 'zod';
import { stripControlsKeepLines } from './text.ts';

export const SUPPRESSION_REASON_MAX = 500;

const reasonText = z
  .string()
  .overwrite(stripControlsKeepLines)
  .trim()
  .max(SUPPRESSION_REASON_MAX, `The reason must be at most ${SUPPRESSION_REASON_MAX} characters`);

const objectId = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^[0-9a-f]{24}$/i, `${what} is not a valid id`);

/** Marking a person "do not contact", from one of their leads or customers; the reason is optional. */
export const doNotContactInput = z
  .strictObject({
    leadId: objectId('leadId').optional(),
    customerId: objectId('customerId').optional(),
    reason: reasonText.default(''),
  })
  .refine((v) => Boolean(v.leadId) !== Boolean(v.customerId), { message: 'Give either a leadId or a customerId' });
export type DoNotContactInput = z.infer<typeof doNotContactInput>;

/** Lifting it (admins only): a reason is required. */
export const liftDoNotContactInput = z
  .strictObject({
    leadId: objectId('leadId').optional(),
    customerId: objectId('customerId').optional(),
    reason: reasonText.pipe(z.string().min(3, 'Say why the person may be contacted again')),
  })
  .refine((v) => Boolean(v.leadId) !== Boolean(v.customerId), { message: 'Give either a leadId or a customerId' });
export type LiftDoNotContactInput = z.infer<typeof liftDoNotContactInput>;

/** What the console shows of a person's do-not-contact mark. */
export interface DoNotContactView {
  /** When they asked. */
  since: Date;
  /** Who recorded it. */
  by: string;
  reason: string;
}

/** A privacy request names the person by email, phone or both (at least one). */
export const personQueryInput = z
  .strictObject({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address')).optional(),
    phone: z
      .string()
      .trim()
      .max(30, 'Phone must be at most 30 characters')
      .refine((p) => /^[0-9+().\-\s]+$/.test(p) && p.replace(/\D/g, '').length >= 7, 'Enter a phone number of 7 to 15 digits')
      .optional(),
  })
  .refine((v) => Boolean(v.email || v.phone), { message: 'Give an email or a phone' });
export type PersonQueryInput = z.infer<typeof personQueryInput>;

/** Erasing needs the word typed, so it never happens by a slip. */
export const ERASE_CONFIRMATION = 'ERASE';
export const eraseInput = z.strictObject({
  person: personQueryInput,
  confirm: z.literal(ERASE_CONFIRMATION, { error: `Type ${ERASE_CONFIRMATION} to confirm` }),
});
