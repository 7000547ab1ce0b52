// The public lead form's submission: the referral fields, a honeypot that people never see, and the
// visit's first touch (optional).
import { z } from 'zod';
import { referralInput } from './lead.ts';
import { HONEYPOT_FIELD } from './public.ts';
import { firstTouchInput } from './first-touch.ts';

export { HONEYPOT_FIELD, PUBLIC_PAGES } from './public.ts';

export const referralSubmission = referralInput.extend({
  [HONEYPOT_FIELD]: z.string().max(2000).optional(),
  /** Where the visit that sent the form came from (schemas/first-touch.ts); other callers send none. */
  attribution: firstTouchInput.optional(),
});
export type ReferralSubmission = z.infer<typeof referralSubmission>;

/** CONTRACT.md: POST /api/referral answers 201 { success: true, leadId }. */
export interface ReferralResult {
  success: true;
  leadId: string;
}
