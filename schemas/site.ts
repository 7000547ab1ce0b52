// The public lead form's submission: the referral fields, the consent box with where it was shown,
// the visit's first touch (optional), and a honeypot that people never see.
import { z } from 'zod';
import { referralInput } from './lead.ts';
import { HONEYPOT_FIELD } from './public.ts';
import { firstTouchInput } from './first-touch.ts';
import { CONSENT_FORM_ID, CONSENT_PAGE_PATTERN, CONSENT_PAGE_URL_MAX } from './consent.ts';

export { HONEYPOT_FIELD, PUBLIC_PAGES } from './public.ts';

/**
 * The page the form was sent from, as a path of this site ("/contact?from=ad"): a leading slash,
 * no second one (that would name another host), printable characters only.
 */
export const consentPageUrl = z
  .string()
  .max(CONSENT_PAGE_URL_MAX, `pageUrl must be at most ${CONSENT_PAGE_URL_MAX} characters`)
  .regex(CONSENT_PAGE_PATTERN, 'pageUrl must be a path of this site, such as /contact');

export const referralSubmission = referralInput.extend({
  [HONEYPOT_FIELD]: z.string().max(2000).optional(),
  /** Where the visit that sent the form came from (schemas/first-touch.ts); other callers send none. */
  attribution: firstTouchInput.optional(),
  /** The form's box for automated calls and texts (docs/api.md): absent means false. */
  consent: z.boolean().optional(),
  pageUrl: consentPageUrl.optional(),
  formId: z.enum([CONSENT_FORM_ID]).optional(),
});
export type ReferralSubmission = z.infer<typeof referralSubmission>;

/** docs/api.md: POST /api/referral answers 201 { success: true, leadId }. */
export interface ReferralResult {
  success: true;
  leadId: string;
}
