// The lead form's check in the browser by the very schema POST /api/referral applies (schemas/lead.ts),
// loaded on demand (lead-form-submit.ts): zod and the phone rules stay out of the page's first script.
import { referralInput } from '../../../schemas/lead.ts';
import { fieldErrorsOf, type LeadFormErrors, type LeadFormValues } from '../../../schemas/lead-form.ts';

/** The reason beside each field the server would refuse; empty when it would take the form. */
export function checkLeadForm(values: LeadFormValues): LeadFormErrors {
  const parsed = referralInput.safeParse(values);
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
}
