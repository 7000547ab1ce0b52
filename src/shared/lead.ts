// Lead schemas and option lists, shared by the forms, the procedures, the REST adapters and the model.
import { z } from 'zod';

export const LEAD_STATUSES = ['unclaimed', 'called', 'follow-up', 'quoted', 'closed', 'lost'] as const;
export const leadStatus = z.enum(LEAD_STATUSES);
export type LeadStatus = z.infer<typeof leadStatus>;

/** Statuses an agent can pick from the dropdown of a claimed lead (SPEC.md §4). */
export const WORKING_STATUSES = ['called', 'follow-up', 'quoted', 'closed', 'lost'] as const;

export const digitsOf = (phone: string) => phone.replace(/\D/g, '');

export const personName = z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
export const emailAddress = z.string().trim().toLowerCase().max(254, 'Email must be at most 254 characters').pipe(z.email('Enter a valid email address'));
export const phoneNumber = z
  .string()
  .trim()
  .min(1, 'Phone is required')
  .max(30, 'Phone must be at most 30 characters')
  .refine((p) => /^[0-9+().\-\s]+$/.test(p), 'Phone may contain only digits, spaces and + ( ) . -')
  .refine((p) => {
    const n = digitsOf(p).length;
    return n >= 7 && n <= 15;
  }, 'Phone must have 7 to 15 digits');

export const NOTES_MAX = 5000;
export const leadNotes = z.string().max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`);

/** The public contact form (SPEC.md §3): name, email, phone. */
export const referralInput = z.object({
  name: personName,
  email: emailAddress,
  phone: phoneNumber,
});
export type ReferralInput = z.infer<typeof referralInput>;
