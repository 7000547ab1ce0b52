// Do-not-contact and privacy-request inputs and views, shared by the console, the procedures and the model.
import { z } from 'zod';
import { stripControlsKeepLines } from './lead.ts';

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
